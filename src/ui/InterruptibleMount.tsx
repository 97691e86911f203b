import { type ReactNode, useDeferredValue } from 'react';

/**
 * Renders `children` one render after it mounts, in a deferred render React splits into short
 * slices and pauses for input, instead of inside the render that mounts it. A router's commit
 * renders synchronously (its store is read through `useSyncExternalStore`), so a layout that mounts
 * a whole screen at once blocked the page for that long (docs/performance.md#where-the-lift-lists-main-thread-goes).
 * Later renders of `children` are as usual.
 */
export function InterruptibleMount({ children }: { children: ReactNode }) {
  const mounted = useDeferredValue(true, false);
  return mounted ? children : null;
}
