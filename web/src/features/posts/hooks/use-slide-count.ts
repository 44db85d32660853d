import { useLayoutEffect, useState } from 'react';
import { FEATURED_SLIDE_MAX, FEATURED_SLIDE_MIN_WIDTH_PX } from '@chorus/core';

/** Slides that fit the element's width: one per FEATURED_SLIDE_MIN_WIDTH_PX, 1 to FEATURED_SLIDE_MAX. */
export function slidesFor(widthPx: number): number {
  return Math.min(FEATURED_SLIDE_MAX, Math.max(1, Math.floor(widthPx / FEATURED_SLIDE_MIN_WIDTH_PX)));
}

/** The width of an element's content box (what a ResizeObserver reports). */
function contentWidth(element: Element): number {
  const style = getComputedStyle(element);
  return element.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
}

/**
 * The responsive slide count of a carousel element, following its width. Measured before the
 * browser paints: counted on the observer's first report, one frame later, a desktop feed
 * painted its featured posts one at a time with Previous and Next, then three and no buttons,
 * and everything under them moved up 32 px.
 */
export function useSlideCount(element: Element | null): number {
  const [count, setCount] = useState(1);
  useLayoutEffect(() => {
    if (element === null) return undefined;
    setCount(slidesFor(contentWidth(element)));
    const observer = new ResizeObserver(([entry]) => setCount(slidesFor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return count;
}
