-- The primary key of "messages" becomes ("year", "id", "at") with the monthly partitioning in the
-- next migration (0016_messages_partitioned.sql), which builds the new table with it once instead
-- of rebuilding the old table's key first (docs/telemetry.md).
CREATE INDEX "device_receipts_received_at_idx" ON "device_receipts" USING btree ("received_at");
