import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../contract/time';
import {
  type DayFigures,
  evaluateDay,
  faultThreshold,
  flaggedSince,
  median,
  poissonUpperTail,
  RULE_SETTINGS,
  robustSigma,
} from './rules';

/** `count` days from Monday 2026-01-05, each from `make(index, weekend)`. */
function history(count: number, make: (i: number, weekend: boolean) => Partial<DayFigures>): DayFigures[] {
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.parse('2026-01-05T12:00:00Z') + i * DAY_MS).toISOString().slice(0, 10);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    return {
      day,
      hasData: true,
      trips: 300,
      hours: 3,
      faults: 0,
      doorFaults: 0,
      faultActive: false,
      ...make(i, weekday === 0 || weekday === 6),
    };
  });
}
const last = (days: DayFigures[]) => days.length - 1;

describe('statistics', () => {
  it('answers Poisson tails', () => {
    expect(poissonUpperTail(0, 2)).toBe(1);
    expect(poissonUpperTail(1, 1)).toBeCloseTo(1 - Math.exp(-1), 10);
    expect(poissonUpperTail(3, 2)).toBeCloseTo(1 - 5 * Math.exp(-2), 10);
    expect(poissonUpperTail(1200, 1000)).toBeLessThan(1e-8);
  });

  it('asks at least minFaults, at least twice the expected faults and a tail at most alpha', () => {
    expect(faultThreshold(0.1)).toBe(RULE_SETTINGS.minFaults);
    const k = faultThreshold(2);
    expect(k).toBeGreaterThanOrEqual(4);
    expect(poissonUpperTail(k, 2)).toBeLessThanOrEqual(RULE_SETTINGS.alpha);
    expect(poissonUpperTail(k - 1, 2)).toBeGreaterThan(RULE_SETTINGS.alpha);
  });

  it('has median and a robust sigma that ignores one outlier', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(robustSigma([10, 10, 11, 9, 10, 1000])).toBeCloseTo(1.4826 * 0.5, 6);
  });
});

describe('fault rules', () => {
  // One fault every three days at 300 trips a day: about 1.1 per 1,000 trips.
  const base = (i: number) => ({ faults: i % 3 === 0 ? 1 : 0, doorFaults: i % 5 === 0 ? 1 : 0 });

  it('flag a week with many more faults per trip than the 28 days before', () => {
    const days = history(40, (i) => (i >= 33 ? { faults: 2 } : base(i)));
    const point = evaluateDay(days, last(days), 'faultRate');
    expect(point.flagged).toBe(true);
    expect(point.count).toBe(14);
    expect(point.value).toBeCloseTo((1000 * 14) / 2100, 6);
    expect(point.value).toBeGreaterThan(point.high ?? Infinity);
    expect(evaluateDay(days, last(days), 'doorFaults').flagged).toBe(false);
  });

  it('stay quiet on a usual week, and on two faults more where the lift had none', () => {
    expect(evaluateDay(history(40, base), 39, 'faultRate').flagged).toBe(false);
    const two = history(40, (i) => ({ doorFaults: i === 38 || i === 39 ? 1 : 0 }));
    expect(evaluateDay(two, 39, 'doorFaults').flagged).toBe(false);
  });

  it('count door faults apart and flag them rising', () => {
    const days = history(40, (i) => (i >= 34 ? { ...base(i), doorFaults: 2 } : base(i)));
    expect(evaluateDay(days, 39, 'doorFaults').flagged).toBe(true);
    expect(evaluateDay(days, 39, 'faultRate').flagged).toBe(false);
  });

  it('do not speak without 21 days of baseline or on a lift with too few trips', () => {
    const young = history(25, (i) => ({ faults: i > 18 ? 3 : 0 }));
    expect(evaluateDay(young, 24, 'faultRate')).toMatchObject({ value: null, flagged: false });
    const tiny = history(40, (i) => ({ trips: 20, faults: i > 33 ? 3 : 0 }));
    expect(evaluateDay(tiny, 39, 'faultRate')).toMatchObject({ value: null, flagged: false });
  });
});

describe('standstill', () => {
  it('flags a day without trips on a lift that runs, unless a fault explains it', () => {
    const days = history(30, (i) => (i === 29 ? { trips: 0, hours: 0 } : { trips: 280 + (i % 5) * 10 }));
    const point = evaluateDay(days, 29, 'standstill');
    expect(point).toMatchObject({ flagged: true, value: 0, count: 0 });
    expect(point.expected).toBeGreaterThan(250);
    const explained = days.map((d, i) => (i === 29 ? { ...d, faultActive: true } : d));
    expect(evaluateDay(explained, 29, 'standstill').flagged).toBe(false);
  });

  it('compares a weekend with weekends: an office quiet on Sundays is no standstill', () => {
    // Day 27 of a history from Monday 2026-01-05 is Sunday 2026-02-01.
    const days = history(28, (_i, weekend) => ({ trips: weekend ? 3 : 300 }));
    expect(days[27]?.day).toBe('2026-02-01');
    expect(evaluateDay(days, 27, 'standstill')).toMatchObject({ flagged: false, value: null });
  });

  it('says nothing about a day without data', () => {
    const days = history(30, (i) => (i === 29 ? { hasData: false, trips: 0 } : {}));
    expect(evaluateDay(days, 29, 'standstill')).toMatchObject({ flagged: false, value: null });
  });
});

describe('hours without trips', () => {
  it('flags operating hours its trips do not explain', () => {
    const days = history(30, (i) => ({ hours: i === 29 ? 6 : 3 + (i % 3) * 0.05 }));
    const point = evaluateDay(days, 29, 'hoursWithoutTrips');
    expect(point.flagged).toBe(true);
    expect(point.expected).toBeCloseTo(3.05, 1);
  });

  it('takes fewer hours on fewer trips as normal, and half an hour more as noise', () => {
    const fewer = history(30, (i) => (i === 29 ? { trips: 100, hours: 1 } : {}));
    expect(evaluateDay(fewer, 29, 'hoursWithoutTrips').flagged).toBe(false);
    const noise = history(30, (i) => (i === 29 ? { hours: 3.5 } : {}));
    expect(evaluateDay(noise, 29, 'hoursWithoutTrips').flagged).toBe(false);
  });
});

describe('flaggedSince', () => {
  it('finds the start of the run that ends at the last point', () => {
    const f = (flags: boolean[]) => flaggedSince(flags.map((flagged) => ({ flagged })));
    expect(f([false, true, false, true, true])).toBe(3);
    expect(f([true, true])).toBe(0);
    expect(f([true, false])).toBeNull();
    expect(f([])).toBeNull();
  });
});
