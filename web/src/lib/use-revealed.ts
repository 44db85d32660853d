import { useDeferredValue } from 'react';

/**
 * Whether a gate shows what it guards: `ready`, but one deferred render late when it turns true.
 * A query's answer re-renders its readers synchronously (React Query reads its cache through
 * useSyncExternalStore), so the page a gate was holding back (the branded app, the signed-in
 * frame) used to be built in one task as the answer arrived: 55 to 70 ms on this machine, over
 * 200 ms of a phone's main thread (4x CPU). Deferred, React builds it in slices while the gate's
 * spinner stays, and commits it at the end. Turning false hides it at once.
 */
export function useRevealed(ready: boolean): boolean {
  const deferred = useDeferredValue(ready);
  return ready && deferred;
}
