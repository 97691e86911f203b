CREATE TABLE "inspection_reminders" (
	"key" text NOT NULL,
	"stage" text NOT NULL,
	"lift_id" uuid NOT NULL,
	"due_on" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_reminders_key_stage_pk" PRIMARY KEY("key","stage")
);
--> statement-breakpoint
ALTER TABLE "inspection_reminders" ADD CONSTRAINT "inspection_reminders_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;