/**
 * "After the page's first paint": when the parts that need not be there to read a page (the top
 * bar's menus, search and Suggest button, the cards' like, share and dismiss controls) start
 * loading their code. Lazy, they still started their imports in the same task that rendered the
 * page, and on the feed some 100 KB of them were fetched, parsed and preloaded before the first
 * cards could paint. Now they wait until the page's data has arrived and been painted: no query
 * is fetching, then one frame has been drawn. A page whose data takes longer than
 * FIRST_PAINT_WAIT_MS (a slow or failing request) gets them then anyway.
 *
 * The moment is app-wide and happens once: parts mounted later (another page, a new card) load
 * at once.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';

/** The longest the deferred parts wait for the page's data. */
export const FIRST_PAINT_WAIT_MS = 3000;

/** What the watch needs from the browser and the query client. */
export interface PaintWatchHost {
  /** How many queries are fetching now. */
  fetching(): number;
  /** Calls back on every change of the query cache; returns the unsubscribe. */
  onQueries(listener: () => void): () => void;
  /** Runs the callback after the next frame has been painted. */
  afterPaint(callback: () => void): void;
  /** A timer (returns its cancel). */
  after(ms: number, callback: () => void): () => void;
}

/**
 * Calls `done` once: when no query is fetching after a painted frame (queries started by the
 * first render's effects have begun by then), after the frame that follows the last fetch, or
 * after `waitMs` at most.
 */
export function watchFirstPaint(host: PaintWatchHost, waitMs: number, done: () => void): void {
  let finished = false;
  let unsubscribe: (() => void) | null = null;
  const finish = (): void => {
    if (finished) return;
    finished = true;
    unsubscribe?.();
    cancelTimer();
    done();
  };
  const cancelTimer = host.after(waitMs, finish);
  host.afterPaint(() => {
    if (finished) return;
    if (host.fetching() === 0) {
      finish();
      return;
    }
    let settling = false;
    unsubscribe = host.onQueries(() => {
      if (settling || host.fetching() > 0) return;
      settling = true;
      // The answer's render is committed by now; wait for it to be painted.
      host.afterPaint(() => {
        settling = false;
        if (host.fetching() === 0) finish();
      });
    });
  });
}

let painted = false;
let watching = false;
const listeners = new Set<() => void>();

function browserHost(client: QueryClient): PaintWatchHost {
  return {
    fetching: () => client.isFetching(),
    onQueries: (listener) => client.getQueryCache().subscribe(listener),
    afterPaint: (callback) => requestAnimationFrame(() => setTimeout(callback, 0)),
    after: (ms, callback) => {
      const timer = setTimeout(callback, ms);
      return () => clearTimeout(timer);
    },
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the page's first paint has happened (see the module comment); the first caller starts the watch. */
export function useAfterFirstPaint(): boolean {
  const client = useQueryClient();
  const now = useSyncExternalStore(subscribe, () => painted);
  useEffect(() => {
    if (painted || watching) return;
    watching = true;
    watchFirstPaint(browserHost(client), FIRST_PAINT_WAIT_MS, () => {
      painted = true;
      for (const listener of listeners) listener();
    });
  }, [client]);
  return now;
}
