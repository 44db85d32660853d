/**
 * A short-lived in-process cache of post-list totals. Counting every live match of a filter
 * costs milliseconds per request (tens for a search), far more than the page itself, while
 * the total shown under the list may lag a few seconds behind new or expiring posts. Entries
 * hold the pending promise, so concurrent requests for the same total share one query.
 */
import type { Database } from '../db/database.ts';

/** How long a total is reused. */
export const COUNT_TTL_MS = 5_000;
/** Entries per database before expired ones are swept. */
const SWEEP_AT = 1_000;

interface Entry {
  total: Promise<number>;
  expires: number;
}

// Per database handle, so test databases (and their reused ids) never share totals.
const caches = new WeakMap<Database, Map<string, Entry>>();

function cacheOf(db: Database): Map<string, Entry> {
  let cache = caches.get(db);
  if (cache === undefined) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** The cached total under `key`, or counts it with `count` and keeps it for COUNT_TTL_MS. */
export function cachedCount(db: Database, key: string, count: () => Promise<number>, now = Date.now()): Promise<number> {
  const cache = cacheOf(db);
  const hit = cache.get(key);
  if (hit !== undefined && hit.expires > now) return hit.total;
  if (cache.size >= SWEEP_AT) {
    for (const [k, entry] of cache) if (entry.expires <= now) cache.delete(k);
    // Still full of fresh entries (many distinct searches): start over rather than grow.
    if (cache.size >= SWEEP_AT) cache.clear();
  }
  const total = count();
  const entry: Entry = { total, expires: now + COUNT_TTL_MS };
  cache.set(key, entry);
  // A failed count must not be served to the next requests.
  total.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return total;
}

/** Forgets every cached total of a database; post and share writes call it. */
export function forgetCounts(db: Database): void {
  caches.delete(db);
}
