CREATE TABLE "tableau_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"is_public" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tableau_resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subfolder_id" uuid NOT NULL,
	"name" text NOT NULL,
	"blob_name" text NOT NULL,
	"thumbnail_name" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"width_mm" double precision NOT NULL,
	"height_mm" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tableau_subfolders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"folder_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"number" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tableau_subfolders_price_check" CHECK ("tableau_subfolders"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tableau_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"preview_name" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tableau_templates_type_check" CHECK ("tableau_templates"."type" in ('COP', 'LOP'))
);
--> statement-breakpoint
ALTER TABLE "tableau_folders" ADD CONSTRAINT "tableau_folders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tableau_resources" ADD CONSTRAINT "tableau_resources_subfolder_id_tableau_subfolders_id_fk" FOREIGN KEY ("subfolder_id") REFERENCES "public"."tableau_subfolders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tableau_subfolders" ADD CONSTRAINT "tableau_subfolders_folder_id_tableau_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."tableau_folders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tableau_subfolders" ADD CONSTRAINT "tableau_subfolders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tableau_templates" ADD CONSTRAINT "tableau_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tableau_folders_user_idx" ON "tableau_folders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tableau_resources_subfolder_idx" ON "tableau_resources" USING btree ("subfolder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tableau_subfolders_folder_number_idx" ON "tableau_subfolders" USING btree ("folder_id","number");--> statement-breakpoint
CREATE INDEX "tableau_templates_type_idx" ON "tableau_templates" USING btree ("type");