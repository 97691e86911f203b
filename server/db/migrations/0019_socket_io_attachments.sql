-- Socket.io's PostgreSQL adapter (server/realtime/postgres-adapter.ts, docs/scaling.md) sends each
-- event through NOTIFY; a payload above NOTIFY's 8000 bytes (or binary) waits here, read by the
-- other processes and deleted by the adapter after 30 s. Its own shape, from the adapter's docs.
CREATE TABLE IF NOT EXISTS "socket_io_attachments" (
	"id" bigserial UNIQUE,
	"created_at" timestamptz DEFAULT now(),
	"payload" bytea
);
