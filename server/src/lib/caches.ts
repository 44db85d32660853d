/**
 * The server's read caches on one shared generation: signed-in members by session token, the
 * JSON answers of the library's hottest reads, and post-list totals. Members and answers are
 * retired by any write but the ones no cached answer reads, such as tracking (see
 * `writesData`); totals only by time. None outlives its time limit, so a change no request
 * announced (a post going live at its start time, a job's write) shows within that limit. */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SessionMember } from '../auth/sessions.ts';
import { LocalCacheGeneration, type CacheGeneration } from './cache-generation.ts';
import { ReadCache } from './read-cache.ts';

/** Members kept at most (a member is about a kilobyte). */
const SESSION_ENTRIES = 20_000;
/** Bytes of answers kept at most. */
const ANSWER_BYTES = 64 * 1024 * 1024;
/** Post-list totals kept at most (many distinct searches must not grow it without end). */
const COUNT_ENTRIES = 10_000;

/** The caches of one server process. */
export interface Caches {
  generation: CacheGeneration;
  /** Members by token hash and company. */
  sessions: ReadCache<SessionMember | null>;
  /** Answers as the UTF-8 JSON bytes sent, by route, viewer and parameters. */
  answers: ReadCache<Buffer>;
  /**
   * Totals of post lists by what decides the matches: counting every live match costs more
   * than the page itself (tens of ms for a search), and many viewers share a total. Only the
   * time limit retires them, not writes: a total may lag that long behind new posts, while
   * recounting the library after every like anywhere would cost more than all the pages.
   */
  counts: ReadCache<number>;
}

/** Caches on a generation, each entry kept at most `ttlMs`; 0 turns both off (tests that write behind the API's back). */
export function createCaches(generation: CacheGeneration, ttlMs: number): Caches {
  return {
    generation,
    sessions: new ReadCache<SessionMember | null>(generation, {
      ttlMs,
      maxWeight: SESSION_ENTRIES,
      weigh: () => 1,
    }),
    answers: new ReadCache<Buffer>(generation, {
      ttlMs,
      maxWeight: ANSWER_BYTES,
      weigh: (value) => (Buffer.isBuffer(value) ? value.byteLength : 0),
    }),
    counts: new ReadCache<number>(new LocalCacheGeneration(), { ttlMs, maxWeight: COUNT_ENTRIES, weigh: () => 1 }),
  };
}

/** The key of a session look-up: the token's hash (the token itself is never kept), and the company. */
export function sessionKey(token: string, companyId: number): string {
  return `${createHash('sha256').update(token).digest('base64url')}:${companyId}`;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a request may have written data that cached reads depend on: every unsafe method
 * unless its route declares `config: { retiresCaches: false }`, the sign-in and sign-out
 * navigations (GETs under an `/auth/` path create and end sessions), and GET routes that
 * declare `config: { writesData: true }`.
 */
export function writesData(request: FastifyRequest): boolean {
  if (request.routeOptions.config.retiresCaches === false) return false;
  if (UNSAFE_METHODS.has(request.method)) return true;
  if (request.routeOptions.config.writesData === true) return true;
  return request.url.includes('/auth/');
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET route that changes data: cached reads are retired when it answers. */
    writesData?: boolean;
    /**
     * False on a write that no cached answer reads (tracking impressions and clicks): it keeps
     * the caches. Such writes come with every feed view, and retiring every process's caches
     * on each of them would leave the feed and lists uncached exactly when they are busiest.
     */
    retiresCaches?: boolean;
  }
}

/** The cache-busting parameter GET requests carry (ARCHITECTURE.md); it never changes an answer. */
const CACHE_BUSTER = '_';

/** The key of a cached answer: the route and viewer parts, then the validated query without its cache-buster. */
export function answerKey(parts: readonly (string | number)[], query: object): string {
  const params = Object.entries(query).filter(([name]) => name !== CACHE_BUSTER);
  return JSON.stringify([...parts, params]);
}
