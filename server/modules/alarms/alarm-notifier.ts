import type { FastifyBaseLogger } from 'fastify';
import type { AlarmPushPayload } from '../../../contract/schemas/alarm';
import { HOUR_MS } from '../../../contract/time';
import type { Mailer } from '../../integrations/mail/mailer';
import type { PushSender } from '../../integrations/push/push';
import type { SmsSender } from '../../integrations/sms/sms';
import { type AlarmTextInput, alarmLine, alarmMail, alarmSms, alarmTitle } from './alarm-texts';
import type { AlarmsRepository, Recipient } from './alarms.repository';

export interface NotifierDeps {
  alarms: AlarmsRepository;
  mailer: Mailer;
  sms: SmsSender;
  push: PushSender;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Notifications a user gets at most per hour (demo controllers raise faults on their own). */
  perUserHourlyLimit: number;
  /** Offline alarms are not sent (demo mode, see AlarmsPluginOptions). */
  quietOffline: boolean;
  /** The clock of the hourly cap (tests); `Date.now` otherwise. */
  now?: () => number;
}

/** The lift page in the PWA (src/routes/_app/apps/lift/lifts.$liftId.{-$deviceId}.tsx). */
export const liftPath = (liftId: string) => `/apps/lift/lifts/${liftId}`;

/** A phone number as the profile keeps it (digits with the country code) in E.164 for the gateway. */
const e164 = (phone: string) => (phone.startsWith('+') ? phone : `+${phone.replace(/^00/, '')}`);

/**
 * Tells each recipient of an alarm by the channels of his notification preference, in his
 * language (docs/alarms.md#notifications): `email/sms` mail and SMS, `email` mail, `sms` SMS,
 * `nothing` nothing; push goes to each of his devices unless he chose `nothing`. One failing
 * channel does not keep the others from being tried; failures are logged.
 */
export function createAlarmNotifier(deps: NotifierDeps) {
  // Counted in the database, so the cap holds across processes (docs/alarms.md#notifications).
  let cleanedHour = 0;
  const withinBudget = async (userId: string) => {
    const hour = Math.floor((deps.now?.() ?? Date.now()) / HOUR_MS);
    if (hour !== cleanedHour) {
      cleanedHour = hour;
      await deps.alarms.forgetNotificationCounts(hour);
    }
    return (await deps.alarms.countNotification(userId, hour)) <= deps.perUserHourlyLimit;
  };

  const attempt = async (what: string, to: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      deps.log.warn({ err: error, to }, `alarm ${what} failed`);
    }
  };

  const tell = async (recipient: Recipient, input: AlarmTextInput, alarmId: string, liftId: string) => {
    if (recipient.preference === 'nothing') return;
    if (!(await withinBudget(recipient.id))) {
      deps.log.info({ userId: recipient.id, alarmId }, 'alarm notification over the hourly limit, not sent');
      return;
    }
    const language = recipient.language;
    const work: Promise<void>[] = [];
    if (recipient.preference === 'email' || recipient.preference === 'email/sms') {
      work.push(
        attempt('mail', recipient.email, () =>
          deps.mailer.send({ to: recipient.email, ...alarmMail(language, input) }),
        ),
      );
    }
    if ((recipient.preference === 'sms' || recipient.preference === 'email/sms') && recipient.phoneNumber) {
      const to = e164(recipient.phoneNumber);
      work.push(attempt('sms', to, () => deps.sms.send({ to, body: alarmSms(language, input) })));
    }
    const payload: AlarmPushPayload = {
      title: alarmTitle(language, input),
      body: alarmLine(language, input),
      url: liftPath(liftId),
      alarmId,
      liftId,
    };
    for (const target of await deps.alarms.pushTargets(recipient.id)) {
      work.push(
        attempt('push', target.endpoint, async () => {
          const outcome = await deps.push.send(target, JSON.stringify(payload));
          // Gone (404/410) or not an address the portal may reach: never to be tried again.
          if (outcome === 'gone' || outcome === 'refused') await deps.alarms.removeEndpoint(target.endpoint);
          if (outcome === 'refused')
            deps.log.warn({ alarmId }, 'alarm push refused: endpoint not public, removed');
          if (outcome === 'failed') deps.log.warn({ alarmId }, 'alarm push failed');
        }),
      );
    }
    await Promise.all(work);
  };

  /** Notifies about the alarms: their lift's people, or (escalated) the customer admins and admins. */
  return async function notify(alarmIds: readonly string[], escalated: boolean): Promise<void> {
    for (const alarm of await deps.alarms.byIds(alarmIds)) {
      if (deps.quietOffline && alarm.kind === 'offline') continue;
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
        escalated,
      };
      const recipients = escalated
        ? await deps.alarms.escalationRecipients(alarm.liftId)
        : await deps.alarms.liftRecipients(alarm.liftId);
      await Promise.all(recipients.map((recipient) => tell(recipient, input, alarm.id, alarm.liftId)));
    }
  };
}
