CREATE TABLE "descriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"name_de" text NOT NULL,
	"type" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "descriptions_type_known" CHECK ("descriptions"."type" in ('error', 'info'))
);
--> statement-breakpoint
CREATE TABLE "device_receipts" (
	"imei" text NOT NULL,
	"seq" bigint NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_receipts_imei_seq_pk" PRIMARY KEY("imei","seq")
);
--> statement-breakpoint
CREATE TABLE "lift_users" (
	"lift_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "lift_users_lift_id_user_id_kind_pk" PRIMARY KEY("lift_id","user_id","kind"),
	CONSTRAINT "lift_users_kind_known" CHECK ("lift_users"."kind" in ('customer', 'serviceman'))
);
--> statement-breakpoint
CREATE TABLE "lifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"address" text NOT NULL,
	"imei" text NOT NULL,
	"iccid" text,
	"max_trips" integer DEFAULT 0 NOT NULL,
	"max_operating_hours" integer DEFAULT 0 NOT NULL,
	"parameters" jsonb NOT NULL,
	"device_key_hash" text,
	"trips" bigint DEFAULT 0 NOT NULL,
	"operating_hours" double precision DEFAULT 0 NOT NULL,
	"broken_ms" bigint DEFAULT 0 NOT NULL,
	"active_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"broken_since" timestamp with time zone,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"source" text NOT NULL,
	"event" text NOT NULL,
	"message" text NOT NULL,
	"lift_id" uuid,
	"imei" text,
	"details" jsonb,
	CONSTRAINT "logs_level_known" CHECK ("logs"."level" in ('info', 'warn', 'error')),
	CONSTRAINT "logs_source_known" CHECK ("logs"."source" in ('server', 'device'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"year" smallint NOT NULL,
	"lift_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"code" integer,
	"active" boolean,
	"floor" integer,
	"trips" bigint,
	"operating_hours" double precision,
	"at" timestamp with time zone NOT NULL,
	"is_notes" boolean DEFAULT false NOT NULL,
	"notes" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "messages_year_id_pk" PRIMARY KEY("year","id"),
	CONSTRAINT "messages_kind_known" CHECK ("messages"."kind" in ('stats', 'error', 'info'))
);
--> statement-breakpoint
CREATE TABLE "sims" (
	"iccid" text PRIMARY KEY NOT NULL,
	"quota_bytes" bigint DEFAULT 0 NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lift_users" ADD CONSTRAINT "lift_users_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lift_users" ADD CONSTRAINT "lift_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "descriptions_number_unique" ON "descriptions" USING btree ("number") WHERE "descriptions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "descriptions_updated_at_idx" ON "descriptions" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "lift_users_user_id_idx" ON "lift_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lifts_uid_unique" ON "lifts" USING btree ("uid") WHERE "lifts"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "lifts_imei_unique" ON "lifts" USING btree ("imei") WHERE "lifts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "lifts_updated_at_idx" ON "lifts" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "logs_at_idx" ON "logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "messages_lift_at_idx" ON "messages" USING btree ("lift_id","at");--> statement-breakpoint
CREATE INDEX "messages_kind_code_at_idx" ON "messages" USING btree ("kind","code","at");--> statement-breakpoint
CREATE INDEX "messages_updated_at_idx" ON "messages" USING btree ("updated_at");