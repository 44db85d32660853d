import { useCallback, useEffect, useRef, useState } from 'react';
import { INFINITE_SCROLL_DISTANCE, INFINITE_SCROLL_THROTTLE_MS } from '@chorus/core';

interface InfiniteScrollOptions {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** How many viewport heights before the bottom more loads (the timeline's is 0.7). */
  distance?: number;
}

/**
 * Infinite scroll with an IntersectionObserver sentinel: more loads when the sentinel comes
 * within `distance` (default `INFINITE_SCROLL_DISTANCE`) viewport heights of the bottom of the screen, at most once
 * per `INFINITE_SCROLL_THROTTLE_MS`. Returns the ref callback for the sentinel element.
 */
export function useInfiniteScroll({ hasMore, loading, onLoadMore, distance = INFINITE_SCROLL_DISTANCE }: InfiniteScrollOptions): (node: Element | null) => void {
  const [near, setNear] = useState(false);
  const [node, setNode] = useState<Element | null>(null);
  const lastLoad = useRef(Number.NEGATIVE_INFINITY);
  const load = useRef(onLoadMore);
  useEffect(() => {
    load.current = onLoadMore;
  });

  useEffect(() => {
    if (node === null) return undefined;
    const observer = new IntersectionObserver(([entry]) => setNear(entry?.isIntersecting ?? false), {
      rootMargin: `0px 0px ${distance * 100}% 0px`,
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, distance]);

  useEffect(() => {
    if (!near || !hasMore || loading) return undefined;
    // A sentinel that stays in range (short pages) keeps loading, a throttle period apart.
    const wait = Math.max(0, lastLoad.current + INFINITE_SCROLL_THROTTLE_MS - Date.now());
    const timer = setTimeout(() => {
      lastLoad.current = Date.now();
      load.current();
    }, wait);
    return () => clearTimeout(timer);
  }, [near, hasMore, loading]);

  return useCallback((element: Element | null) => setNode(element), []);
}
