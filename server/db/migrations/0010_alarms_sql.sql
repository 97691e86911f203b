-- Alarms are mirrored (docs/sync.md, docs/alarms.md): every insert and update draws a sync
-- position, under the same transaction-wide lock as the other mirrored tables (migration 0003).
CREATE TRIGGER "alarms_sync_lock" BEFORE INSERT OR UPDATE ON "alarms"
	FOR EACH STATEMENT EXECUTE FUNCTION "sync_lock"();
--> statement-breakpoint
CREATE TRIGGER "alarms_sync_position" BEFORE INSERT OR UPDATE ON "alarms"
	FOR EACH ROW EXECUTE FUNCTION "sync_position"();
