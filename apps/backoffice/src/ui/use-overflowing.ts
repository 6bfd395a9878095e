import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether an element's content is wider than the element (it scrolls sideways). A scrolling region
 * must be reachable by keyboard (WCAG 2.1.1; axe's scrollable-region-focusable), so a table that
 * scrolls becomes focusable; one that fits adds no tab stop. Measured again whenever the element or
 * its content is resized (ResizeObserver; jsdom has none, and there nothing scrolls).
 */
export function useOverflowing(ref: RefObject<HTMLElement | null>, content: unknown): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref, content]);
  return overflowing;
}
