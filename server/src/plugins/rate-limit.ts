/**
 * Request-rate limiting (error 425, HTTP 429) in fixed one-minute windows per client IP. Each
 * auth POST (sign-in, sign-up, recover, reset, magic link, login assistance) has its own tight
 * limit, counted in the request_counters table so every API process shares the count: those
 * are the routes worth attacking. The rest of the API shares a generous limit counted in
 * process memory: a database write per read request would cost more than the reads, and with
 * several processes the effective limit is that many times higher, which is fine for a limit
 * meant to stop floods, not to meter.
 */
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { requestCounters } from '../db/schema.ts';
import { tooManyRequests } from '../errors.ts';
import { API_PREFIX, isRequestUnder } from '../lib/request-path.ts';

/** Length of one counting window. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** Path prefix of the auth routes whose POSTs get the tight limit. */
const AUTH_PREFIX = '/api/v1/auth/';

/**
 * The counter a request counts against and its limit, or null when it is not limited. Whether
 * it is an API request is read from its route (or its normalised url when unrouted), never
 * the raw url, which `/%61pi/...` spells differently.
 */
export function rateLimitBucket(
  method: string,
  routeUrl: string | undefined,
  url: string,
  limits: Config['rateLimit'],
): { group: string; limit: number } | null {
  if (!isRequestUnder(routeUrl, url, API_PREFIX)) return null;
  // The route pattern, not the url, so codes in paths (sign-up/invite/:code) share one counter.
  const route = routeUrl ?? 'unmatched';
  const bucket = method === 'POST' && route.startsWith(AUTH_PREFIX) ? { group: `auth:${route}`, limit: limits.authPerMinute } : { group: 'api', limit: limits.apiPerMinute };
  return bucket.limit > 0 ? bucket : null;
}

/** Counts one request against `key` in the window containing `now`; returns the new count. */
export async function countRequest(db: Database, key: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(requestCounters)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [requestCounters.key, requestCounters.windowStart], set: { count: sql`${requestCounters.count} + 1` } })
    .returning({ count: requestCounters.count });
  return row?.count ?? 1;
}

/** Fixed-window counters in process memory, for the generous general limit. */
export class MemoryWindowCounter {
  #windowStart = 0;
  #counts = new Map<string, number>();

  /** Counts one request against `key` in the window starting at `windowStart`. */
  count(key: string, windowStart: number): number {
    if (windowStart !== this.#windowStart) {
      this.#windowStart = windowStart;
      this.#counts = new Map();
    }
    const count = (this.#counts.get(key) ?? 0) + 1;
    this.#counts.set(key, count);
    return count;
  }
}

interface RateLimitOptions {
  db: Database;
  limits: Config['rateLimit'];
}

/**
 * Installs the rate limit on every API request (after tenancy, so unknown hosts cost nothing),
 * the bot endpoint included. The client address is the connection's, or the one the proxies
 * trusted through CHORUS_TRUST_PROXY report: a made-up X-Forwarded-For counts for nothing.
 */
export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app, { db, limits }) => {
    const memory = new MemoryWindowCounter();
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const bucket = rateLimitBucket(request.method, request.routeOptions.url, request.url, limits);
      if (bucket === null) return;
      const now = Date.now();
      const windowStart = now - (now % RATE_LIMIT_WINDOW_MS);
      const key = `${bucket.group}|${request.ip}`;
      const count = bucket.group === 'api' ? memory.count(key, windowStart) : await countRequest(db, key, new Date(windowStart));
      if (count <= bucket.limit) return;
      const error = tooManyRequests();
      const retryAfter = Math.max(1, Math.ceil((windowStart + RATE_LIMIT_WINDOW_MS - now) / 1000));
      return reply.status(error.status).header('retry-after', String(retryAfter)).send(error.toBody());
    });
  },
  { name: 'chorus-rate-limit', dependencies: ['chorus-tenancy'] },
);
