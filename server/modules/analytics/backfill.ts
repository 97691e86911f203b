import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/results';

/**
 * The backfill of migration 0012 (server/db/migrations/0012_analytics_sql.sql), statement for
 * statement: the roll-ups computed from the readings stored before the ingest kept them. Run again
 * after the first start's demo seed, which stores its readings after the migrations ran.
 */
const BACKFILL_STATEMENTS = [
  `-- Backfill of the analytics roll-ups from the readings stored before them (docs/analytics.md); from
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
) d GROUP BY 1, 2;`,
  `CREATE TEMPORARY TABLE "analytics_backfill_edges" AS
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
SELECT lift_id, code, at, id, d, s FROM run;`,
  `INSERT INTO "analytics_codes" ("lift_id", "day", "code", "faults")
SELECT lift_id, (at AT TIME ZONE 'Europe/Berlin')::date, code, count(*) FROM "analytics_backfill_edges" WHERE d = 1 GROUP BY 1, 2, 3;`,
  `INSERT INTO "analytics_outages" ("lift_id", "started_at", "ended_at")
SELECT s.lift_id, s.at, e.at FROM (
	SELECT lift_id, at, row_number() OVER (PARTITION BY lift_id ORDER BY at, id) AS n
	FROM "analytics_backfill_edges" WHERE d = 1 AND s = 1
) s LEFT JOIN (
	SELECT lift_id, at, row_number() OVER (PARTITION BY lift_id ORDER BY at, id) AS n
	FROM "analytics_backfill_edges" WHERE d = -1 AND s = 0
) e ON e.lift_id = s.lift_id AND e.n = s.n
ON CONFLICT DO NOTHING;`,
  `INSERT INTO "analytics_hourly" AS h ("lift_id", "hour", "faults", "repairs", "repair_ms")
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
	repair_ms = h.repair_ms + excluded.repair_ms;`,
  `INSERT INTO "analytics_daily" ("lift_id", "day", "trips", "hours", "faults", "repairs", "repair_ms")
SELECT lift_id, (hour AT TIME ZONE 'Europe/Berlin')::date, sum(trips), sum(hours), sum(faults), sum(repairs), sum(repair_ms)
FROM "analytics_hourly" GROUP BY 1, 2;`,
  `-- The lift row is the truth of what is raised now (server/modules/telemetry/ingest.ts keeps it).
INSERT INTO "analytics_outages" ("lift_id", "started_at")
SELECT l.id, l.broken_since FROM lifts l
WHERE l.broken_since IS NOT NULL
	AND NOT EXISTS (SELECT 1 FROM "analytics_outages" o WHERE o.lift_id = l.id AND o.ended_at IS NULL)
ON CONFLICT DO NOTHING;`,
  `INSERT INTO "analytics_state" ("lift_id", "trips", "hours", "counted_at", "active_codes", "down_since")
SELECT l.id, last.trips, last.operating_hours, last.at,
	coalesce((SELECT jsonb_agg((e->>'code')::integer) FROM jsonb_array_elements(l.active_errors) e), '[]'::jsonb),
	(SELECT min(o.started_at) FROM "analytics_outages" o WHERE o.lift_id = l.id AND o.ended_at IS NULL)
FROM lifts l
LEFT JOIN LATERAL (
	SELECT m.trips, m.operating_hours, m.at FROM messages m
	WHERE m.lift_id = l.id AND m.kind = 'stats' AND m.deleted_at IS NULL AND m.trips IS NOT NULL
	ORDER BY m.at DESC, m.id DESC LIMIT 1
) last ON true;`,
  `DROP TABLE "analytics_backfill_edges";`,
];

const BACKFILL_LOCK_KEY = 727_465_019;

/**
 * Fills the roll-ups from the stored readings when there are readings but no roll-up state yet (a
 * database seeded after its migrations); does nothing otherwise. Several processes: one does it.
 */
export async function backfillRollupsIfEmpty(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BACKFILL_LOCK_KEY})`);
    const [state] = rowsOf<{ has_state: boolean; has_messages: boolean }>(
      await tx.execute(sql`select exists (select 1 from analytics_state) as has_state,
        exists (select 1 from messages) as has_messages`),
    );
    if (!state || state.has_state || !state.has_messages) return false;
    for (const statement of BACKFILL_STATEMENTS) await tx.execute(sql.raw(statement));
    return true;
  });
}
