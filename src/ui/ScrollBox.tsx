import { Box, type BoxProps } from '@chakra-ui/react';
import { type RefObject, useEffect, useRef, useState } from 'react';

/** Whether the element's content is wider or taller than the element, followed as both change. */
function useScrolls(ref: RefObject<HTMLDivElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () =>
      setScrolls(
        element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
      );
    // The box keeps its size while its content grows (rows arrive): the children are watched too.
    const sizes = new ResizeObserver(measure);
    const watchChildren = () => {
      sizes.disconnect();
      sizes.observe(element);
      for (const child of element.children) sizes.observe(child);
      measure();
    };
    const children = new MutationObserver(watchChildren);
    children.observe(element, { childList: true });
    watchChildren();
    return () => {
      sizes.disconnect();
      children.disconnect();
    };
  }, [ref]);
  return scrolls;
}

interface ScrollBoxProps extends BoxProps {
  /** Names the box for screen readers while it scrolls, e.g. the table's caption. */
  label: string;
}

/**
 * A box whose content may scroll (a wide table on a phone). While it does, it takes the keyboard
 * focus as a named group, so the hidden part can be reached with the arrow keys also when nothing
 * in it is focusable (WCAG 2.1.1; axe's scrollable-region-focusable). While everything fits it is
 * a plain box, no stop for the Tab key.
 */
export function ScrollBox({ label, children, ...props }: ScrollBoxProps) {
  const ref = useRef<HTMLDivElement>(null);
  const scrolls = useScrolls(ref);
  return (
    <Box
      ref={ref}
      overflowX="auto"
      // A group, not a region: a landmark per scrolling table would crowd the page's landmarks,
      // often under the same name as the section around it.
      {...(scrolls ? { tabIndex: 0, role: 'group', 'aria-label': label } : {})}
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '2px' }}
      {...props}
    >
      {children}
    </Box>
  );
}
