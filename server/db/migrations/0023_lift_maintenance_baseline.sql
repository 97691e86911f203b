ALTER TABLE "lifts" ADD COLUMN "baseline_trips" bigint;--> statement-breakpoint
ALTER TABLE "lifts" ADD COLUMN "baseline_operating_hours" double precision;--> statement-breakpoint
-- Lifts that already reported: their first stats reading, one index lookup each (messages_lift_at_idx).
UPDATE "lifts" l SET "baseline_trips" = f.trips, "baseline_operating_hours" = f.operating_hours
FROM "lifts" x CROSS JOIN LATERAL (
  SELECT m.trips, m.operating_hours FROM "messages" m
  WHERE m.lift_id = x.id AND m.kind = 'stats' AND m.deleted_at IS NULL
  ORDER BY m.at LIMIT 1
) f
WHERE x.id = l.id;
