/**
 * The cache generation: a counter that every server process bumps whenever something may
 * have changed what a cached read would answer. Caches store the generation they computed
 * under and treat an entry from an older generation as missing.
 *
 * Within a process a write bumps it before its response is sent, so the writer's next read is
 * fresh. Across PostgreSQL processes the bump travels as a NOTIFY on one channel; while the
 * listening connection is down, caching is off (`usable` is false), because another
 * process's writes could not be heard. PGlite is one process, so there is nothing to listen to.
 */
import pg from 'pg';
import type { DatabaseDriver } from '../db/database.ts';

/** The NOTIFY channel the processes share. */
export const CACHE_CHANNEL = 'chorus_cache_generation';
/** Wait before listening again after the listening connection failed. */
const RELISTEN_DELAY_MS = 1_000;

/** A process's view of the shared generation. */
export interface CacheGeneration {
  /** The current generation. */
  current(): number;
  /** Whether cached entries may be used at all. */
  usable(): boolean;
  /** Records a change here and tells the other processes. */
  bump(): void;
  close(): Promise<void>;
}

/** The generation of a single process (PGlite, or caches that need no sharing). */
export class LocalCacheGeneration implements CacheGeneration {
  #value = 0;

  current(): number {
    return this.#value;
  }

  usable(): boolean {
    return true;
  }

  bump(): void {
    this.#value += 1;
  }

  /** A change heard from elsewhere. */
  heard(): void {
    this.#value += 1;
  }

  async close(): Promise<void> {}
}

/** The generation shared by every process on one PostgreSQL database, through LISTEN/NOTIFY. */
export class PostgresCacheGeneration extends LocalCacheGeneration {
  readonly #pool: pg.Pool;
  readonly #url: string;
  #listener: pg.Client | null = null;
  #listening = false;
  #closed = false;
  #retry: NodeJS.Timeout | null = null;

  constructor(pool: pg.Pool, url: string) {
    super();
    this.#pool = pool;
    this.#url = url;
  }

  /** Opens the listening connection; resolves once it listens (or has failed and will retry). */
  async start(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({ connectionString: this.#url });
    const lost = () => {
      if (this.#listener !== client) return;
      this.#listening = false;
      this.#listener = null;
      this.heard();
      client.end().catch(() => undefined);
      this.#scheduleRetry();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel === CACHE_CHANNEL) this.heard();
    });
    this.#listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CACHE_CHANNEL}`);
      // Changes made while nobody listened are unknown: start a new generation.
      this.heard();
      this.#listening = true;
    } catch {
      lost();
    }
  }

  #scheduleRetry(): void {
    if (this.#closed || this.#retry !== null) return;
    this.#retry = setTimeout(() => {
      this.#retry = null;
      void this.start();
    }, RELISTEN_DELAY_MS);
    this.#retry.unref();
  }

  override usable(): boolean {
    return this.#listening;
  }

  override bump(): void {
    super.bump();
    // Fire and forget: a lost notification only leaves other processes' entries to expire.
    this.#pool.query('select pg_notify($1, $2)', [CACHE_CHANNEL, String(process.pid)]).catch(() => undefined);
  }

  override async close(): Promise<void> {
    this.#closed = true;
    if (this.#retry !== null) clearTimeout(this.#retry);
    const client = this.#listener;
    this.#listener = null;
    this.#listening = false;
    if (client !== null) await client.end().catch(() => undefined);
  }
}

/** The generation for a database: shared through PostgreSQL, or local to the PGlite process. */
export async function openCacheGeneration(driver: DatabaseDriver): Promise<CacheGeneration> {
  if (driver.kind === 'pglite') return new LocalCacheGeneration();
  const generation = new PostgresCacheGeneration(driver.pool, driver.url);
  await generation.start();
  return generation;
}
