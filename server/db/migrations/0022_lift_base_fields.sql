ALTER TABLE "lifts" ADD COLUMN "manufacturer" text;--> statement-breakpoint
ALTER TABLE "lifts" ADD COLUMN "drive_type" text;--> statement-breakpoint
ALTER TABLE "lifts" ADD COLUMN "door_type" text;--> statement-breakpoint
ALTER TABLE "lifts" ADD COLUMN "building_type" text;