import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../contract/time';
import { relativeTimeFormat } from './intl-format';

export type RelativeTimeStep = { unit: 'seconds' } | { unit: 'minute' | 'hour' | 'day'; count: number };

/** Where a time lies from now: before it (a message, a sync) or after it (an expiry). */
export type RelativeTimeDirection = 'past' | 'future';

/**
 * docs/spec-texts.md#constants: under 2 minutes "a few seconds", then whole minutes below 60, hours below 24, then
 * days; the same steps before and after now.
 */
export function relativeTimeStep(time: Date | string, now: Date = new Date()): RelativeTimeStep {
  const distance = Math.abs(now.getTime() - new Date(time).getTime());
  if (distance < 2 * MINUTE_MS) return { unit: 'seconds' };
  if (distance < HOUR_MS) return { unit: 'minute', count: Math.floor(distance / MINUTE_MS) };
  if (distance < DAY_MS) return { unit: 'hour', count: Math.floor(distance / HOUR_MS) };
  return { unit: 'day', count: Math.floor(distance / DAY_MS) };
}

export function relativeTimeDirection(time: Date | string, now: Date = new Date()): RelativeTimeDirection {
  return new Date(time).getTime() > now.getTime() ? 'future' : 'past';
}

export interface RelativeTimeOptions {
  /**
   * The time is an event that already happened (a message sent, a sync done): one that seems ahead
   * of `now` (a clock running ahead, or a `now` that ticks only every few seconds) reads as just
   * past, "a few seconds ago".
   */
  past?: boolean;
}

/**
 * The one way the portal says how long ago or ahead a time is, in the active language:
 * "a few seconds ago" / "vor ein paar Sekunden", "in a few seconds" / "in ein paar Sekunden",
 * "5 minutes ago" / "vor 5 Minuten", "in 3 hours" / "in 3 Stunden", "1 day ago" / "vor 1 Tag".
 */
export function relativeTime(
  i18n: I18n,
  time: Date | string,
  now: Date = new Date(),
  options: RelativeTimeOptions = {},
): string {
  const future = relativeTimeDirection(time, now) === 'future';
  if (future && options.past) return i18n._(msg`a few seconds ago`);
  const step = relativeTimeStep(time, now);
  if (step.unit === 'seconds') return i18n._(future ? msg`in a few seconds` : msg`a few seconds ago`);
  // The platform knows each language's plural forms for minutes, hours and days.
  return relativeTimeFormat(i18n.locale, { numeric: 'always' }).format(
    future ? step.count : -step.count,
    step.unit,
  );
}
