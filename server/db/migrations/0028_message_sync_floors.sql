CREATE TABLE "message_sync_floors" (
	"from_at" timestamp with time zone PRIMARY KEY NOT NULL,
	"min_seq" bigint NOT NULL
);
