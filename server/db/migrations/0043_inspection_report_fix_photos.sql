-- The inspection body's report and the photos of a defect's fix, both lift files (docs/inspections.md).
ALTER TABLE "defects" ADD COLUMN "fix_photo_urls" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "report_file_id" uuid;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_report_file_id_lift_files_id_fk" FOREIGN KEY ("report_file_id") REFERENCES "public"."lift_files"("id") ON DELETE set null ON UPDATE no action;