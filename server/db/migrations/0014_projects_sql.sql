-- Base data is mirrored (docs/sync.md, docs/base-data.md): every insert and update draws a sync
-- position, under the same transaction-wide lock as the other mirrored tables (migration 0003),
-- exactly as lift_files does (migration 0008).
CREATE TRIGGER "base_entries_sync_lock" BEFORE INSERT OR UPDATE ON "base_entries"
	FOR EACH STATEMENT EXECUTE FUNCTION "sync_lock"();
--> statement-breakpoint
CREATE TRIGGER "base_entries_sync_position" BEFORE INSERT OR UPDATE ON "base_entries"
	FOR EACH ROW EXECUTE FUNCTION "sync_position"();
