CREATE TABLE "alarm_watched_lifts" (
	"lift_id" uuid PRIMARY KEY NOT NULL,
	"first_heard_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarms" DROP CONSTRAINT "alarms_kind_known";--> statement-breakpoint
ALTER TABLE "alarm_watched_lifts" ADD CONSTRAINT "alarm_watched_lifts_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_kind_known" CHECK ("alarms"."kind" in ('error', 'offline', 'test'));--> statement-breakpoint
-- Lifts heard from before this table: their controllers stay watched for silence.
INSERT INTO "alarm_watched_lifts" ("lift_id", "first_heard_at") SELECT "id", "last_seen_at" FROM "lifts" WHERE "last_seen_at" IS NOT NULL AND "deleted_at" IS NULL;
