CREATE TABLE "line_tests" (
	"lift_id" uuid PRIMARY KEY NOT NULL,
	"tested_at" timestamp with time zone NOT NULL,
	"result" text NOT NULL,
	"last_ok_at" timestamp with time zone,
	CONSTRAINT "line_tests_result_known" CHECK ("line_tests"."result" in ('ok', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "alarms" DROP CONSTRAINT "alarms_kind_known";--> statement-breakpoint
ALTER TABLE "alarm_watched_lifts" ADD COLUMN "line_test_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "line_tests" ADD CONSTRAINT "line_tests_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_kind_known" CHECK ("alarms"."kind" in ('error', 'offline', 'test', 'emergencyCall', 'lineTestOverdue'));