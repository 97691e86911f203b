CREATE TABLE "early_warning_days" (
	"lift_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"day" date NOT NULL,
	"value" double precision,
	"expected" double precision,
	"low" double precision,
	"high" double precision,
	"flagged" boolean DEFAULT false NOT NULL,
	CONSTRAINT "early_warning_days_lift_id_rule_day_pk" PRIMARY KEY("lift_id","rule","day")
);
--> statement-breakpoint
CREATE TABLE "early_warnings" (
	"lift_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"since" date NOT NULL,
	"day" date NOT NULL,
	"value" double precision NOT NULL,
	"expected" double precision NOT NULL,
	"threshold" double precision NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "early_warnings_lift_id_rule_pk" PRIMARY KEY("lift_id","rule")
);
--> statement-breakpoint
ALTER TABLE "early_warning_days" ADD CONSTRAINT "early_warning_days_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "early_warnings" ADD CONSTRAINT "early_warnings_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "early_warning_days_day_idx" ON "early_warning_days" USING btree ("day");