/**
 * A read-through cache for answers that are expensive to compute and read far more often than
 * the data under them changes (the library's feed and lists, session look-ups). An entry is
 * used only while it is younger than the time limit and its company has not changed since it
 * was computed (cache-generation.ts), so a company's write, in this process or another,
 * retires that company's entries at once and no other company's. Concurrent misses of one key
 * share one computation.
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
}

interface Entry<T> {
  companyId: number;
  /** The generations' clock when the computation started. */
  since: number;
  expires: number;
  value: Promise<T>;
  weight: number;
}

/** A bounded map of computed values, keyed by strings. */
export class ReadCache<T> {
  readonly #generation: CacheGeneration;
  readonly #options: ReadCacheOptions;
  readonly #entries = new Map<string, Entry<T>>();
  #weight = 0;

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
      if (hit.expires > now && !this.#generation.changedSince(hit.companyId, hit.since)) {
        this.#options.onLookup?.(true);
        return hit.value;
      }
      this.#remove(key, hit);
    }
    this.#options.onLookup?.(false);
    const entry: Entry<T> = { companyId, since: this.#generation.now(), expires: now + this.#options.ttlMs, value: compute(), weight: 0 };
    this.#entries.set(key, entry);
    try {
      const value = await entry.value;
      if (this.#entries.get(key) === entry) {
        entry.weight = this.#options.weigh(value);
        this.#weight += entry.weight;
        this.#evict();
      }
      return value;
    } catch (error) {
      // Failures are not kept: the next read tries again.
      if (this.#entries.get(key) === entry) this.#remove(key, entry);
      throw error;
    }
  }

  /** Forgets one key (a value known to have changed). */
  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry !== undefined) this.#remove(key, entry);
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
