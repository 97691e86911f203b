CREATE TABLE "defects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inspection_id" uuid NOT NULL,
	"lift_id" uuid NOT NULL,
	"text" text NOT NULL,
	"deadline" text NOT NULL,
	"fixed_at" timestamp with time zone,
	"fixed_by" uuid,
	"fix_note" text DEFAULT '' NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"sync_seq" bigint DEFAULT nextval('sync_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inspection_intervals" (
	"lift_id" uuid PRIMARY KEY NOT NULL,
	"main_every_months" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lift_id" uuid NOT NULL,
	"inspected_on" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"inspector" text DEFAULT '' NOT NULL,
	"result" text NOT NULL,
	"recorded_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"sync_seq" bigint DEFAULT nextval('sync_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "inspections_kind_known" CHECK ("inspections"."kind" in ('main', 'intermediate', 'other')),
	CONSTRAINT "inspections_result_known" CHECK ("inspections"."result" in ('none', 'minor', 'defects', 'dangerous'))
);
--> statement-breakpoint
ALTER TABLE "defects" ADD CONSTRAINT "defects_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "defects" ADD CONSTRAINT "defects_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "defects" ADD CONSTRAINT "defects_fixed_by_users_id_fk" FOREIGN KEY ("fixed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "defects" ADD CONSTRAINT "defects_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_intervals" ADD CONSTRAINT "inspection_intervals_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "defects_lift_idx" ON "defects" USING btree ("lift_id");--> statement-breakpoint
CREATE INDEX "defects_inspection_idx" ON "defects" USING btree ("inspection_id");--> statement-breakpoint
CREATE INDEX "defects_sync_seq_idx" ON "defects" USING btree ("sync_seq");--> statement-breakpoint
CREATE INDEX "inspections_lift_idx" ON "inspections" USING btree ("lift_id","inspected_on");--> statement-breakpoint
CREATE INDEX "inspections_sync_seq_idx" ON "inspections" USING btree ("sync_seq");