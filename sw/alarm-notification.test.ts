import { describe, expect, it } from 'vitest';
import type { AlarmPushPayload } from '../contract/schemas/alarm';
import { ACKNOWLEDGE_ACTION, alarmNotification, isAlarmPush, notificationTarget } from './alarm-notification';

const push: AlarmPushPayload = {
  title: 'Alarm AZ-1: Fehler 101: Türzonenfehler',
  body: 'Teststraße 1, Berlin',
  url: '/apps/lift/lifts/7c0e',
  alarmId: 'a1/b2',
  liftId: '7c0e',
};

describe('alarm notifications', () => {
  it('take only alarm pushes', () => {
    expect(isAlarmPush(push)).toBe(true);
    expect(isAlarmPush({ title: 'x' })).toBe(false);
    expect(isAlarmPush(null)).toBe(false);
  });

  it('offer "Acknowledge" in the device’s language and carry what the click needs', () => {
    const german = alarmNotification(push, 'de-DE');
    expect(german.actions).toEqual([{ action: ACKNOWLEDGE_ACTION, title: 'Quittieren' }]);
    expect(german).toMatchObject({
      tag: 'alarm-a1/b2',
      requireInteraction: true,
      data: { alarmId: 'a1/b2' },
    });
    expect(alarmNotification(push, 'en-GB').actions[0]?.title).toBe('Acknowledge');
  });

  it('open the alarms page that acknowledges, or the lift, and nothing outside the portal', () => {
    const { data } = alarmNotification(push, 'de');
    expect(notificationTarget(ACKNOWLEDGE_ACTION, data)).toBe('/apps/alarms?acknowledge=a1%2Fb2');
    expect(notificationTarget('', data)).toBe('/apps/lift/lifts/7c0e');
    expect(notificationTarget('', { url: 'https://evil.example/' })).toBe('/');
    expect(notificationTarget('', { url: '//evil.example/' })).toBe('/');
    expect(notificationTarget(ACKNOWLEDGE_ACTION, null)).toBe('/');
  });
});
