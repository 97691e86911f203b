CREATE SEQUENCE "public"."project_offer_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."project_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "offer_number" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "offered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "offer_valid_until" date;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "offer_terms" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "order_number" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "ordered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "ordered_by" uuid;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_ordered_by_users_id_fk" FOREIGN KEY ("ordered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_offer_number_unique" UNIQUE("offer_number");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_order_number_unique" UNIQUE("order_number");--> statement-breakpoint
-- HAND-WRITTEN (keep when regenerating): projects sent or ordered before this migration get their
-- numbers now, dated by their last change; their offers keep no expiry (offer_valid_until null)
-- and are shown with the terms in force. The orderer is taken from the history's move to "ordered".
UPDATE "projects"
SET "offer_number" = 'ANG-' || to_char("updated_at" AT TIME ZONE 'Europe/Berlin', 'YYYY') || '-'
      || lpad(nextval('project_offer_number_seq')::text, 5, '0'),
    "offered_at" = "updated_at"
WHERE "project"->>'state' IN ('sentOffer', 'receivedOffer', 'onPreOrder', 'ordered');--> statement-breakpoint
UPDATE "projects"
SET "order_number" = 'A-' || to_char("updated_at" AT TIME ZONE 'Europe/Berlin', 'YYYY') || '-'
      || lpad(nextval('project_order_number_seq')::text, 5, '0'),
    "ordered_at" = "updated_at",
    "ordered_by" = (
      SELECT "users"."id" FROM jsonb_array_elements("projects"."project"->'history') AS "step"
      JOIN "users" ON "users"."id"::text = "step"->>'userId'
      WHERE "step"->>'to' = 'ordered' LIMIT 1
    )
WHERE "project"->>'state' = 'ordered';
