import { Stack } from '@chakra-ui/react';
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';

/**
 * Notices that turn up on their own, late (the update prompt, the storage notice), stand at the
 * bottom of the screen over the page instead of above it, so the page never moves under a finger
 * or a click (docs/architecture.md#notices). The page keeps room for them at its end: the area's
 * height is the CSS variable `--bottom-notice-space`.
 */
export const BOTTOM_NOTICE_SPACE = 'var(--bottom-notice-space, 0px)';

let area: HTMLElement | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function setArea(element: HTMLElement | null) {
  if (element === area) return;
  area = element;
  for (const listener of listeners) listener();
}

/** Rendered once, by the root layout. */
export function BottomNoticeArea() {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    setArea(element);
    if (!element) return;
    const root = document.documentElement;
    // Its height with the gap to the screen's edge; 0 while it is empty.
    const observer = new ResizeObserver(() => {
      const height = element.offsetHeight;
      root.style.setProperty('--bottom-notice-space', height > 0 ? `${height + 16}px` : '0px');
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--bottom-notice-space');
      setArea(null);
    };
  }, [element]);
  return (
    <Stack
      ref={setElement}
      data-testid="bottom-notices"
      position="fixed"
      insetInline="4"
      bottom="4"
      marginInline="auto"
      maxWidth="md"
      gap="2"
      // Under dialogs and their backdrop (overlay 1300, modal 1400): a dialog's buttons stay reachable.
      zIndex="banner"
      // The empty space between and around the notices lets clicks through to the page.
      pointerEvents="none"
      css={{ '& > *': { pointerEvents: 'auto' } }}
    />
  );
}

/** Shows `children` in the bottom area (nothing before the area exists). */
export function BottomNotice({ children }: { children: ReactNode }) {
  const target = useSyncExternalStore(subscribe, () => area);
  return target ? createPortal(children, target) : null;
}
