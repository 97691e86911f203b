-- Inspections and their defects are mirrored (docs/sync.md): every insert and update draws a sync
-- position, under the same transaction-wide lock as the other mirrored tables (migrations 0003, 0012).
CREATE TRIGGER "inspections_sync_lock" BEFORE INSERT OR UPDATE ON "inspections"
	FOR EACH STATEMENT EXECUTE FUNCTION "sync_lock"();
--> statement-breakpoint
CREATE TRIGGER "inspections_sync_position" BEFORE INSERT OR UPDATE ON "inspections"
	FOR EACH ROW EXECUTE FUNCTION "sync_position"();
--> statement-breakpoint
CREATE TRIGGER "defects_sync_lock" BEFORE INSERT OR UPDATE ON "defects"
	FOR EACH STATEMENT EXECUTE FUNCTION "sync_lock"();
--> statement-breakpoint
CREATE TRIGGER "defects_sync_position" BEFORE INSERT OR UPDATE ON "defects"
	FOR EACH ROW EXECUTE FUNCTION "sync_position"();
