CREATE TABLE "lift_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"lift_id" uuid NOT NULL,
	"name" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"url" text NOT NULL,
	"blob_name" text,
	"added_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"sync_seq" bigint DEFAULT nextval('sync_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lift_files" ADD CONSTRAINT "lift_files_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lift_files" ADD CONSTRAINT "lift_files_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lift_files_uid_unique" ON "lift_files" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "lift_files_lift_id_idx" ON "lift_files" USING btree ("lift_id","created_at");--> statement-breakpoint
CREATE INDEX "lift_files_sync_seq_idx" ON "lift_files" USING btree ("sync_seq");--> statement-breakpoint
-- Lift files are mirrored (docs/sync.md): every insert and update draws a sync position, under the
-- same transaction-wide lock as the other mirrored tables (migration 0003).
CREATE TRIGGER "lift_files_sync_lock" BEFORE INSERT OR UPDATE ON "lift_files"
	FOR EACH STATEMENT EXECUTE FUNCTION "sync_lock"();
--> statement-breakpoint
CREATE TRIGGER "lift_files_sync_position" BEFORE INSERT OR UPDATE ON "lift_files"
	FOR EACH ROW EXECUTE FUNCTION "sync_position"();
