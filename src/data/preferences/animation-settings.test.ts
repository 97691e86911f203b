import { describe, expect, it } from 'vitest';
import {
  ANIMATION_DURATION_MS,
  ANIMATIONS_OFF_DURATION_MS,
  HOVER_ANIMATION_DURATION_MS,
} from '../../../contract/constants';
import { animationDurations, animationsEnabled } from './animation-settings';

describe('animation settings (docs/spec-texts.md#constants)', () => {
  it('runs 1000 ms, hover 400 ms, and 0 when off', () => {
    expect([ANIMATION_DURATION_MS, HOVER_ANIMATION_DURATION_MS, ANIMATIONS_OFF_DURATION_MS]).toEqual([
      1000, 400, 0,
    ]);
    expect(animationDurations(true)).toEqual({ animationMs: 1000, hoverMs: 400 });
    expect(animationDurations(false)).toEqual({ animationMs: 0, hoverMs: 0 });
  });

  it('follows the device until the user chooses, then the choice', () => {
    expect(animationsEnabled(undefined, false)).toBe(true);
    expect(animationsEnabled(undefined, true)).toBe(false);
    expect(animationsEnabled(true, true)).toBe(true);
    expect(animationsEnabled(false, false)).toBe(false);
  });
});
