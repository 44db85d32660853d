import { useEffect, useState } from 'react';
import { FEATURED_SLIDE_MAX, FEATURED_SLIDE_MIN_WIDTH_PX } from '@chorus/core';

/** Slides that fit the element's width: one per FEATURED_SLIDE_MIN_WIDTH_PX, 1 to FEATURED_SLIDE_MAX. */
export function slidesFor(widthPx: number): number {
  return Math.min(FEATURED_SLIDE_MAX, Math.max(1, Math.floor(widthPx / FEATURED_SLIDE_MIN_WIDTH_PX)));
}

/** The responsive slide count of a carousel element, following its width. */
export function useSlideCount(element: Element | null): number {
  const [count, setCount] = useState(1);
  useEffect(() => {
    if (element === null) return undefined;
    const observer = new ResizeObserver(([entry]) => setCount(slidesFor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return count;
}
