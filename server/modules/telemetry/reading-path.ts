import type { IngestStep } from './ingest';

/**
 * The reading path: what the portal does with each batch of controller readings, in this order,
 * inside the batch's transaction once the readings themselves are stored (`writeBatch` in
 * ingest.ts). Each domain provides its step under its name at start-up; the order is this list's,
 * not the order in which the plugins happen to register.
 */
export const READING_STEPS = [
  /** Hourly roll-ups of trips, hours and faults (modules/analytics/rollup.ts). */
  'analyticsRollup',
  /** Alarms opened and closed by fault events (modules/alarms/alarms.service.ts). */
  'alarms',
] as const;

export type ReadingStepName = (typeof READING_STEPS)[number];

/** The steps of READING_STEPS as their domains provide them. */
export class ReadingPath {
  private readonly provided = new Map<ReadingStepName, IngestStep>();

  provide(name: ReadingStepName, step: IngestStep): void {
    if (this.provided.has(name)) throw new Error(`reading step ${name} provided twice`);
    this.provided.set(name, step);
  }

  /** Every step in its order; a step no domain provided stops the start rather than being skipped. */
  steps(): IngestStep[] {
    return READING_STEPS.map((name) => {
      const step = this.provided.get(name);
      if (!step) throw new Error(`reading step ${name} was not provided`);
      return step;
    });
  }
}
