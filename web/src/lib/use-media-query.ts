import { useCallback, useSyncExternalStore } from 'react';

/**
 * Phone widths: the spec's mobile breakpoint (654 px), as the layouts' CSS has it. The top bar
 * swaps to its phone controls here and the smart app banner shows.
 */
export const NARROW_QUERY = '(max-width: 654px)';

function matches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/**
 * Whether a CSS media query matches; follows it as it changes (window resized, system colours
 * switched). False where the browser has no matchMedia.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => matches(query),
    () => false,
  );
}
