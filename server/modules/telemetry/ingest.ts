import type { EventReading, ParamsReading, StatsReading } from '../../../contract/device';
import type { Message } from '../../../contract/schemas/message';
import type { Database } from '../../db/client';

/** One validated reading of one controller, waiting for its batch. */
export type Reading =
  | { kind: 'stats'; liftId: string; imei: string; reading: StatsReading }
  | { kind: 'event'; liftId: string; imei: string; reading: EventReading }
  | { kind: 'params'; liftId: string; imei: string; reading: ParamsReading };

/** A reading is stored once per controller and sequence number: `(imei, seq)` (docs/telemetry.md#device-receipts). */
export const readingKey = (imei: string, seq: number) => `${imei}:${seq}`;

/** A transaction of the ingest, as Drizzle hands it to `db.transaction`. */
export type IngestTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Work another domain does with each batch, inside its transaction (alarms opened by events,
 * hourly roll-ups for analytics): it commits with the readings or not at all, so a restart never
 * half-applies it. It gets the readings stored for the first time (a resent reading is not among
 * them) and may answer work to run after the commit (notifications), which must not throw.
 * Its place in the order is declared in reading-path.ts.
 */
export type IngestStep = (
  tx: IngestTransaction,
  readings: readonly Reading[],
) => Promise<(() => void) | undefined>;

/** One batch on its way through the steps of the reading path (reading-path.ts). */
export interface IngestBatch {
  /** The readings as they arrived, the same `(imei, seq)` once. */
  readonly received: readonly Reading[];
  /** Those stored for the first time, in arrival order (set by storeReadings; the later steps get these). */
  readings: readonly Reading[];
  /** The stats and events among `readings` as the API shows them, for the live `lift:message`. */
  messages: Message[];
  /** Work to run once the batch committed (notifications); none of it may throw. */
  readonly afterCommit: (() => void)[];
}

/** A step of the reading path: writes its part of the batch in the batch's transaction. */
export type BatchStep = (tx: IngestTransaction, batch: IngestBatch) => Promise<void>;

/** What one committed batch changed: lift rows, and the stats and event readings it stored. */
export interface Committed {
  liftIds: Set<string>;
  /** Readings of the batch stored now; the others were stored before (resent) and are only acknowledged again. */
  stored: number;
  /** As the API shows them (a reading stored once before is not here again). */
  messages: Message[];
}
