import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export type RelativeTimeStep = { unit: 'seconds' } | { unit: 'minute' | 'hour' | 'day'; count: number };

/**
 * Spec §9: under 2 minutes "a few seconds", then whole minutes below 60, hours below 24, then
 * days. A time in the future (a clock running ahead) counts as just now.
 */
export function relativeTimeStep(time: Date | string, now: Date = new Date()): RelativeTimeStep {
  const elapsed = Math.max(0, now.getTime() - new Date(time).getTime());
  if (elapsed < 2 * MINUTE_MS) return { unit: 'seconds' };
  if (elapsed < HOUR_MS) return { unit: 'minute', count: Math.floor(elapsed / MINUTE_MS) };
  if (elapsed < DAY_MS) return { unit: 'hour', count: Math.floor(elapsed / HOUR_MS) };
  return { unit: 'day', count: Math.floor(elapsed / DAY_MS) };
}

/** "a few seconds ago", "5 minutes ago", "vor 3 Stunden", … in the active language. */
export function relativeTime(i18n: I18n, time: Date | string, now: Date = new Date()): string {
  const step = relativeTimeStep(time, now);
  if (step.unit === 'seconds') return i18n._(msg`a few seconds ago`);
  // The platform knows each language's plural forms for minutes, hours and days.
  return new Intl.RelativeTimeFormat(i18n.locale, { numeric: 'always' }).format(-step.count, step.unit);
}
