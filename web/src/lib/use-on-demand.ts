import { useEffect, useState } from 'react';

/** What each loader has given, for every later caller (a module's code is fetched once). */
const loaded = new Map<() => Promise<unknown>, unknown>();

/**
 * Something loaded when it is first wanted (a component's code), or null until it has come:
 * `load` runs once `wanted` is true, and its answer is kept for every later caller of the same
 * `load` (a module-level function). Not React.lazy: a Suspense boundary that showed its fallback
 * reveals content on a timer and holds back every other boundary's content for 300 ms after
 * (React's FALLBACK_THROTTLE_MS), so a toast raised while timers wait (a paused clock, a
 * throttled tab) never showed, and a tooltip's first use delayed a dialog opened just after; a
 * state update shows it at once.
 */
export function useOnDemand<T>(load: () => Promise<T>, wanted: boolean): T | null {
  const [value, setValue] = useState<{ value: T } | null>(() => (loaded.has(load) ? { value: loaded.get(load) as T } : null));
  useEffect(() => {
    if (!wanted || value !== null) return undefined;
    let live = true;
    void load().then((result) => {
      loaded.set(load, result);
      if (live) setValue({ value: result });
    });
    return () => {
      live = false;
    };
  }, [load, wanted, value]);
  return value?.value ?? null;
}
