/**
 * The cache generations: each company's cached reads are retired by that company's writes
 * only, and writes that reach past one company (an account's password, sign-in, deletion) retire
 * every company's. A process counts changes on one clock (`now`); caches note the clock when
 * they start computing an entry, and the entry is stale once its company, or everything, has
 * changed since.
 *
 * Within a process a write bumps it before its response is sent, so the writer's next read is
 * fresh. Across PostgreSQL processes the bump travels as a NOTIFY on one channel naming the
 * company (or `*` for every company) and the process that wrote; a process ignores its own,
 * since it bumped before answering and the echo, arriving later, would retire entries computed
 * after the write (fresh ones). While the listening connection is down, caching is off
 * (`usable` is false), because another process's writes could not be heard. PGlite is one
 * process, so there is nothing to listen to.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseDriver } from '../db/database.ts';

/** The NOTIFY channel the processes share. */
export const CACHE_CHANNEL = 'chorus_cache_generation';
/** The NOTIFY payload of a change that concerns every company. */
const EVERY_COMPANY = '*';
/** Wait before listening again after the listening connection failed. */
const RELISTEN_DELAY_MS = 1_000;

/** A process's view of the shared generations. */
export interface CacheGeneration {
  /** The clock: note it before computing an entry, to ask `changedSince` later. */
  now(): number;
  /** Whether the company's cached reads (or everyone's) may have changed after `since`. */
  changedSince(companyId: number, since: number): boolean;
  /** Whether cached entries may be used at all. */
  usable(): boolean;
  /** Records a change of one company (null: of every company) here and tells the other processes. */
  bump(companyId: number | null): void;
  close(): Promise<void>;
}

/** The generations of a single process (PGlite, or caches that need no sharing). */
export class LocalCacheGeneration implements CacheGeneration {
  #clock = 0;
  /** When every company last changed. */
  #everyone = 0;
  /** When each company last changed, if after `#everyone` (one entry per company at most). */
  readonly #companies = new Map<number, number>();

  now(): number {
    return this.#clock;
  }

  changedSince(companyId: number, since: number): boolean {
    return this.#everyone > since || (this.#companies.get(companyId) ?? 0) > since;
  }

  usable(): boolean {
    return true;
  }

  bump(companyId: number | null): void {
    this.heard(companyId);
  }

  /** A change heard from elsewhere (or made here). */
  heard(companyId: number | null): void {
    this.#clock += 1;
    if (companyId === null) {
      this.#everyone = this.#clock;
      this.#companies.clear();
    } else {
      this.#companies.set(companyId, this.#clock);
    }
  }

  async close(): Promise<void> {}
}

/** The company a NOTIFY payload names: a company id, or null (every company) for `*` or anything unexpected. */
function companyOfPayload(payload: string | undefined): number | null {
  if (payload === undefined || !/^[1-9][0-9]{0,15}$/.test(payload)) return null;
  return Number(payload);
}

/** A NOTIFY payload: the company (`*`: every company), then the writing process. */
export function cachePayload(companyId: number | null, origin: string): string {
  return `${companyId === null ? EVERY_COMPANY : String(companyId)}:${origin}`;
}

/**
 * What a NOTIFY payload says: the company (null: every company, also for anything unexpected)
 * and the process that sent it (null when it names none, as a process of an earlier release).
 */
export function parseCachePayload(payload: string | undefined): { companyId: number | null; origin: string | null } {
  const separator = payload?.indexOf(':') ?? -1;
  if (payload === undefined || separator < 0) return { companyId: companyOfPayload(payload), origin: null };
  const origin = payload.slice(separator + 1);
  return { companyId: companyOfPayload(payload.slice(0, separator)), origin: /^[A-Za-z0-9_-]{1,64}$/.test(origin) ? origin : null };
}

/** The generations shared by every process on one PostgreSQL database, through LISTEN/NOTIFY. */
export class PostgresCacheGeneration extends LocalCacheGeneration {
  readonly #pool: pg.Pool;
  readonly #url: string;
  /** Names this process in its notifications, so it can ignore their echo. */
  readonly origin = randomBytes(9).toString('base64url');
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
      this.heard(null);
      client.end().catch(() => undefined);
      this.#scheduleRetry();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel !== CACHE_CHANNEL) return;
      const { companyId, origin } = parseCachePayload(message.payload);
      if (origin !== this.origin) this.heard(companyId);
    });
    this.#listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CACHE_CHANNEL}`);
      // Changes made while nobody listened are unknown: every company starts afresh.
      this.heard(null);
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

  override bump(companyId: number | null): void {
    super.bump(companyId);
    // Fire and forget: a lost notification only leaves other processes' entries to expire.
    this.#pool.query('select pg_notify($1, $2)', [CACHE_CHANNEL, cachePayload(companyId, this.origin)]).catch(() => undefined);
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

/** The generations for a database: shared through PostgreSQL, or local to the PGlite process. */
export async function openCacheGeneration(driver: DatabaseDriver): Promise<CacheGeneration> {
  if (driver.kind === 'pglite') return new LocalCacheGeneration();
  const generation = new PostgresCacheGeneration(driver.pool, driver.url);
  await generation.start();
  return generation;
}
