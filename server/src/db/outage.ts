/**
 * A database outage, noticed once. While the database cannot be reached every request and
 * every background loop fails the same way; logging each failure filled the log at ~10 lines
 * a second. Everything that fails on the database (the API's error handler, the health routes,
 * the job runner and its sweeps) reports here instead: the outage is logged once when it
 * starts, then at most one summary line a minute with the failures since, then one line when
 * a probe finds the database back. The API answers 498 (HTTP 503, Retry-After) meanwhile.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './database.ts';
import { isDatabaseUnavailable } from './sql-errors.ts';

/** At most one "still unreachable" line per this long. */
export const OUTAGE_SUMMARY_MS = 60_000;
/** How often a down database is pinged to notice its return. */
export const OUTAGE_PROBE_MS = 5_000;
/** What clients are told to wait before trying again (Retry-After). */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** Where outage lines go. */
export type OutageLog = Pick<FastifyBaseLogger, 'warn' | 'info'>;

/** What an outage tracker watches. */
export interface OutageOptions {
  /** Rejects while the database cannot answer. */
  ping(): Promise<void>;
  now?: () => number;
  probeMs?: number;
  summaryMs?: number;
}

/** The error code, SQLSTATE or message that names why (never the error's other fields). */
function reasonOf(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ('code' in current && typeof current.code === 'string') return current.code;
    if ('errors' in current && Array.isArray(current.errors) && current.errors.length > 0) current = current.errors[0];
    else current = 'cause' in current ? current.cause : null;
  }
  return error instanceof Error ? error.message.slice(0, 100) : 'unknown';
}

/** The outage state of one database. */
export class DatabaseOutage {
  readonly #ping: () => Promise<void>;
  readonly #now: () => number;
  readonly #probeMs: number;
  readonly #summaryMs: number;
  #down = false;
  #since = 0;
  #failures = 0;
  #unreported = 0;
  #lastLine = 0;
  #log: OutageLog | null = null;
  #probe: NodeJS.Timeout | null = null;

  constructor(options: OutageOptions) {
    this.#ping = options.ping;
    this.#now = options.now ?? Date.now;
    this.#probeMs = options.probeMs ?? OUTAGE_PROBE_MS;
    this.#summaryMs = options.summaryMs ?? OUTAGE_SUMMARY_MS;
  }

  /** Whether the database is known to be unreachable. */
  get down(): boolean {
    return this.#down;
  }

  /**
   * Counts a failure if it is the database being unreachable (the first one is confirmed by a
   * ping, so that a lost connection elsewhere is not taken for an outage); false otherwise,
   * and the caller handles the error as before.
   */
  async report(error: unknown, log: OutageLog): Promise<boolean> {
    if (!isDatabaseUnavailable(error)) return false;
    if (!this.#down && (await this.#reachable())) return false;
    this.#log = log;
    const now = this.#now();
    if (!this.#down) {
      this.#down = true;
      this.#since = now;
      this.#lastLine = now;
      this.#failures = 1;
      this.#unreported = 0;
      log.warn({ reason: reasonOf(error) }, `database unreachable: the API answers 503 until it is back (at most one line a minute meanwhile)`);
      this.#startProbe();
      return true;
    }
    this.#failures += 1;
    this.#unreported += 1;
    this.#summarise(now);
    return true;
  }

  /** Pings a down database once: logs its return, or the minute's summary. */
  async probe(): Promise<void> {
    if (!this.#down) return;
    if (await this.#reachable()) {
      this.#back();
      return;
    }
    this.#summarise(this.#now());
  }

  /** Stops probing (the app is closing). */
  stop(): void {
    if (this.#probe !== null) clearInterval(this.#probe);
    this.#probe = null;
  }

  async #reachable(): Promise<boolean> {
    try {
      await this.#ping();
      return true;
    } catch {
      return false;
    }
  }

  #summarise(now: number): void {
    if (this.#unreported === 0 || now - this.#lastLine < this.#summaryMs) return;
    this.#log?.warn({ failures: this.#unreported, downSeconds: Math.round((now - this.#since) / 1000) }, 'database still unreachable');
    this.#lastLine = now;
    this.#unreported = 0;
  }

  #back(): void {
    this.#down = false;
    this.stop();
    this.#log?.info({ failures: this.#failures, downSeconds: Math.round((this.#now() - this.#since) / 1000) }, 'database is back');
  }

  #startProbe(): void {
    if (this.#probe !== null) return;
    this.#probe = setInterval(() => void this.probe(), this.#probeMs);
    this.#probe.unref();
  }
}

const outages = new WeakMap<DatabaseHandle, DatabaseOutage>();

/** The outage tracker of a database: one per handle, shared by the API and the job runner. */
export function outageOf(database: DatabaseHandle): DatabaseOutage {
  let outage = outages.get(database);
  if (outage === undefined) {
    outage = new DatabaseOutage({ ping: () => database.ping() });
    outages.set(database, outage);
  }
  return outage;
}
