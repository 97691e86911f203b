import { type RefObject, useCallback, useEffect, useState } from 'react';

/** Which of the scroller's columns are wholly in view (1-based), and how many there are. */
export interface BoardView {
  first: number;
  last: number;
  total: number;
}

/** A column counts as shown when this much of it lies inside the scroller (sub-pixel widths). */
const TOLERANCE_PX = 2;

function measure(scroller: HTMLElement): BoardView {
  const box = scroller.getBoundingClientRect();
  const columns = Array.from(scroller.children) as HTMLElement[];
  let first = 0;
  let last = 0;
  columns.forEach((column, index) => {
    const rect = column.getBoundingClientRect();
    const shown = rect.left >= box.left - TOLERANCE_PX && rect.right <= box.right + TOLERANCE_PX;
    if (!shown) return;
    if (first === 0) first = index + 1;
    last = index + 1;
  });
  if (first === 0) {
    // Between two columns wider than the view: the one under the middle stands for the position.
    const middle = (box.left + box.right) / 2;
    const index = columns.findIndex((column) => {
      const rect = column.getBoundingClientRect();
      return rect.left <= middle && rect.right >= middle;
    });
    first = index + 1;
    last = index + 1;
  }
  return { first, last, total: columns.length };
}

/**
 * The board's sideways position, for the "columns 1–4 of 8" line and its buttons. Measured from the
 * columns' boxes on scroll and resize, so it is right at any width and font size; the buttons live
 * outside the scroller and only turn disabled at the ends, so nothing under the pointer moves away.
 */
export function useBoardScroll(scrollerRef: RefObject<HTMLElement | null>) {
  const [view, setView] = useState<BoardView>({ first: 1, last: 0, total: 0 });

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setView(measure(scroller)));
    };
    update();
    const resize = new ResizeObserver(update);
    resize.observe(scroller);
    scroller.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      scroller.removeEventListener('scroll', update);
    };
  }, [scrollerRef]);

  /** Brings the next hidden column on that side to the scroller's edge. */
  const step = useCallback(
    (direction: 'back' | 'forward') => {
      const scroller = scrollerRef.current;
      if (!scroller) return;
      const current = measure(scroller);
      const columns = Array.from(scroller.children) as HTMLElement[];
      const target = direction === 'forward' ? columns[current.last] : columns[current.first - 2];
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      target?.scrollIntoView({
        behavior: smooth ? 'smooth' : 'auto',
        block: 'nearest',
        inline: direction === 'forward' ? 'end' : 'start',
      });
    },
    [scrollerRef],
  );

  return {
    view,
    /** Everything fits: no line and no buttons needed. */
    allShown: view.total > 0 && view.first === 1 && view.last === view.total,
    canGoBack: view.first > 1,
    canGoForward: view.last > 0 && view.last < view.total,
    step,
  };
}
