CREATE TABLE "sim_topups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"iccid" text NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recipients" jsonb NOT NULL,
	"data_left_mb" double precision
);
--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "iccid_with_luhn" text;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "imsi" text;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "msisdn" text;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "imei" text;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "imei_lock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "status" text DEFAULT 'Enabled' NOT NULL;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "activation_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "ip_address" text;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "current_quota_mb" double precision;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "quota_status" smallint;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "current_quota_sms" integer;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "quota_status_sms" smallint;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "sms_volume" integer;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "sms_total" integer;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "data_expiry_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "last_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "notified_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sim_topups" ADD CONSTRAINT "sim_topups_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sim_topups_iccid_requested_at_idx" ON "sim_topups" USING btree ("iccid","requested_at");--> statement-breakpoint
ALTER TABLE "sims" ADD CONSTRAINT "sims_notified_level_known" CHECK ("sims"."notified_level" in (0, 1, 2));