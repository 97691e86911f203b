CREATE TABLE "mail_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender" text NOT NULL,
	"recipient" text NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_sends_sender_idx" ON "mail_sends" USING btree ("sender","sent_at");--> statement-breakpoint
CREATE INDEX "mail_sends_recipient_idx" ON "mail_sends" USING btree ("recipient","sent_at");--> statement-breakpoint
CREATE INDEX "mail_sends_sent_at_idx" ON "mail_sends" USING btree ("sent_at");