import { useCallback, useState } from 'react';
import { FEATURED_SLIDE_MAX, FEATURED_SLIDE_MIN_WIDTH_PX } from '@chorus/core';

/** Slides that fit the element's width: one per FEATURED_SLIDE_MIN_WIDTH_PX, 1 to FEATURED_SLIDE_MAX. */
export function slidesFor(widthPx: number): number {
  return Math.min(FEATURED_SLIDE_MAX, Math.max(1, Math.floor(widthPx / FEATURED_SLIDE_MIN_WIDTH_PX)));
}

/** A viewport this wide may hold two slides; a narrower one holds one, whatever its layout. */
const TWO_SLIDES_QUERY = `(min-width: ${2 * FEATURED_SLIDE_MIN_WIDTH_PX}px)`;

/** The width of an element's content box (what a ResizeObserver reports). */
function contentWidth(element: Element): number {
  const style = getComputedStyle(element);
  return element.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
}

/**
 * The responsive slide count of a carousel, following its width, and the ref that names the
 * carousel's element. Measured as the element is attached, before the browser paints: counted
 * on the observer's first report, a desktop feed painted its featured posts one at a time with
 * Previous and Next, then three and no buttons, and everything under them moved up 32 px (and
 * Chromium counts a layout shift even when the report is committed before the paint).
 * Measuring lays out the whole new page inside React's commit, a third of the feed's first
 * commit on a phone's CPU, so a viewport too narrow for two slides is not measured: one fits.
 * A ref callback rather than a state holding the element, whose update from the commit made
 * React run the page's pending effects in the commit's task.
 */
export function useSlideCount(): [count: number, ref: (element: Element | null) => (() => void) | undefined] {
  const [count, setCount] = useState(1);
  const ref = useCallback((element: Element | null) => {
    if (element === null) return undefined;
    if (window.matchMedia(TWO_SLIDES_QUERY).matches) setCount(slidesFor(contentWidth(element)));
    const observer = new ResizeObserver(([entry]) => setCount(slidesFor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [count, ref];
}
