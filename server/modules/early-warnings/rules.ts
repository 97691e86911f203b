import type { EarlyWarningRule } from '../../../contract/early-warnings';

/**
 * The early-warning rules (docs/early-warnings.md), pure: each lift is compared with its own last
 * 28 days, never with other lifts. Every rule has a minimum of data before it speaks and a minimum
 * effect besides its statistical test, so that lifts with few trips do not flap.
 */

/** One calendar day of a lift (Europe/Berlin) as the daily roll-ups have it. */
export interface DayFigures {
  /** `YYYY-MM-DD` */
  day: string;
  /** False: the controller sent no counters that day (offline is the alarms' business, not a standstill). */
  hasData: boolean;
  trips: number;
  hours: number;
  /** Faults raised with a code outside the door set (contract/early-warnings.ts). */
  faults: number;
  /** Faults raised with a door code. */
  doorFaults: number;
  /** A fault was raised or an outage ran during the day: a standstill then has its reason. */
  faultActive: boolean;
}

/** What a rule makes of one day: the figure, its baseline, the band around it and whether it left it. */
export interface RulePoint {
  /** Null: the rule does not speak that day (too little data, or the lift does not normally run). */
  value: number | null;
  expected: number | null;
  low: number | null;
  high: number | null;
  flagged: boolean;
  /** Faults in the window (fault rules), trips of the day (the others). */
  count: number;
}

export const RULE_SETTINGS = {
  /** The lift's own history the day is compared with. */
  baselineDays: 28,
  /** Days of the baseline that must have data before a rule speaks. */
  minBaselineDays: 21,
  /** Fault rules: faults are sparse, so they are counted over a week. */
  rateWindowDays: 7,
  /** Fault rules: the chance of as many faults at the baseline rate must be below this. */
  alpha: 0.001,
  /** Fault rules: at least this many faults in the window … */
  minFaults: 3,
  /** … at least this multiple of the baseline rate … */
  minRateRatio: 2,
  /** … and enough trips to measure a rate on. */
  minBaselineTrips: 1000,
  minWindowTrips: 200,
  /** Standstill: the lift normally makes at least this many trips on such a day (median) … */
  minNormalTrips: 20,
  /** … and made at most this share of them … */
  standstillShare: 0.2,
  /** … and at least this many robust standard deviations below. */
  z: 4,
  /** Standstill: days of the same kind (working day or weekend) the baseline must have. */
  minSameKindDays: 4,
  /** Hours without trips: the excess must be at least this many hours … */
  minExcessHours: 1,
  /** … and at least this share of the lift's usual operating hours of a day. */
  minExcessShare: 0.5,
} as const;

const S = RULE_SETTINGS;

/** P(X ≥ k) for X Poisson with mean `lambda`. */
export function poissonUpperTail(k: number, lambda: number): number {
  if (k <= 0) return 1;
  if (lambda <= 0) return 0;
  if (lambda > 500) {
    // Far beyond any week of faults; the normal approximation with continuity correction.
    const z = (k - 0.5 - lambda) / Math.sqrt(lambda);
    return 0.5 * erfc(z / Math.SQRT2);
  }
  let term = Math.exp(-lambda);
  let below = 0;
  for (let j = 0; j < k; j++) {
    below += term;
    term *= lambda / (j + 1);
  }
  return Math.max(0, 1 - below);
}

/** Complementary error function (Abramowitz and Stegun 7.1.26), enough for a tail probability. */
function erfc(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const value = y * Math.exp(-x * x);
  return x >= 0 ? value : 2 - value;
}

/** The smallest count of faults in the window at which a fault rule fires, for the expected `lambda`. */
export function faultThreshold(lambda: number): number {
  let k = Math.max(S.minFaults, Math.ceil(S.minRateRatio * lambda - 1e-9));
  while (poissonUpperTail(k, lambda) > S.alpha) k++;
  return k;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The median absolute deviation scaled to a standard deviation of normal data (× 1.4826). */
export function robustSigma(values: readonly number[]): number {
  const m = median(values);
  return 1.4826 * median(values.map((v) => Math.abs(v - m)));
}

const silent = (count = 0): RulePoint => ({
  value: null,
  expected: null,
  low: null,
  high: null,
  flagged: false,
  count,
});

const weekend = (day: string) => {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
};

/** The 28 days before index `end` (exclusive) that have data. */
function baseline(days: readonly DayFigures[], end: number): DayFigures[] {
  return days.slice(Math.max(0, end - S.baselineDays), Math.max(0, end)).filter((d) => d.hasData);
}

/**
 * Faults (or door faults) per 1,000 trips over the 7 days up to day `i`, against the rate of the 28
 * days before them. The baseline rate counts one fault more than seen, so a lift without faults in
 * its baseline is not taken for perfect. Fires when the window's count is unlikely under that rate
 * (Poisson tail ≤ alpha), at least `minFaults` and at least `minRateRatio` times the baseline rate.
 */
function faultRule(days: readonly DayFigures[], i: number, pick: (d: DayFigures) => number): RulePoint {
  const windowStart = i - S.rateWindowDays + 1;
  if (windowStart < 0) return silent();
  const window = days.slice(windowStart, i + 1).filter((d) => d.hasData);
  const base = baseline(days, windowStart);
  const count = window.reduce((sum, d) => sum + pick(d), 0);
  const windowTrips = window.reduce((sum, d) => sum + d.trips, 0);
  const baseTrips = base.reduce((sum, d) => sum + d.trips, 0);
  if (base.length < S.minBaselineDays || baseTrips < S.minBaselineTrips || windowTrips < S.minWindowTrips) {
    return silent(count);
  }
  const baseRate = (base.reduce((sum, d) => sum + pick(d), 0) + 1) / baseTrips;
  const lambda = baseRate * windowTrips;
  const threshold = faultThreshold(lambda);
  return {
    value: (1000 * count) / windowTrips,
    expected: 1000 * baseRate,
    low: 0,
    high: (1000 * threshold) / windowTrips,
    flagged: count >= threshold,
    count,
  };
}

/**
 * Trips of day `i` against the median of the same kind of day (working day or weekend) in the 28
 * days before, on a lift that normally runs: fires when the day has at most `standstillShare` of
 * them, lies `z` robust standard deviations below (floored at a Poisson count's √median) and no
 * fault explains it.
 */
function standstillRule(days: readonly DayFigures[], i: number): RulePoint {
  const today = days[i];
  if (!today?.hasData) return silent();
  const base = baseline(days, i);
  const same = base.filter((d) => weekend(d.day) === weekend(today.day)).map((d) => d.trips);
  if (base.length < S.minBaselineDays || same.length < S.minSameKindDays) return silent(today.trips);
  const normal = median(same);
  if (normal < S.minNormalTrips) return silent(today.trips);
  const sigma = Math.max(robustSigma(same), Math.sqrt(normal));
  const low = Math.max(0, Math.min(S.standstillShare * normal, normal - S.z * sigma));
  return {
    value: today.trips,
    expected: normal,
    low,
    high: normal + S.z * sigma,
    flagged: today.trips <= low && !today.faultActive,
    count: today.trips,
  };
}

/**
 * Operating hours of day `i` beyond what its trips explain: the baseline's hours per trip times the
 * day's trips, plus the baseline's usual excess. Fires when the excess is `z` robust standard
 * deviations above, at least `minExcessHours` and at least `minExcessShare` of a usual day's hours.
 */
function hoursRule(days: readonly DayFigures[], i: number): RulePoint {
  const today = days[i];
  if (!today?.hasData) return silent();
  const base = baseline(days, i);
  const baseTrips = base.reduce((sum, d) => sum + d.trips, 0);
  if (base.length < S.minBaselineDays || baseTrips < S.minBaselineTrips) return silent(today.trips);
  const perTrip = base.reduce((sum, d) => sum + d.hours, 0) / baseTrips;
  const excesses = base.map((d) => d.hours - perTrip * d.trips);
  const usualExcess = median(excesses);
  const usualHours = median(base.map((d) => d.hours));
  const margin = Math.max(S.z * robustSigma(excesses), S.minExcessHours, S.minExcessShare * usualHours);
  const expected = Math.max(0, perTrip * today.trips + usualExcess);
  return {
    value: today.hours,
    expected,
    low: Math.max(0, expected - margin),
    high: expected + margin,
    flagged: today.hours > expected + margin,
    count: today.trips,
  };
}

/** Rule `rule` on day `i` of `days` (one entry per calendar day, oldest first, gaps as `hasData: false`). */
export function evaluateDay(days: readonly DayFigures[], i: number, rule: EarlyWarningRule): RulePoint {
  switch (rule) {
    case 'faultRate':
      return faultRule(days, i, (d) => d.faults);
    case 'doorFaults':
      return faultRule(days, i, (d) => d.doorFaults);
    case 'standstill':
      return standstillRule(days, i);
    case 'hoursWithoutTrips':
      return hoursRule(days, i);
  }
}

/** Index of the first day of the run of flagged points that ends at the last one; null if the last is not flagged. */
export function flaggedSince(points: readonly { flagged: boolean }[]): number | null {
  let start = points.length;
  while (start > 0 && points[start - 1]?.flagged) start--;
  return start === points.length ? null : start;
}
