import { DAY_MS } from '../../../contract/time';
import { definePlugin } from '../../lib/define-plugin';
import {
  createTelemetryRepository,
  monthStart,
  type RetentionResult,
  syncFloorStart,
} from './telemetry.repository';

export interface TelemetryPluginOptions {
  /** The periodic run (partitions ahead, retention, receipts), every this many ms; null: only when called (tests). */
  runEveryMs: number | null;
  /**
   * The device clock window of the gateway (`DEVICE_CLOCK_PAST_DAYS`, `DEVICE_CLOCK_AHEAD_HOURS`):
   * a resent reading older than it is refused before its receipt is looked at, so receipts older
   * than both together (and a day's margin) can never match again.
   */
  deviceClock: { pastMs: number; aheadMs: number };
}

/** Months of partitions kept ready ahead of the current one. */
export const PARTITION_MONTHS_AHEAD = 3;

export interface TelemetryRun extends RetentionResult {
  partitionsCreated: number;
  receiptsPurged: number;
  syncFloorRecorded: boolean;
}

/** What tests and other modules reach of the telemetry upkeep. */
export interface TelemetryService {
  /**
   * Partitions from last month to PARTITION_MONTHS_AHEAD months after `at`'s month, and for every
   * month with readings in the DEFAULT partition (the demo seed's, a late controller's).
   */
  createPartitions(at?: Date): Promise<number>;
  /** Removes stats readings older than `telemetry.rawRetentionMonths` whole months before `at`'s month. */
  applyRetention(at?: Date): Promise<RetentionResult>;
  /** Deletes device receipts that no resent reading can match any more. */
  purgeReceipts(at?: Date): Promise<number>;
  /**
   * Records the readings' sync floor at the start of the UTC day the mirror's window begins in
   * (`MIRROR_MESSAGE_DAYS` before `at`), for the sync pull (docs/telemetry.md#sync-pull-floor).
   */
  recordSyncFloor(at?: Date): Promise<boolean>;
  /** All four, as the timer runs them. */
  run(at?: Date): Promise<TelemetryRun>;
}

declare module 'fastify' {
  interface FastifyInstance {
    telemetry: TelemetryService;
  }
}

/**
 * `app.telemetry`: upkeep of the raw readings (docs/telemetry.md). Partitions are created at start
 * and then by the periodic run, which also applies the retention and purges old device receipts.
 */
export const telemetryPlugin = definePlugin<TelemetryPluginOptions>('telemetry', async (app, options) => {
  const repository = createTelemetryRepository(app.db);
  const receiptsKeepMs = options.deviceClock.pastMs + options.deviceClock.aheadMs + DAY_MS;

  const service: TelemetryService = {
    async createPartitions(at = new Date()) {
      let created = await repository.createPartitions(
        monthStart(at, -1),
        monthStart(at, PARTITION_MONTHS_AHEAD + 1),
      );
      for (const month of await repository.monthsInDefault()) {
        created += await repository.createPartitions(month, monthStart(month, 1));
      }
      return created;
    },
    applyRetention: (at = new Date()) =>
      repository.removeStatsBefore(monthStart(at, -app.settings.current().telemetry.rawRetentionMonths)),
    purgeReceipts: (at = new Date()) => repository.purgeReceipts(new Date(at.getTime() - receiptsKeepMs)),
    recordSyncFloor: (at = new Date()) => repository.recordSyncFloor(syncFloorStart(at)),
    async run(at = new Date()) {
      const partitionsCreated = await service.createPartitions(at);
      const retention = await service.applyRetention(at);
      const receiptsPurged = await service.purgeReceipts(at);
      const syncFloorRecorded = await service.recordSyncFloor(at);
      return { partitionsCreated, ...retention, receiptsPurged, syncFloorRecorded };
    },
  };
  app.decorate('telemetry', service);

  // Before the first reading can arrive: a month without its partition fills the DEFAULT one.
  await service.createPartitions();

  if (options.runEveryMs !== null) {
    // Once across processes: the leader runs it, when due by its last run, so restarts do not
    // postpone it (server/plugins/jobs.ts).
    app.jobs.every(
      'telemetry upkeep',
      options.runEveryMs,
      async () => {
        const done = await service.run();
        if (
          done.partitionsCreated > 0 ||
          done.dropped.length > 0 ||
          done.deleted > 0 ||
          done.receiptsPurged > 0 ||
          done.syncFloorRecorded
        ) {
          app.log.info(done, 'telemetry upkeep');
        }
      },
      { catchUp: true },
    );
  }
});
