CREATE TABLE "analytics_codes" (
	"lift_id" uuid NOT NULL,
	"day" date NOT NULL,
	"code" integer NOT NULL,
	"faults" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_codes_lift_id_day_code_pk" PRIMARY KEY("lift_id","day","code")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"lift_id" uuid NOT NULL,
	"day" date NOT NULL,
	"trips" bigint DEFAULT 0 NOT NULL,
	"hours" double precision DEFAULT 0 NOT NULL,
	"faults" integer DEFAULT 0 NOT NULL,
	"repairs" integer DEFAULT 0 NOT NULL,
	"repair_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_lift_id_day_pk" PRIMARY KEY("lift_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_hourly" (
	"lift_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"trips" bigint DEFAULT 0 NOT NULL,
	"hours" double precision DEFAULT 0 NOT NULL,
	"faults" integer DEFAULT 0 NOT NULL,
	"repairs" integer DEFAULT 0 NOT NULL,
	"repair_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_hourly_lift_id_hour_pk" PRIMARY KEY("lift_id","hour")
);
--> statement-breakpoint
CREATE TABLE "analytics_outages" (
	"lift_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "analytics_outages_lift_id_started_at_pk" PRIMARY KEY("lift_id","started_at")
);
--> statement-breakpoint
CREATE TABLE "analytics_state" (
	"lift_id" uuid PRIMARY KEY NOT NULL,
	"trips" bigint,
	"hours" double precision,
	"counted_at" timestamp with time zone,
	"active_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"down_since" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "maintenance_notices" (
	"lift_id" uuid NOT NULL,
	"cycle" text NOT NULL,
	"user_id" uuid NOT NULL,
	"due_on" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_notices_lift_id_cycle_user_id_pk" PRIMARY KEY("lift_id","cycle","user_id")
);
--> statement-breakpoint
CREATE TABLE "maintenance_plans" (
	"lift_id" uuid PRIMARY KEY NOT NULL,
	"every_trips" integer,
	"every_hours" integer,
	"every_months" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lift_id" uuid NOT NULL,
	"visited_on" text NOT NULL,
	"work_done" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"photo_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"trips" bigint DEFAULT 0 NOT NULL,
	"operating_hours" double precision DEFAULT 0 NOT NULL,
	"recorded_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"sync_seq" bigint DEFAULT nextval('sync_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "analytics_codes" ADD CONSTRAINT "analytics_codes_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD CONSTRAINT "analytics_hourly_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_outages" ADD CONSTRAINT "analytics_outages_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_state" ADD CONSTRAINT "analytics_state_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_notices" ADD CONSTRAINT "maintenance_notices_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_notices" ADD CONSTRAINT "maintenance_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_visits" ADD CONSTRAINT "maintenance_visits_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_visits" ADD CONSTRAINT "maintenance_visits_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_codes_day_idx" ON "analytics_codes" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_daily_day_idx" ON "analytics_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_hourly_hour_idx" ON "analytics_hourly" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "analytics_outages_ended_idx" ON "analytics_outages" USING btree ("ended_at");--> statement-breakpoint
CREATE INDEX "maintenance_visits_lift_idx" ON "maintenance_visits" USING btree ("lift_id","visited_on");--> statement-breakpoint
CREATE INDEX "maintenance_visits_sync_seq_idx" ON "maintenance_visits" USING btree ("sync_seq");