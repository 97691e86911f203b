CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"display_name" text NOT NULL,
	"phone_number" text,
	"status" text DEFAULT 'active' NOT NULL,
	"role" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"shortcuts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"avatar_url" text,
	"contact_person" text,
	"company_id" text,
	"name" text,
	"address" text,
	"additional_email" text,
	"invoice_email" text,
	"reference_number" text,
	"notification_preference" text DEFAULT 'email' NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lower_case" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_role_known" CHECK ("users"."role" in ('dev', 'admin', 'customer_admin', 'customer', 'service_man')),
	CONSTRAINT "users_status_known" CHECK ("users"."status" in ('invited', 'active', 'disabled')),
	CONSTRAINT "users_notification_preference_known" CHECK ("users"."notification_preference" in ('email/sms', 'email', 'sms', 'nothing'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_company_id_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "users_created_by_idx" ON "users" USING btree ("created_by");