import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { relativeTime, relativeTimeStep } from './relative-time';

const now = new Date('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTimeStep (spec §9)', () => {
  it.each([
    ['now', 0, { unit: 'seconds' }],
    ['a time slightly in the future', -5 * SECOND, { unit: 'seconds' }],
    ['59 seconds', 59 * SECOND, { unit: 'seconds' }],
    ['1 minute 59 seconds', 2 * MINUTE - 1, { unit: 'seconds' }],
    ['exactly 2 minutes', 2 * MINUTE, { unit: 'minute', count: 2 }],
    ['59 minutes', 59 * MINUTE + 59 * SECOND, { unit: 'minute', count: 59 }],
    ['exactly 1 hour', HOUR, { unit: 'hour', count: 1 }],
    ['23 hours 59 minutes', DAY - MINUTE, { unit: 'hour', count: 23 }],
    ['exactly 1 day', DAY, { unit: 'day', count: 1 }],
    ['45 days', 45 * DAY, { unit: 'day', count: 45 }],
  ])('%s ago', (_case, elapsed, expected) => {
    expect(relativeTimeStep(ago(elapsed), now)).toEqual(expected);
  });

  it('takes ISO strings as the API sends them', () => {
    expect(relativeTimeStep(ago(3 * HOUR).toISOString(), now)).toEqual({ unit: 'hour', count: 3 });
  });
});

describe('relativeTime', () => {
  it('speaks English', () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    expect(relativeTime(i18n, ago(30 * SECOND), now)).toBe('a few seconds ago');
    expect(relativeTime(i18n, ago(5 * MINUTE), now)).toBe('5 minutes ago');
    expect(relativeTime(i18n, ago(1 * HOUR), now)).toBe('1 hour ago');
    expect(relativeTime(i18n, ago(3 * DAY), now)).toBe('3 days ago');
  });

  it('speaks German through the catalog and the platform', async () => {
    const { messages } = await import('../locales/de/messages.po');
    const i18n = setupI18n({ locale: 'de', messages: { de: messages } });
    expect(relativeTime(i18n, ago(30 * SECOND), now)).toBe('vor ein paar Sekunden');
    expect(relativeTime(i18n, ago(5 * MINUTE), now)).toBe('vor 5 Minuten');
    expect(relativeTime(i18n, ago(2 * HOUR), now)).toBe('vor 2 Stunden');
    expect(relativeTime(i18n, ago(1 * DAY), now)).toBe('vor 1 Tag');
  });
});
