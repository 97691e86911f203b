import { useSyncExternalStore } from 'react';
import {
  ANIMATION_DURATION_MS,
  ANIMATIONS_OFF_DURATION_MS,
  HOVER_ANIMATION_DURATION_MS,
} from '../../../contract/constants';
import { getSession, subscribeSession, useSession } from '../session/session';

/**
 * docs/spec-texts.md#constants: animations run 1000 ms, hover effects 400 ms, and everything 0 when the user turned
 * animations off. The choice is the user's setting (`settings.animations`, saved on the server);
 * without one, a device that asks for reduced motion gets them off. The root element carries the
 * result as `data-animations="on|off"`, and the durations as `--app-animation-duration` and
 * `--app-hover-duration` for the portal's own animations; the global styles (ui/system.ts) zero
 * every transition and animation under "off", so Chakra's drawers, menus and toasts follow.
 */
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export interface AnimationDurations {
  animationMs: number;
  hoverMs: number;
}

export function animationDurations(enabled: boolean): AnimationDurations {
  return enabled
    ? { animationMs: ANIMATION_DURATION_MS, hoverMs: HOVER_ANIMATION_DURATION_MS }
    : { animationMs: ANIMATIONS_OFF_DURATION_MS, hoverMs: ANIMATIONS_OFF_DURATION_MS };
}

/** The user's choice wins; until he made one, the device's wish for reduced motion turns them off. */
export function animationsEnabled(choice: boolean | undefined, prefersReducedMotion: boolean): boolean {
  return typeof choice === 'boolean' ? choice : !prefersReducedMotion;
}

const reducedMotionQuery = () => globalThis.matchMedia?.(REDUCED_MOTION_QUERY);
const prefersReducedMotion = () => reducedMotionQuery()?.matches ?? false;
const subscribeReducedMotion = (listener: () => void) => {
  const query = reducedMotionQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
};

function applyToRoot(): void {
  const root = globalThis.document?.documentElement;
  if (!root) return;
  const enabled = animationsEnabled(getSession().user?.settings.animations, prefersReducedMotion());
  const { animationMs, hoverMs } = animationDurations(enabled);
  root.dataset.animations = enabled ? 'on' : 'off';
  root.style.setProperty('--app-animation-duration', `${animationMs}ms`);
  root.style.setProperty('--app-hover-duration', `${hoverMs}ms`);
}

/** Keeps `<html data-animations>` in step with the user's choice and the device; returns the stop. */
export function followAnimationSettings(): () => void {
  applyToRoot();
  const stops = [subscribeSession(applyToRoot), subscribeReducedMotion(applyToRoot)];
  return () => {
    for (const stop of stops) stop();
  };
}

/** For the settings switch: the user's choice (undefined: none yet) and whether animations run. */
export function useAnimationSettings(): { choice: boolean | undefined; enabled: boolean } {
  const choice = useSession().user?.settings.animations;
  const reduced = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
  return { choice, enabled: animationsEnabled(choice, reduced) };
}
