import { min } from 'drizzle-orm';
import { MINUTE_MS } from '../../../contract/time';
import { clusterNodes } from '../../db/schema/cluster';
import { definePlugin } from '../../lib/define-plugin';
import { toAlarm } from './alarm-mapper';
import { createAlarmNotifier } from './alarm-notifier';
import { type AlarmChanges, applyReadings, createAlarmsRepository } from './alarms.repository';

export interface AlarmsPluginOptions {
  publicUrl: string;
  /** The periodic offline and escalation runs, every this many ms; null: only when called (tests). */
  checkEveryMs: number | null;
  perUserHourlyLimit?: number;
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
  /** Waits for the notifications under way. */
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
  const notify = createAlarmNotifier({
    alarms: repository,
    mailer: app.mailer,
    sms: app.sms,
    push: app.push,
    publicUrl: options.publicUrl,
    log: app.log,
    perUserHourlyLimit: options.perUserHourlyLimit ?? 20,
    quietOffline: options.quietOffline ?? false,
  });
  const pending = new Set<Promise<void>>();
  const track = (ids: readonly string[], escalated: boolean) => {
    if (ids.length === 0) return;
    const work = notify(ids, escalated)
      .catch((error) => app.log.warn({ err: error }, 'alarm notifications'))
      .finally(() => pending.delete(work));
    pending.add(work);
  };

  // Inside each ingest transaction; the notifications go out after the commit.
  // The users who see the lifts get the changed alarms live (`lift:alarm`, docs/realtime.md); their
  // mirrors take them as they take `lift:message`, with no pull.
  const tell = (changes: AlarmChanges) => {
    track(changes.opened, false);
    if (changes.changed.length === 0) return;
    repository
      .byIds(changes.changed)
      .then((rows) => app.liveLifts.alarm(rows.map(toAlarm)))
      .catch((error) => app.log.warn({ err: error }, 'live alarms'));
  };
  app.devices.provideReadingStep('alarms', async (tx, readings) => {
    const changes = await applyReadings(tx, readings);
    return changes.changed.length > 0 ? () => tell(changes) : undefined;
  });

  const service: AlarmsService = {
    // `at` is the clock of the run; tests pass a later time instead of waiting.
    async checkOffline(at = new Date()) {
      const minutes = app.settings.current().alarms.controllerOfflineMinutes;
      const changes = await repository.checkOffline(new Date(at.getTime() - minutes * MINUTE_MS));
      if (changes) tell(changes);
    },
    async escalate(at = new Date()) {
      const minutes = app.settings.current().alarms.escalationMinutes;
      const escalated = await repository.escalate(new Date(at.getTime() - minutes * MINUTE_MS));
      if (escalated) track(escalated, true);
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
  app.decorate('alarms', service);

  if (options.checkEveryMs !== null) {
    // On one process of all (the leader, server/plugins/jobs.ts). After a restart or an outage every
    // controller looks silent until it reconnects: offline lifts are looked for only once the
    // longest-running process has been up for the offline time itself.
    app.jobs.every('alarm checks', options.checkEveryMs, async () => {
      const [oldest] = await app.db.select({ startedAt: min(clusterNodes.startedAt) }).from(clusterNodes);
      const upMinutes = (Date.now() - (oldest?.startedAt?.getTime() ?? Date.now())) / MINUTE_MS;
      const offlineDue = upMinutes >= app.settings.current().alarms.controllerOfflineMinutes;
      await Promise.all([offlineDue ? service.checkOffline() : undefined, service.escalate()]);
    });
  }
  app.addHook('onClose', async () => service.settled());
});
