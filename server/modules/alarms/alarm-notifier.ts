import type { AlarmPushPayload } from '../../../contract/schemas/alarm';
import type { OutboxKind } from '../../../contract/schemas/outbox';
import { HOUR_MS } from '../../../contract/time';
import type { Database } from '../../db/client';
import type { OutgoingMessage } from '../outbox/outgoing';
import { type AlarmTextInput, alarmLine, alarmMail, alarmSms, alarmTitle } from './alarm-texts';
import { createAlarmsRepository, type Recipient } from './alarms.repository';

export interface NotifierDeps {
  publicUrl: string;
  /** Notifications a user gets at most per hour (demo controllers raise faults on their own). */
  perUserHourlyLimit: number;
  /** Offline alarms are not sent (demo mode, see AlarmsPluginOptions). */
  quietOffline: boolean;
  /** Writes the messages in the transaction given (app.outbox.enqueue, docs/outbox.md). */
  enqueue(db: Database, messages: readonly OutgoingMessage[]): Promise<string[]>;
  /** The clock of the hourly cap (tests); `Date.now` otherwise. */
  now?: () => number;
}

/** Why the alarm is told: it opened, nobody acknowledged it in time, or someone tests the chain. */
export type AlarmNotice = 'opened' | 'escalated' | 'test';

const KIND_OF: Record<AlarmNotice, OutboxKind> = {
  opened: 'alarm',
  escalated: 'escalation',
  test: 'alarm-test',
};

/** The lift page in the PWA (src/routes/_app/apps/lift/lifts.$liftId.{-$deviceId}.tsx). */
export const liftPath = (liftId: string) => `/apps/lift/lifts/${liftId}`;

/**
 * Who is told: the lift's service men and customers when an alarm opens, the customer admins and
 * admins when it escalates. An emergency call (docs/alarms.md#emergency-call) goes to the admins
 * at once too, and its escalation to the lift's people again: everyone once, whoever is on call
 * marked so.
 */
async function recipientsOf(
  repository: ReturnType<typeof createAlarmsRepository>,
  liftId: string,
  notice: AlarmNotice,
  emergency: boolean,
): Promise<Recipient[]> {
  const first =
    notice === 'escalated'
      ? await repository.escalationRecipients(liftId)
      : await repository.liftRecipients(liftId);
  if (!emergency) return first;
  const more =
    notice === 'escalated' ? await repository.liftRecipients(liftId) : await repository.adminRecipients();
  const byId = new Map<string, Recipient>();
  for (const recipient of [...first, ...more]) {
    const known = byId.get(recipient.id);
    byId.set(recipient.id, known ? { ...known, onCall: known.onCall || recipient.onCall } : recipient);
  }
  return [...byId.values()];
}

/** A phone number as the profile keeps it (digits with the country code) in E.164 for the gateway. */
const e164 = (phone: string) => (phone.startsWith('+') ? phone : `+${phone.replace(/^00/, '')}`);

/**
 * Turns alarms into outbox rows for each recipient by the channels of his notification
 * preference, in his language (docs/alarms.md#notifications): `email/sms` mail and SMS, `email`
 * mail, `sms` SMS, `nothing` nothing; push goes to each of his devices unless he chose `nothing`.
 * The rows are written in the caller's transaction: an alarm and its notifications commit together,
 * and the outbox's worker delivers them (docs/outbox.md).
 */
export function createAlarmNotifier(deps: NotifierDeps) {
  // Counted in the database, so the cap holds across processes (docs/alarms.md#notifications).
  let cleanedHour = 0;

  const messagesFor = (
    recipient: Recipient,
    input: AlarmTextInput,
    alarm: { id: string; liftId: string },
    notice: AlarmNotice,
    pushTargets: { endpoint: string; p256dh: string; auth: string }[],
  ): OutgoingMessage[] => {
    const language = recipient.language;
    // An emergency call reaches whoever serves the lift and the admins by every channel.
    const preference =
      input.kind === 'emergencyCall' && recipient.onCall ? 'email/sms' : recipient.preference;
    const base = {
      kind: KIND_OF[notice],
      cause: `${KIND_OF[notice]}:${alarm.id}`,
      userId: recipient.id,
      alarmId: alarm.id,
      liftId: alarm.liftId,
    };
    const messages: OutgoingMessage[] = [];
    if (preference === 'email' || preference === 'email/sms') {
      messages.push({ ...base, channel: 'mail', to: recipient.email, mail: alarmMail(language, input) });
    }
    if ((preference === 'sms' || preference === 'email/sms') && recipient.phoneNumber) {
      messages.push({
        ...base,
        channel: 'sms',
        to: e164(recipient.phoneNumber),
        body: alarmSms(language, input),
      });
    }
    const payload: AlarmPushPayload = {
      title: alarmTitle(language, input),
      body: alarmLine(language, input),
      url: liftPath(alarm.liftId),
      alarmId: alarm.id,
      liftId: alarm.liftId,
    };
    for (const target of pushTargets) {
      messages.push({
        ...base,
        channel: 'push',
        target,
        title: payload.title,
        payload: JSON.stringify(payload),
      });
    }
    return messages;
  };

  /**
   * Writes the notifications of the alarms through `db` (the transaction that opened, escalated or
   * tested them); answers how many rows were written. A test goes to everyone a real alarm of the
   * lift would reach, marked as a test.
   */
  return async function enqueueNotifications(
    db: Database,
    alarmIds: readonly string[],
    notice: AlarmNotice,
  ): Promise<number> {
    const repository = createAlarmsRepository(db);
    const hour = Math.floor((deps.now?.() ?? Date.now()) / HOUR_MS);
    if (hour !== cleanedHour) {
      cleanedHour = hour;
      await repository.forgetNotificationCounts(hour);
    }
    const messages: OutgoingMessage[] = [];
    for (const alarm of await repository.byIds(alarmIds)) {
      if (deps.quietOffline && alarm.kind === 'offline' && notice !== 'test') continue;
      const input: AlarmTextInput = {
        kind: alarm.kind,
        code: alarm.code,
        name: alarm.name,
        nameDE: alarm.nameDE,
        floor: alarm.floor,
        openedAt: alarm.openedAt,
        liftUid: alarm.liftUid,
        liftAddress: alarm.liftAddress,
        link: `${deps.publicUrl}${liftPath(alarm.liftId)}`,
        escalated: notice === 'escalated',
        test: notice === 'test',
      };
      const emergency = alarm.kind === 'emergencyCall';
      const recipients = await recipientsOf(repository, alarm.liftId, notice, emergency);
      for (const recipient of recipients) {
        if (recipient.preference === 'nothing' && !(emergency && recipient.onCall)) continue;
        // The hourly cap keeps flapping faults from flooding anyone; it never holds back an emergency call.
        const count = await repository.countNotification(recipient.id, hour);
        if (!emergency && count > deps.perUserHourlyLimit) continue;
        messages.push(
          ...messagesFor(recipient, input, alarm, notice, await repository.pushTargets(recipient.id)),
        );
      }
    }
    return (await deps.enqueue(db, messages)).length;
  };
}
