ALTER TABLE "sim_topups" ADD COLUMN "offer_data_mb" integer;--> statement-breakpoint
ALTER TABLE "sim_topups" ADD COLUMN "offer_price_cents" integer;