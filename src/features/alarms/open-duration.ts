import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../contract/time';
import { numberFormat } from '../../data/i18n/intl-format';

/**
 * How long an alarm has been open, in the locale's short units: "3 Std., 12 Min." / "3 hr, 12 min",
 * days and hours from a day on, never less than a minute's unit ("0 Min.").
 */
export function openDuration(locale: string, since: string, now: Date = new Date()): string {
  const ms = Math.max(0, now.getTime() - new Date(since).getTime());
  const unit = (value: number, name: 'day' | 'hour' | 'minute') =>
    numberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((ms % HOUR_MS) / MINUTE_MS);
  const parts =
    days > 0
      ? [unit(days, 'day'), ...(hours > 0 ? [unit(hours, 'hour')] : [])]
      : hours > 0
        ? [unit(hours, 'hour'), unit(minutes, 'minute')]
        : [unit(minutes, 'minute')];
  return parts.join(' ');
}
