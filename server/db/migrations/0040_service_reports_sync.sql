-- Service reports are mirrored with their lift (docs/sync.md): every insert and update draws a sync
-- position, under the same transaction-wide lock as the other mirrored tables (migrations 0003, 0033).
CREATE TRIGGER "service_reports_sync_lock" BEFORE INSERT OR UPDATE ON "service_reports"
	FOR EACH STATEMENT EXECUTE FUNCTION "sync_lock"();
--> statement-breakpoint
CREATE TRIGGER "service_reports_sync_position" BEFORE INSERT OR UPDATE ON "service_reports"
	FOR EACH ROW EXECUTE FUNCTION "sync_position"();
