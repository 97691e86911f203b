import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { relativeTime, relativeTimeDirection, relativeTimeStep } from './relative-time';

const now = new Date('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const ahead = (ms: number) => new Date(now.getTime() + ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const english = setupI18n({ locale: 'en', messages: { en: {} } });
const german = async () => {
  const { messages } = await import('../../locales/de/messages.po');
  return setupI18n({ locale: 'de', messages: { de: messages } });
};

describe('relativeTimeStep (docs/spec-texts.md#constants)', () => {
  it.each([
    ['now', 0, { unit: 'seconds' }],
    ['59 seconds', 59 * SECOND, { unit: 'seconds' }],
    ['119 seconds', 119 * SECOND, { unit: 'seconds' }],
    ['1 minute 59.999 seconds', 2 * MINUTE - 1, { unit: 'seconds' }],
    ['120 seconds', 120 * SECOND, { unit: 'minute', count: 2 }],
    ['59 minutes', 59 * MINUTE, { unit: 'minute', count: 59 }],
    ['59 minutes 59 seconds', 59 * MINUTE + 59 * SECOND, { unit: 'minute', count: 59 }],
    ['60 minutes', 60 * MINUTE, { unit: 'hour', count: 1 }],
    ['23 hours', 23 * HOUR, { unit: 'hour', count: 23 }],
    ['23 hours 59 minutes', DAY - MINUTE, { unit: 'hour', count: 23 }],
    ['24 hours', 24 * HOUR, { unit: 'day', count: 1 }],
    ['45 days', 45 * DAY, { unit: 'day', count: 45 }],
  ])('%s, before and after now', (_case, distance, expected) => {
    expect(relativeTimeStep(ago(distance), now)).toEqual(expected);
    expect(relativeTimeStep(ahead(distance), now)).toEqual(expected);
  });

  it('takes ISO strings as the API sends them', () => {
    expect(relativeTimeStep(ago(3 * HOUR).toISOString(), now)).toEqual({ unit: 'hour', count: 3 });
    expect(relativeTimeDirection(ago(3 * HOUR).toISOString(), now)).toBe('past');
    expect(relativeTimeDirection(ahead(1).toISOString(), now)).toBe('future');
    expect(relativeTimeDirection(now, now)).toBe('past');
  });
});

/** The boundaries of docs/spec-texts.md#constants in both directions: [distance, English past, English future, German past, German future]. */
const BOUNDARIES: Array<[string, number, string, string, string, string]> = [
  ['0 s', 0, 'a few seconds ago', 'a few seconds ago', 'vor ein paar Sekunden', 'vor ein paar Sekunden'],
  [
    '30 s',
    30 * SECOND,
    'a few seconds ago',
    'in a few seconds',
    'vor ein paar Sekunden',
    'in ein paar Sekunden',
  ],
  [
    '119 s',
    119 * SECOND,
    'a few seconds ago',
    'in a few seconds',
    'vor ein paar Sekunden',
    'in ein paar Sekunden',
  ],
  ['120 s', 120 * SECOND, '2 minutes ago', 'in 2 minutes', 'vor 2 Minuten', 'in 2 Minuten'],
  ['59 min', 59 * MINUTE, '59 minutes ago', 'in 59 minutes', 'vor 59 Minuten', 'in 59 Minuten'],
  ['60 min', 60 * MINUTE, '1 hour ago', 'in 1 hour', 'vor 1 Stunde', 'in 1 Stunde'],
  ['23 h', 23 * HOUR, '23 hours ago', 'in 23 hours', 'vor 23 Stunden', 'in 23 Stunden'],
  ['24 h', 24 * HOUR, '1 day ago', 'in 1 day', 'vor 1 Tag', 'in 1 Tag'],
  ['3 days', 3 * DAY, '3 days ago', 'in 3 days', 'vor 3 Tagen', 'in 3 Tagen'],
];

describe('relativeTime', () => {
  it.each(BOUNDARIES)('speaks English at %s', (_case, distance, past, future) => {
    expect(relativeTime(english, ago(distance), now)).toBe(past);
    expect(relativeTime(english, ahead(distance), now)).toBe(distance === 0 ? past : future);
  });

  it.each(BOUNDARIES)('speaks German at %s, through the catalog and the platform', async (...row) => {
    const [, distance, , , past, future] = row;
    const i18n = await german();
    expect(relativeTime(i18n, ago(distance), now)).toBe(past);
    expect(relativeTime(i18n, ahead(distance), now)).toBe(distance === 0 ? past : future);
  });

  it('reads an event that seems ahead of now as just past, when told it happened', async () => {
    expect(relativeTime(english, ahead(20 * SECOND), now, { past: true })).toBe('a few seconds ago');
    expect(relativeTime(english, ahead(5 * MINUTE), now, { past: true })).toBe('a few seconds ago');
    expect(relativeTime(english, ago(5 * MINUTE), now, { past: true })).toBe('5 minutes ago');
    expect(relativeTime(await german(), ahead(20 * SECOND), now, { past: true })).toBe(
      'vor ein paar Sekunden',
    );
  });
});
