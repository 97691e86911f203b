import { useLingui } from '@lingui/react/macro';
import type { EarlyWarningRule } from '../../../contract/early-warnings';
import type { EarlyWarning } from '../../../contract/schemas/early-warning';
import { dateTimeFormat, numberFormat } from '../../data/i18n/intl-format';

/** `YYYY-MM-DD` as the reader writes a day. */
export function formatDay(day: string, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** The words of each rule (docs/early-warnings.md#rules): a title, the series' name and its reason. */
export function useWarningTexts() {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const figure = (value: number, digits = 1) =>
    numberFormat(locale, { maximumFractionDigits: digits }).format(value);
  const titles: Record<EarlyWarningRule, string> = {
    faultRate: t`Faults rising`,
    doorFaults: t`Door faults rising`,
    standstill: t`Standing still without a fault`,
    hoursWithoutTrips: t`Operating hours without trips`,
  };
  const seriesNames: Record<EarlyWarningRule, string> = {
    faultRate: t`Faults per 1,000 trips (7 days)`,
    doorFaults: t`Door faults per 1,000 trips (7 days)`,
    standstill: t`Trips per day`,
    hoursWithoutTrips: t`Operating hours per day`,
  };
  function reason(w: EarlyWarning): string {
    const day = formatDay(w.day, locale);
    // Rates to two decimals, hours to one, trips whole.
    const digits = w.rule === 'standstill' ? 0 : w.rule === 'hoursWithoutTrips' ? 1 : 2;
    const value = figure(w.value, digits);
    const expected = figure(w.expected, digits);
    const threshold = figure(w.threshold, digits);
    const count = figure(w.count, 0);
    switch (w.rule) {
      case 'faultRate':
        return t`In the 7 days to ${day} the lift had ${count} faults (doors not counted): ${value} per 1,000 trips, where its 28 days before had ${expected}. From ${threshold} on this is unusual for this lift.`;
      case 'doorFaults':
        return t`In the 7 days to ${day} the lift had ${count} door faults: ${value} per 1,000 trips, where its 28 days before had ${expected}. From ${threshold} on this is unusual for this lift.`;
      case 'standstill':
        return t`On ${day} the lift made ${count} trips, where it normally makes ${expected} on such a day, and no fault was reported. The lift may be standing still, switched off or blocked.`;
      case 'hoursWithoutTrips':
        return t`On ${day} the lift ran ${value} operating hours, where its ${count} trips account for ${expected} h (unusual above ${threshold} h). The drive may be running without trips.`;
    }
  }
  return { titles, seriesNames, reason, figure };
}
