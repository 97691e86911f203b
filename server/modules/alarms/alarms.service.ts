import { min } from 'drizzle-orm';
import type { Alarm, LineTest } from '../../../contract/schemas/alarm';
import { HOUR_MS, MINUTE_MS } from '../../../contract/time';
import { clusterNodes } from '../../db/schema/cluster';
import { definePlugin } from '../../lib/define-plugin';
import { toAlarm } from './alarm-mapper';
import { createAlarmNotifier } from './alarm-notifier';
import {
  type AlarmChanges,
  applyReadings,
  createAlarmsRepository,
  openPresentFaults,
} from './alarms.repository';
import { checkLineTests, lineTestOf } from './emergency-call';

export interface AlarmsPluginOptions {
  publicUrl: string;
  /** The periodic offline and escalation runs, every this many ms; null: only when called (tests). */
  checkEveryMs: number | null;
  perUserHourlyLimit?: number;
  /** Hours a lift may go without a good emergency-call line test (EN 81-28: three days). */
  lineTestHours?: number;
  /** Seconds an emergency call may stay unacknowledged before it escalates. */
  emergencyCallEscalationSeconds?: number;
  /**
   * Offline alarms are opened and shown but nobody is told (demo mode: only some demo lifts have a
   * virtual controller, the others fall silent after every start).
   */
  quietOffline?: boolean;
}

/** What tests and other modules reach of the alarms. */
export interface AlarmsService {
  /** One offline run: silent lifts get an alarm, lifts heard from again get it closed. */
  checkOffline(at?: Date): Promise<void>;
  /** One escalation run over the alarms nobody acknowledged in time. */
  escalate(at?: Date): Promise<void>;
  /** One line-test run: lifts without a good emergency-call line test in time get their alarm. */
  checkLineTests(at?: Date): Promise<void>;
  /** The lift's emergency-call line test: the last, the last good one, when the next is due. */
  lineTest(liftId: string): Promise<LineTest>;
  /**
   * Opens the alarms of faults the lifts have raised now and have no open alarm for (the stored
   * error state, e.g. at the server's start), and tells them like new ones.
   */
  openPresentFaults(): Promise<void>;
  /** Opens a test alarm on the lift, told to its people like a real one, marked as a test. */
  openTest(liftId: string): Promise<Alarm>;
  /** Waits until the outbox has delivered what is due now (the notifications of tests' alarms). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    alarms: AlarmsService;
  }
}

/**
 * `app.alarms`: alarms opened and closed by the ingest, the periodic offline and escalation runs,
 * and the notifications (docs/alarms.md). Not encapsulated, so tests and other modules reach it.
 */
export const alarmsPlugin = definePlugin<AlarmsPluginOptions>('alarms', async (app, options) => {
  const repository = createAlarmsRepository(app.db);
  const lineTestHours = options.lineTestHours ?? 72;
  const emergencyCallEscalationSeconds = options.emergencyCallEscalationSeconds ?? 60;
  // Notifications are outbox rows written in the transaction that changes the alarms, so an alarm
  // never opens without them; the outbox's worker delivers them after the commit (docs/outbox.md).
  const enqueueNotifications = createAlarmNotifier({
    publicUrl: options.publicUrl,
    perUserHourlyLimit: options.perUserHourlyLimit ?? 20,
    quietOffline: options.quietOffline ?? false,
    enqueue: app.outbox.enqueue,
  });

  // After the commit: the outbox's worker is woken, and the users who see the lifts get the changed
  // alarms live (`lift:alarm`, docs/realtime.md); their mirrors take them as they take
  // `lift:message`, with no pull.
  const tell = (changes: AlarmChanges) => {
    app.outbox.wake();
    if (changes.changed.length === 0) return;
    repository
      .byIds(changes.changed)
      .then((rows) => app.liveLifts.alarm(rows.map(toAlarm)))
      .catch((error) => app.log.warn({ err: error }, 'live alarms'));
  };
  app.devices.provideReadingStep('alarms', async (tx, readings) => {
    const changes = await applyReadings(tx, readings);
    if (changes.opened.length > 0) await enqueueNotifications(tx, changes.opened, 'opened');
    return changes.changed.length > 0 ? () => tell(changes) : undefined;
  });

  const service: AlarmsService = {
    // `at` is the clock of the run; tests pass a later time instead of waiting.
    async checkOffline(at = new Date()) {
      const minutes = app.settings.current().alarms.controllerOfflineMinutes;
      const changes = await repository.checkOffline(
        new Date(at.getTime() - minutes * MINUTE_MS),
        (tx, opened) => enqueueNotifications(tx, opened, 'opened'),
      );
      if (changes) tell(changes);
    },
    async escalate(at = new Date()) {
      const minutes = app.settings.current().alarms.escalationMinutes;
      const escalated = await repository.escalate(
        new Date(at.getTime() - minutes * MINUTE_MS),
        new Date(at.getTime() - emergencyCallEscalationSeconds * 1000),
        (tx, ids) => enqueueNotifications(tx, ids, 'escalated'),
      );
      if (escalated?.length) app.outbox.wake();
    },
    async checkLineTests(at = new Date()) {
      const opened = await checkLineTests(
        app.db,
        new Date(at.getTime() - lineTestHours * HOUR_MS),
        lineTestHours,
        (tx, ids) => enqueueNotifications(tx, ids, 'opened'),
      );
      if (opened?.length) tell({ opened, changed: opened });
    },
    lineTest: (liftId) => lineTestOf(app.db, liftId, lineTestHours),
    async openPresentFaults() {
      const opened = await app.db.transaction(async (tx) => {
        const ids = await openPresentFaults(tx);
        if (ids.length > 0) await enqueueNotifications(tx, ids, 'opened');
        return ids;
      });
      if (opened.length > 0) tell({ opened, changed: opened });
    },
    async openTest(liftId) {
      const { alarm, changed } = await repository.openTest(liftId, (tx, ids) =>
        enqueueNotifications(tx, ids, 'test'),
      );
      tell({ opened: [alarm.id], changed });
      return alarm;
    },
    async settled() {
      await app.outbox.idle();
    },
  };
  app.decorate('alarms', service);

  if (options.checkEveryMs !== null) {
    // On one process of all (the leader, server/plugins/jobs.ts). After a restart or an outage every
    // controller looks silent until it reconnects: offline lifts are looked for only once the
    // longest-running process has been up for the offline time itself.
    app.jobs.every(
      'alarm checks',
      options.checkEveryMs,
      async () => {
        const [oldest] = await app.db.select({ startedAt: min(clusterNodes.startedAt) }).from(clusterNodes);
        const upMinutes = (Date.now() - (oldest?.startedAt?.getTime() ?? Date.now())) / MINUTE_MS;
        const offlineDue = upMinutes >= app.settings.current().alarms.controllerOfflineMinutes;
        // Line tests wait as the offline check does: a controller's tests kept while the portal was
        // away arrive with its reconnect.
        await Promise.all([
          service.openPresentFaults(),
          offlineDue ? service.checkOffline() : undefined,
          offlineDue ? service.checkLineTests() : undefined,
          service.escalate(),
        ]);
        // At once after the start: a fault present since before (the stored error state) opens
        // its alarm without waiting for the first period.
      },
      { firstDelayMs: 0 },
    );
    // An emergency call escalates after seconds: its run comes often enough for that.
    app.jobs.every(
      'emergency-call escalation',
      Math.min(options.checkEveryMs, Math.max(1000, (emergencyCallEscalationSeconds * 1000) / 6)),
      () => service.escalate(),
    );
  }
});
