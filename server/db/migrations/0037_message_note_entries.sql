CREATE TABLE "message_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"message_id" uuid NOT NULL,
	"message_year" smallint NOT NULL,
	"lift_id" uuid NOT NULL,
	"author_id" uuid,
	"text" text NOT NULL,
	"urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "message_notes" ADD CONSTRAINT "message_notes_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_notes" ADD CONSTRAINT "message_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_notes_message_idx" ON "message_notes" USING btree ("message_id","created_at");--> statement-breakpoint
-- The one note a reading had becomes its first entry. Who wrote it was never recorded, so it has
-- no author (shown as an earlier note); its time is the reading's last change. Its title, when it
-- had one, becomes the entry's first line.
INSERT INTO "message_notes" ("id", "message_id", "message_year", "lift_id", "author_id", "text", "urls", "created_at")
SELECT gen_random_uuid(), m."id", m."year", m."lift_id", NULL,
	CASE
		WHEN coalesce(m."notes"->>'title', '') = '' THEN coalesce(m."notes"->>'notes', '')
		WHEN coalesce(m."notes"->>'notes', '') = '' THEN m."notes"->>'title'
		ELSE (m."notes"->>'title') || E'\n' || (m."notes"->>'notes')
	END,
	CASE WHEN jsonb_typeof(m."notes"->'urls') = 'array' THEN m."notes"->'urls' ELSE '[]'::jsonb END,
	m."updated_at"
FROM "messages" m
WHERE m."notes" IS NOT NULL AND m."deleted_at" IS NULL
	AND (coalesce(m."notes"->>'title', '') <> '' OR coalesce(m."notes"->>'notes', '') <> ''
		OR jsonb_array_length(CASE WHEN jsonb_typeof(m."notes"->'urls') = 'array' THEN m."notes"->'urls' ELSE '[]'::jsonb END) > 0);
