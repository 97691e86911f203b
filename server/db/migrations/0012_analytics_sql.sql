-- Maintenance visits are mirrored (docs/sync.md): every insert and update draws a sync position,
-- under the same transaction-wide lock as the other mirrored tables (migrations 0003, 0008).
CREATE TRIGGER "maintenance_visits_sync_lock" BEFORE INSERT OR UPDATE ON "maintenance_visits"
	FOR EACH STATEMENT EXECUTE FUNCTION "sync_lock"();
--> statement-breakpoint
CREATE TRIGGER "maintenance_visits_sync_position" BEFORE INSERT OR UPDATE ON "maintenance_visits"
	FOR EACH ROW EXECUTE FUNCTION "sync_position"();
--> statement-breakpoint
-- Backfill of the analytics roll-ups from the readings stored before them (docs/analytics.md); from
-- here on the ingest step keeps them (server/modules/analytics/rollup.ts), with the same rules:
-- trips and hours are deltas of the cumulative counters (a counter that went down restarted from 0),
-- a fault is a raise of a code not raised already, an outage runs while any code is raised.
INSERT INTO "analytics_hourly" ("lift_id", "hour", "trips", "hours")
SELECT lift_id, date_trunc('hour', at), sum(dt), sum(dh) FROM (
	SELECT lift_id, at,
		CASE WHEN pt IS NULL THEN 0 WHEN trips >= pt THEN trips - pt ELSE trips END AS dt,
		CASE WHEN ph IS NULL THEN 0 WHEN operating_hours >= ph THEN operating_hours - ph ELSE operating_hours END AS dh
	FROM (
		SELECT lift_id, at, trips, operating_hours,
			lag(trips) OVER w AS pt, lag(operating_hours) OVER w AS ph
		FROM messages WHERE kind = 'stats' AND deleted_at IS NULL AND trips IS NOT NULL
		WINDOW w AS (PARTITION BY lift_id ORDER BY at, id)
	) s
) d GROUP BY 1, 2;
--> statement-breakpoint
CREATE TEMPORARY TABLE "analytics_backfill_edges" AS
WITH ev AS (
	SELECT lift_id, code, active, at, id,
		lag(active) OVER (PARTITION BY lift_id, code ORDER BY at, id) AS prev
	FROM messages WHERE kind = 'error' AND deleted_at IS NULL AND code IS NOT NULL AND active IS NOT NULL
), eff AS (
	SELECT lift_id, code, at, id,
		CASE WHEN active AND NOT coalesce(prev, false) THEN 1 WHEN NOT active AND prev THEN -1 ELSE 0 END AS d
	FROM ev
), run AS (
	SELECT lift_id, code, at, id, d, sum(d) OVER (PARTITION BY lift_id ORDER BY at, id) AS s
	FROM eff WHERE d <> 0
)
SELECT lift_id, code, at, id, d, s FROM run;
--> statement-breakpoint
INSERT INTO "analytics_codes" ("lift_id", "day", "code", "faults")
SELECT lift_id, (at AT TIME ZONE 'Europe/Berlin')::date, code, count(*) FROM "analytics_backfill_edges" WHERE d = 1 GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "analytics_outages" ("lift_id", "started_at", "ended_at")
SELECT s.lift_id, s.at, e.at FROM (
	SELECT lift_id, at, row_number() OVER (PARTITION BY lift_id ORDER BY at, id) AS n
	FROM "analytics_backfill_edges" WHERE d = 1 AND s = 1
) s LEFT JOIN (
	SELECT lift_id, at, row_number() OVER (PARTITION BY lift_id ORDER BY at, id) AS n
	FROM "analytics_backfill_edges" WHERE d = -1 AND s = 0
) e ON e.lift_id = s.lift_id AND e.n = s.n
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "analytics_hourly" AS h ("lift_id", "hour", "faults", "repairs", "repair_ms")
SELECT lift_id, hour, sum(faults), sum(repairs), sum(repair_ms) FROM (
	SELECT lift_id, date_trunc('hour', at) AS hour, 1 AS faults, 0 AS repairs, 0::bigint AS repair_ms
	FROM "analytics_backfill_edges" WHERE d = 1
	UNION ALL
	SELECT lift_id, date_trunc('hour', ended_at), 0, 1,
		(extract(epoch FROM ended_at - started_at) * 1000)::bigint
	FROM "analytics_outages" WHERE ended_at IS NOT NULL
) f GROUP BY 1, 2
ON CONFLICT ("lift_id", "hour") DO UPDATE SET
	faults = h.faults + excluded.faults, repairs = h.repairs + excluded.repairs,
	repair_ms = h.repair_ms + excluded.repair_ms;
--> statement-breakpoint
INSERT INTO "analytics_daily" ("lift_id", "day", "trips", "hours", "faults", "repairs", "repair_ms")
SELECT lift_id, (hour AT TIME ZONE 'Europe/Berlin')::date, sum(trips), sum(hours), sum(faults), sum(repairs), sum(repair_ms)
FROM "analytics_hourly" GROUP BY 1, 2;
--> statement-breakpoint
-- The lift row is the truth of what is raised now (server/realtime/ingest.ts keeps it).
INSERT INTO "analytics_outages" ("lift_id", "started_at")
SELECT l.id, l.broken_since FROM lifts l
WHERE l.broken_since IS NOT NULL
	AND NOT EXISTS (SELECT 1 FROM "analytics_outages" o WHERE o.lift_id = l.id AND o.ended_at IS NULL)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "analytics_state" ("lift_id", "trips", "hours", "counted_at", "active_codes", "down_since")
SELECT l.id, last.trips, last.operating_hours, last.at,
	coalesce((SELECT jsonb_agg((e->>'code')::integer) FROM jsonb_array_elements(l.active_errors) e), '[]'::jsonb),
	(SELECT min(o.started_at) FROM "analytics_outages" o WHERE o.lift_id = l.id AND o.ended_at IS NULL)
FROM lifts l
LEFT JOIN LATERAL (
	SELECT m.trips, m.operating_hours, m.at FROM messages m
	WHERE m.lift_id = l.id AND m.kind = 'stats' AND m.deleted_at IS NULL AND m.trips IS NOT NULL
	ORDER BY m.at DESC, m.id DESC LIMIT 1
) last ON true;
--> statement-breakpoint
DROP TABLE "analytics_backfill_edges";
