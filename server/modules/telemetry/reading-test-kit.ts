import type { LiftParameters } from '../../../contract/parameters';
import type { Database } from '../../db/client';
import type { BatchStep, IngestBatch, Reading } from './ingest';

/**
 * Readings of one controller for tests of the reading path: each call takes the next `seq`, its
 * `ts` a second after the previous one's, starting an hour ago.
 */
export function readingsOf(lift: { id: string; imei: string }, from = Date.now() - 3_600_000) {
  let seq = 0;
  const next = () => {
    seq += 1;
    return { seq, ts: from + seq * 1000 };
  };
  const of = { liftId: lift.id, imei: lift.imei };
  return {
    stats: (trips: number, operatingHours: number): Reading => ({
      kind: 'stats',
      ...of,
      reading: { ...next(), trips, operatingHours },
    }),
    error: (code: number, active: boolean): Reading => ({
      kind: 'event',
      ...of,
      reading: { ...next(), code, type: 'error', active, floor: 2 },
    }),
    info: (code: number): Reading => ({
      kind: 'event',
      ...of,
      reading: { ...next(), code, type: 'info', active: true },
    }),
    params: (parameters: LiftParameters): Reading => ({
      kind: 'params',
      ...of,
      reading: { ...next(), ...parameters },
    }),
  };
}

/** Runs one step on its own, in a transaction of its own, as writeBatch would with this batch. */
export async function runStep(
  db: Database,
  step: BatchStep,
  received: Reading[],
  readings: Reading[] = [],
): Promise<IngestBatch> {
  const batch: IngestBatch = { received, readings, messages: [], afterCommit: [] };
  await db.transaction((tx) => step(tx, batch));
  return batch;
}
