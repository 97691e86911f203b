import type { Database } from '../../db/client';
import {
  type BatchStep,
  type Committed,
  type IngestBatch,
  type IngestStep,
  type Reading,
  readingKey,
} from './ingest';
import { storeReadings } from './steps/store-readings';
import { updateLiftsWithErrorEvents } from './steps/update-lifts-with-error-events';

/**
 * The reading path: what the portal does with each batch of controller readings, top to bottom,
 * all in the batch's one transaction (writeBatch below), so that a batch commits whole or not at
 * all and an acknowledgement never covers less (docs/telemetry.md#ingest). Telemetry's own steps
 * are named here; the steps of other domains are provided by them at start-up under their name
 * (`app.devices.provideReadingStep`), and this list sets their order, not the order in which
 * the plugins happen to register.
 */
const READING_PATH = [
  /**
   * Receipts and messages, which tell the new readings, and the rows of lifts without an error
   * event (steps/store-readings.ts).
   */
  storeReadings,
  /** The rows of lifts with an error event, with their error state (steps/update-lifts-with-error-events.ts). */
  updateLiftsWithErrorEvents,
  /** Hourly roll-ups of trips, hours and faults (modules/analytics/rollup.ts). */
  { provided: 'analyticsRollup' },
  /** Alarms opened and closed by fault events (modules/alarms/alarms.service.ts). */
  { provided: 'alarms' },
] as const;

export type ReadingStepName = Extract<(typeof READING_PATH)[number], { provided: string }>['provided'];

/** The steps other domains provide, in READING_PATH's order. */
export const READING_STEPS: readonly ReadingStepName[] = READING_PATH.flatMap((entry) =>
  typeof entry === 'function' ? [] : [entry.provided],
);

/** The provided steps as their domains provide them, in READING_STEPS' order. */
export class ReadingPath {
  private readonly provided = new Map<ReadingStepName, IngestStep>();

  provide(name: ReadingStepName, step: IngestStep): void {
    if (this.provided.has(name)) throw new Error(`reading step ${name} provided twice`);
    this.provided.set(name, step);
  }

  /** Every provided step in its order; one no domain provided stops the start rather than being skipped. */
  steps(): IngestStep[] {
    return READING_STEPS.map((name) => {
      const step = this.provided.get(name);
      if (!step) throw new Error(`reading step ${name} was not provided`);
      return step;
    });
  }
}

/**
 * Writes a batch of readings in one transaction, step by step along READING_PATH; answers the lifts
 * whose row changed and the stored messages. `provided` are the other domains' steps in
 * READING_STEPS' order (ReadingPath.steps()); a test may leave out the later ones.
 */
export async function writeBatch(
  db: Database,
  items: readonly Reading[],
  provided: readonly IngestStep[] = [],
): Promise<Committed> {
  const steps = stepsAlongThePath(provided);
  const batch: IngestBatch = { received: oncePerKey(items), readings: [], messages: [], afterCommit: [] };
  await db.transaction(async (tx) => {
    for (const step of steps) {
      await step(tx, batch);
      // Only resent readings: acknowledged again, nothing more to write.
      if (batch.readings.length === 0) return;
    }
  });
  for (const after of batch.afterCommit) after();
  return {
    liftIds: new Set(batch.readings.map((r) => r.liftId)),
    stored: batch.readings.length,
    messages: batch.messages,
  };
}

function stepsAlongThePath(provided: readonly IngestStep[]): BatchStep[] {
  return READING_PATH.flatMap((entry) => {
    if (typeof entry === 'function') return [entry];
    const step = provided[READING_STEPS.indexOf(entry.provided)];
    return step ? [runProvided(step)] : [];
  });
}

/** A provided step gets the new readings only; its work after the commit waits for the commit. */
function runProvided(step: IngestStep): BatchStep {
  return async (tx, batch) => {
    const after = await step(tx, batch.readings);
    if (after) batch.afterCommit.push(after);
  };
}

/** The same `(imei, seq)` twice in one batch is one reading: the first. */
function oncePerKey(items: readonly Reading[]): Reading[] {
  const unique = new Map<string, Reading>();
  for (const item of items) {
    const key = readingKey(item.imei, item.reading.seq);
    if (!unique.has(key)) unique.set(key, item);
  }
  return [...unique.values()];
}
