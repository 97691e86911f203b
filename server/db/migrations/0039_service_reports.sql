CREATE TABLE "service_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lift_id" uuid NOT NULL,
	"visit_id" uuid,
	"alarm_id" uuid,
	"work_done" text NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"minutes_on_site" integer NOT NULL,
	"photo_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lift_in_service" boolean NOT NULL,
	"signer_name" text NOT NULL,
	"signature_png" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"pdf_file_id" uuid,
	"author_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"sync_seq" bigint DEFAULT nextval('sync_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "service_reports" ADD CONSTRAINT "service_reports_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reports" ADD CONSTRAINT "service_reports_visit_id_maintenance_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."maintenance_visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reports" ADD CONSTRAINT "service_reports_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reports" ADD CONSTRAINT "service_reports_pdf_file_id_lift_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."lift_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reports" ADD CONSTRAINT "service_reports_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_reports_lift_idx" ON "service_reports" USING btree ("lift_id","signed_at");--> statement-breakpoint
CREATE INDEX "service_reports_signed_idx" ON "service_reports" USING btree ("signed_at");--> statement-breakpoint
CREATE INDEX "service_reports_sync_seq_idx" ON "service_reports" USING btree ("sync_seq");