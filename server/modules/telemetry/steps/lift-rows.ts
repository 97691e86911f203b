import { sql } from 'drizzle-orm';
import type { Reading } from '../ingest';

/**
 * The lifts with an error event in the batch: their row is written by updateLiftsWithErrorEvents
 * (it needs their current error state), the others' by storeReadings' statement.
 */
export function liftsWithErrorEvents(received: readonly Reading[]): Set<string> {
  return new Set(
    received.filter((r) => r.kind === 'event' && r.reading.type === 'error').map((r) => r.liftId),
  );
}

/**
 * A lift's first stats reading sets where its first maintenance interval starts (docs/maintenance.md);
 * counters only grow, so the batch's lowest are its first. For `update lifts l … from … u`.
 */
export const BASELINE_FROM_FIRST_READING =
  sql.raw(`baseline_trips = coalesce(l.baseline_trips, u.first_trips),
          baseline_operating_hours = coalesce(l.baseline_operating_hours, u.first_hours)`);
