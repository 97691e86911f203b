import { describe, expect, it } from 'vitest';
import { openDuration } from './open-duration';

const now = new Date('2026-11-28T15:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;

describe('openDuration', () => {
  it('says hours and minutes in the locale, days and hours from a day on', () => {
    expect(openDuration('de', ago((3 * 60 + 12) * MIN), now)).toBe('3 Std. 12 Min.');
    expect(openDuration('en', ago((3 * 60 + 12) * MIN), now)).toBe('3 hr 12 min');
    expect(openDuration('de', ago(5 * MIN), now)).toBe('5 Min.');
    expect(openDuration('en', ago((2 * 24 * 60 + 5 * 60) * MIN), now)).toBe('2 days 5 hr');
  });
});
