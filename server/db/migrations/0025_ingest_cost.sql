-- No reader: sync pulls by sync_seq, the API by key, lift and time.
DROP INDEX "messages_updated_at_idx";--> statement-breakpoint
DROP INDEX "device_receipts_received_at_idx";--> statement-breakpoint
CREATE INDEX "device_receipts_received_at_idx" ON "device_receipts" USING brin ("received_at");--> statement-breakpoint
-- A new reading takes its sync position from the column's default (nextval('sync_seq'), migration
-- 0016) instead of a row trigger per reading: the statement-level "messages_sync_lock" still fires
-- before the insert produces its first row, so positions are drawn under the lock as before.
-- Updates (notes, deletes) keep drawing a new position by the trigger.
DROP TRIGGER "messages_sync_position" ON "messages";
--> statement-breakpoint
CREATE TRIGGER "messages_sync_position" BEFORE UPDATE ON "messages"
	FOR EACH ROW EXECUTE FUNCTION "sync_position"();
