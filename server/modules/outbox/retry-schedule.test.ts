import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../contract/settings';
import { pastGivingUp, retryDelayMs } from './retry-schedule';

const settings = DEFAULT_SETTINGS.outbox;

describe('retry schedule (docs/outbox.md#retries)', () => {
  it('retries the first time within 30 s, then doubles up to the 15-minute cap', () => {
    const lowest = [1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => retryDelayMs(attempt, settings, 0));
    const highest = [1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => retryDelayMs(attempt, settings, 0.999_999));
    expect(highest[0]).toBeLessThanOrEqual(30_000);
    expect(lowest).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 450_000, 450_000]);
    expect(highest).toEqual([20_000, 40_000, 80_000, 160_000, 320_000, 640_000, 900_000, 900_000]);
    expect(retryDelayMs(60, settings, 0.999_999)).toBe(900_000);
  });

  it('waits at least a Retry-After, never less', () => {
    expect(retryDelayMs(1, settings, 0, 5_000)).toBe(10_000);
    expect(retryDelayMs(1, settings, 0, 60_000)).toBe(60_000);
  });

  it('gives up 24 hours after the message was written', () => {
    const createdAt = new Date('2026-11-28T10:00:00Z');
    expect(pastGivingUp(createdAt, new Date('2026-11-29T09:59:59Z'), settings)).toBe(false);
    expect(pastGivingUp(createdAt, new Date('2026-11-29T10:00:00Z'), settings)).toBe(true);
  });
});
