/**
 * A read-through cache for answers that are expensive to compute and read far more often than
 * the data under them changes (the library's feed and lists, session look-ups). An entry is
 * used only while it is younger than the time limit and its company has not changed since it
 * was computed (cache-generation.ts), so a company's write, in this process or another,
 * retires that company's entries at once and no other company's. Concurrent misses of one key
 * share one computation.
 *
 * An entry read late in its life is computed again in the background while the read is answered
 * from it, a few keys at a time: a busy key (a member who keeps the feed open) is then replaced
 * before it expires, instead of expiring together with the entries computed in the same moment
 * and keeping every one of their readers waiting for the database at once. How late is drawn
 * for each entry (refreshShare): entries computed together (a warm-up, every member's feed after
 * a company's write) come up for refresh spread over a stretch of their life, not all at once.
 * No entry is ever used past its time limit, and a refresh that started before a write of its
 * company is retired like any entry computed then.
 */
import type { CacheGeneration } from './cache-generation.ts';

/** Limits of one cache. */
export interface ReadCacheOptions {
  /** How long an entry may be used at most; 0 turns the cache off. */
  ttlMs: number;
  /** Total weight (for answers: bytes) kept at most; the oldest entries go first. */
  maxWeight: number;
  /** The weight of a value. */
  weigh(value: unknown): number;
  /** Told of every look-up while the cache is on: whether a kept value answered it (metrics). */
  onLookup?: (hit: boolean) => void;
  /** Background refreshes in flight at most (default REFRESHING_MAX); 0 turns them off. */
  refreshingMax?: number;
  /** Told how each background refresh ended (metrics): a failure is otherwise silent until the entry expires. */
  onRefresh?: (outcome: RefreshOutcome) => void;
  /** The share of its time limit after which a new entry is refreshed when read (default: drawn between REFRESH_SHARE_MIN and REFRESH_SHARE_MAX). */
  refreshShare?: () => number;
}

/** How a background refresh ended: its value replaced the entry, a write or a miss had replaced the entry first, or it failed. */
export type RefreshOutcome = 'replaced' | 'overtaken' | 'failed';

/**
 * The earliest and latest share of its time limit after which an entry read is computed again in
 * the background, drawn for each entry between the two. Late, because a busy entry is computed
 * once per refresh: refreshed after half its life, each was computed twice per time limit (on
 * the bench's cached feed, 500 members with a 5 s limit made 200 computations a second, most of
 * the database's work). Not at the very end, so that the refresh is done before the entry
 * expires, and spread, so that entries computed together are not refreshed together.
 */
export const REFRESH_SHARE_MIN = 0.6;
export const REFRESH_SHARE_MAX = 0.9;
/**
 * Background refreshes in flight at most per cache: enough to replace a few hundred busy entries
 * within the last part of their life, few enough to leave most of the database pool (10
 * connections) to the misses that someone waits for.
 */
const REFRESHING_MAX = 4;

/** A share of the time limit between REFRESH_SHARE_MIN and REFRESH_SHARE_MAX, evenly drawn. */
function drawRefreshShare(): number {
  return REFRESH_SHARE_MIN + Math.random() * (REFRESH_SHARE_MAX - REFRESH_SHARE_MIN);
}

interface Entry<T> {
  companyId: number;
  /** The generations' clock when the computation started. */
  since: number;
  /** When its computation started (ms): it may be used for the time limit from then. */
  computed: number;
  /** From when (ms) a read starts its background refresh. */
  refreshAt: number;
  value: Promise<T>;
  weight: number;
  /** A background refresh of it is in flight. */
  refreshing: boolean;
}

/** A bounded map of computed values, keyed by strings. */
export class ReadCache<T> {
  readonly #generation: CacheGeneration;
  readonly #options: ReadCacheOptions;
  readonly #entries = new Map<string, Entry<T>>();
  #weight = 0;
  #refreshing = 0;

  constructor(generation: CacheGeneration, options: ReadCacheOptions) {
    this.#generation = generation;
    this.#options = options;
  }

  /** Whether values are kept at all (off: every get computes). */
  get enabled(): boolean {
    return this.#options.ttlMs > 0 && this.#generation.usable();
  }

  /** Entries kept now (for tests and diagnostics). */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * The cached value of `key`, or the value `compute` gives (kept for the next reads). The key
   * must name the company: `companyId` only says whose writes retire the entry.
   */
  async get(companyId: number, key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.enabled) return compute();
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit !== undefined) {
      if (this.#current(hit, now)) {
        this.#options.onLookup?.(true);
        if (now >= hit.refreshAt) this.#refresh(key, hit, compute);
        return hit.value;
      }
      this.#remove(key, hit);
    }
    this.#options.onLookup?.(false);
    const entry = this.#start(companyId, compute);
    this.#entries.set(key, entry);
    return this.#settle(key, entry);
  }

  /**
   * The cached values of `keys`, the missing ones computed together by one call of
   * `computeMissing` (one query for many rows), which must answer every key it is given.
   * Concurrent reads share a key's computation, as in `get`. Entries are not refreshed in the
   * background: a batch shared by a company's members misses once per time limit.
   */
  async getMany(companyId: number, keys: readonly string[], computeMissing: (keys: string[]) => Promise<Map<string, T>>): Promise<Map<string, T>> {
    const wanted = [...new Set(keys)];
    if (!this.enabled) return answerAll(wanted, await computeMissing(wanted));
    const now = Date.now();
    const values = new Map<string, Promise<T>>();
    const missing: string[] = [];
    for (const key of wanted) {
      const hit = this.#entries.get(key);
      if (hit !== undefined && this.#current(hit, now)) {
        this.#options.onLookup?.(true);
        values.set(key, hit.value);
        continue;
      }
      if (hit !== undefined) this.#remove(key, hit);
      this.#options.onLookup?.(false);
      missing.push(key);
    }
    if (missing.length > 0) {
      const since = this.#generation.now();
      // A compute that throws before its first await fails the batch, not the read that started it.
      const batch = new Promise<Map<string, T>>((resolve) => resolve(computeMissing(missing))).then((answered) => answerAll(missing, answered));
      for (const key of missing) {
        const entry: Entry<T> = { companyId, since, computed: now, refreshAt: Infinity, value: batch.then((answered) => answered.get(key) as T), weight: 0, refreshing: false };
        this.#entries.set(key, entry);
        values.set(key, this.#settle(key, entry));
      }
    }
    const settled = await Promise.all(wanted.map((key) => values.get(key) as Promise<T>));
    return new Map(wanted.map((key, i) => [key, settled[i] as T]));
  }

  /** Whether an entry may answer a read now: within its time limit, its company unchanged since. */
  #current(entry: Entry<T>, now: number): boolean {
    return now - entry.computed < this.#options.ttlMs && !this.#generation.changedSince(entry.companyId, entry.since);
  }

  /** A new entry, its computation started now. */
  #start(companyId: number, compute: () => Promise<T>): Entry<T> {
    // A compute that throws before its first await fails the entry, not the read that started it.
    const value = new Promise<T>((resolve) => resolve(compute()));
    const computed = Date.now();
    const refreshAt = computed + this.#options.ttlMs * (this.#options.refreshShare ?? drawRefreshShare)();
    return { companyId, since: this.#generation.now(), computed, refreshAt, value, weight: 0, refreshing: false };
  }

  /** Waits for an entry's value; weighs it if the entry is still the key's, and drops it on failure. */
  async #settle(key: string, entry: Entry<T>): Promise<T> {
    try {
      const value = await entry.value;
      if (this.#entries.get(key) === entry) this.#weigh(entry, value);
      return value;
    } catch (error) {
      // Failures are not kept: the next read tries again.
      if (this.#entries.get(key) === entry) this.#remove(key, entry);
      throw error;
    }
  }

  /**
   * Computes a used entry again in the background, if fewer than the limit of refreshes are in
   * flight; the entry answers reads until the new value is there. A failed refresh changes
   * nothing: the entry expires at its time, and a read after that computes it in the foreground.
   */
  #refresh(key: string, stale: Entry<T>, compute: () => Promise<T>): void {
    if (stale.refreshing || this.#refreshing >= (this.#options.refreshingMax ?? REFRESHING_MAX)) return;
    stale.refreshing = true;
    this.#refreshing += 1;
    const fresh = this.#start(stale.companyId, compute);
    fresh.value
      .then(
        (value) => {
          // Unless a write or a miss replaced the stale entry meanwhile.
          if (this.#entries.get(key) !== stale) {
            this.#options.onRefresh?.('overtaken');
            return;
          }
          this.#remove(key, stale);
          this.#entries.set(key, fresh);
          this.#weigh(fresh, value);
          this.#options.onRefresh?.('replaced');
        },
        () => this.#options.onRefresh?.('failed'),
      )
      .finally(() => {
        stale.refreshing = false;
        this.#refreshing -= 1;
      });
  }

  /** Forgets one key (a value known to have changed). */
  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry !== undefined) this.#remove(key, entry);
  }

  /** Counts a kept entry's value against the weight limit, dropping the oldest entries beyond it. */
  #weigh(entry: Entry<T>, value: T): void {
    entry.weight = this.#options.weigh(value);
    this.#weight += entry.weight;
    this.#evict();
  }

  #remove(key: string, entry: Entry<T>): void {
    this.#entries.delete(key);
    this.#weight -= entry.weight;
  }

  #evict(): void {
    // Map order is insertion order: the first entries are the oldest.
    for (const [key, entry] of this.#entries) {
      if (this.#weight <= this.#options.maxWeight) return;
      this.#remove(key, entry);
    }
  }
}

/** A batch's answer, checked to hold every key asked for. */
function answerAll<T>(keys: readonly string[], answered: Map<string, T>): Map<string, T> {
  for (const key of keys) if (!answered.has(key)) throw new Error(`a batch computation left out ${key}`);
  return answered;
}
