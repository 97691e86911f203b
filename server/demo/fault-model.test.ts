import { describe, expect, it } from 'vitest';
import { seededRandom } from '../lib/seeded-random';
import { DEMO_FAULT_RATES, FaultModel } from './fault-model';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const codes = { errors: [101, 102, 103, 104], infos: [201, 202] };

/** Twelve lifts riding every 4 s (the demo's interval) for `hours`, on a controlled clock. */
function simulate(hours: number, { intervalMs = 4000, lifts = 12, seed = 7 } = {}) {
  const random = seededRandom(seed);
  const models = Array.from({ length: lifts }, () => new FaultModel(codes, { random }));
  const raised: number[] = [];
  const durations: number[] = [];
  const openSince = new Map<number, number>();
  let maxOpenAtOnce = 0;
  let openSamples = 0;
  let samples = 0;
  for (let now = 0; now <= hours * HOUR; now += intervalMs) {
    models.forEach((model, lift) => {
      for (const event of model.step(now)) {
        if (event.type !== 'error') continue;
        if (event.active) {
          raised.push(lift);
          openSince.set(lift, now);
        } else {
          durations.push(now - (openSince.get(lift) ?? now));
          openSince.delete(lift);
        }
      }
    });
    maxOpenAtOnce = Math.max(maxOpenAtOnce, openSince.size);
    openSamples += openSince.size;
    samples += lifts;
  }
  return { raised, durations, maxOpenAtOnce, openShare: openSamples / samples };
}

describe('demo fault model', () => {
  it('raises a fault every few hours per lift at most, clears most within minutes, keeps few lifts broken', () => {
    const hours = 7 * 24;
    const { raised, durations, maxOpenAtOnce, openShare } = simulate(hours);
    const faultsPerLiftHour = raised.length / 12 / hours;
    // About one every 6 hours; never one an hour.
    expect(faultsPerLiftHour).toBeGreaterThan(1 / 12);
    expect(faultsPerLiftHour).toBeLessThan(1 / 3);
    const sorted = [...durations].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? Number.POSITIVE_INFINITY;
    expect(median).toBeLessThan(10 * MINUTE);
    const clearedWithinQuarterHour = durations.filter((d) => d <= 15 * MINUTE).length / durations.length;
    expect(clearedWithinQuarterHour).toBeGreaterThan(0.7);
    // A small share of lift time with an open fault, and never most of the twelve at once.
    expect(openShare).toBeLessThan(0.08);
    expect(maxOpenAtOnce).toBeLessThanOrEqual(4);
  });

  it('is the same per hour whatever the ride interval', () => {
    const fast = simulate(48, { intervalMs: 1000, seed: 3 });
    const slow = simulate(48, { intervalMs: 20_000, seed: 3 });
    const perHour = (n: number) => n / 12 / 48;
    expect(perHour(fast.raised.length)).toBeLessThan(1 / 3);
    expect(perHour(slow.raised.length)).toBeLessThan(1 / 3);
    expect(perHour(fast.raised.length)).toBeGreaterThan(1 / 15);
    expect(perHour(slow.raised.length)).toBeGreaterThan(1 / 15);
  });

  it('half an hour after the start, most of the twelve lifts are fine (the issue: 12 of 13 broken)', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { raised } = simulate(0.5, { seed });
      expect(new Set(raised).size).toBeLessThanOrEqual(4);
    }
  });

  it('clears every fault it raised and raises none while one is open', () => {
    const random = seededRandom(11);
    const model = new FaultModel(codes, {
      random,
      rates: { ...DEMO_FAULT_RATES, meanTimeBetweenFaultsMs: MINUTE },
    });
    let open: number | null = null;
    for (let now = 0; now < 24 * HOUR; now += 4000) {
      for (const event of model.step(now)) {
        if (event.type !== 'error') continue;
        if (event.active) {
          expect(open).toBeNull();
          open = event.code;
        } else {
          expect(event.code).toBe(open);
          open = null;
        }
      }
    }
  });
});
