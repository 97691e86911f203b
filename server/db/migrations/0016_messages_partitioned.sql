-- Readings, events and notes ("messages") partitioned by month of "at" (docs/telemetry.md): old
-- months of raw stats readings go by dropping a partition instead of deleting millions of rows, and
-- queries over a time range read only its months. Runs on PostgreSQL and PGlite alike.
--
-- messages_create_partitions(from, to) creates the monthly partitions (UTC months, named
-- messages_pYYYYMM) that cover [from, to) and are missing, and the DEFAULT partition, which takes a
-- reading of a month that has none. Rows of such a month already in the DEFAULT partition move into
-- the new partition. A transaction-wide advisory lock keeps two processes from racing. Answers how
-- many monthly partitions it created. The server calls it at start and daily for the months ahead.
CREATE FUNCTION "messages_create_partitions"("from_at" timestamptz, "to_at" timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
	month_start timestamptz := date_trunc('month', from_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
	month_end timestamptz;
	part_name text;
	created integer := 0;
BEGIN
	PERFORM pg_advisory_xact_lock(7412);
	IF to_regclass('messages_default') IS NULL THEN
		CREATE TABLE "messages_default" PARTITION OF "messages" DEFAULT;
	END IF;
	WHILE month_start < to_at LOOP
		month_end := (((month_start AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC');
		part_name := 'messages_p' || to_char(month_start AT TIME ZONE 'UTC', 'YYYYMM');
		IF to_regclass(part_name) IS NULL THEN
			IF EXISTS (SELECT 1 FROM "messages_default" WHERE "at" >= month_start AND "at" < month_end) THEN
				-- Built beside the table and attached, so that the moved rows keep their sync positions
				-- (the row triggers of "messages" would draw new ones).
				LOCK TABLE "messages_default" IN ACCESS EXCLUSIVE MODE;
				EXECUTE format('CREATE TABLE %I (LIKE "messages" INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part_name);
				EXECUTE format(
					'WITH moved AS (DELETE FROM "messages_default" WHERE "at" >= %L AND "at" < %L RETURNING *) '
					'INSERT INTO %I SELECT * FROM moved', month_start, month_end, part_name);
				EXECUTE format('ALTER TABLE "messages" ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
					part_name, month_start, month_end);
			ELSE
				EXECUTE format('CREATE TABLE %I PARTITION OF "messages" FOR VALUES FROM (%L) TO (%L)',
					part_name, month_start, month_end);
			END IF;
			created := created + 1;
		END IF;
		month_start := month_end;
	END LOOP;
	RETURN created;
END;
$$;
--> statement-breakpoint
ALTER TABLE "messages" RENAME TO "messages_unpartitioned";
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"year" smallint NOT NULL,
	"lift_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"code" integer,
	"active" boolean,
	"floor" integer,
	"trips" bigint,
	"operating_hours" double precision,
	"at" timestamp with time zone NOT NULL,
	"is_notes" boolean DEFAULT false NOT NULL,
	"notes" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"sync_seq" bigint DEFAULT nextval('sync_seq') NOT NULL,
	CONSTRAINT "messages_kind_known" CHECK ("messages"."kind" in ('stats', 'error', 'info'))
) PARTITION BY RANGE ("at");
--> statement-breakpoint
-- Every month that holds a reading, and from last month to three months ahead.
SELECT "messages_create_partitions"(
	least(coalesce((SELECT min("at") FROM "messages_unpartitioned"), now()), now() - interval '1 month'),
	greatest(coalesce((SELECT max("at") FROM "messages_unpartitioned"), now()), now()) + interval '3 months');
--> statement-breakpoint
-- Copied before the triggers exist, so that every row keeps its sync position; indexes after the
-- copy, which is faster than keeping them up to date row by row.
INSERT INTO "messages" ("id", "year", "lift_id", "kind", "code", "active", "floor", "trips",
	"operating_hours", "at", "is_notes", "notes", "version", "updated_at", "deleted_at", "sync_seq")
SELECT "id", "year", "lift_id", "kind", "code", "active", "floor", "trips",
	"operating_hours", "at", "is_notes", "notes", "version", "updated_at", "deleted_at", "sync_seq"
FROM "messages_unpartitioned";
--> statement-breakpoint
DROP TABLE "messages_unpartitioned";
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_year_id_at_pk" PRIMARY KEY ("year", "id", "at");
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id")
	REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "messages_lift_at_idx" ON "messages" USING btree ("lift_id", "at");
--> statement-breakpoint
CREATE INDEX "messages_kind_code_at_idx" ON "messages" USING btree ("kind", "code", "at");
--> statement-breakpoint
CREATE INDEX "messages_updated_at_idx" ON "messages" USING btree ("updated_at");
--> statement-breakpoint
CREATE INDEX "messages_sync_seq_idx" ON "messages" USING btree ("sync_seq");
--> statement-breakpoint
-- The sync triggers of migration 0003, on the partitioned table (they apply to every partition).
CREATE TRIGGER "messages_sync_lock" BEFORE INSERT OR UPDATE ON "messages"
	FOR EACH STATEMENT EXECUTE FUNCTION "sync_lock"();
--> statement-breakpoint
CREATE TRIGGER "messages_sync_position" BEFORE INSERT OR UPDATE ON "messages"
	FOR EACH ROW EXECUTE FUNCTION "sync_position"();
