ALTER TABLE "lift_access_changes" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "lift_access_changes" ADD COLUMN "company_id" text;