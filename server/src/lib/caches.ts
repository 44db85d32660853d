/**
 * The server's read caches on shared per-company generations: signed-in members by session
 * token, the JSON answers of the library's hottest reads, the post ids of list pages that are
 * the same for every member, and post-list totals. Members, answers and page ids of a company
 * are retired by its writes but the ones no cached answer reads, such as
 * tracking (see `writesData`), and by writes that reach past one company (`writeScope`);
 * totals only by time. None outlives its time limit, so a change no request
 * announced (a post going live at its start time, a job's write) shows within that limit. */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SessionMember } from '../auth/sessions.ts';
import type { SharedPost } from '../queries/post-extras.ts';
import { LocalCacheGeneration, type CacheGeneration } from './cache-generation.ts';
import { JsonAnswer } from './json-answer.ts';
import { recordCacheLookup, recordCacheRefresh } from './metrics.ts';
import { ReadCache, type ReadCacheOptions } from './read-cache.ts';
import { requestPath } from './request-path.ts';

/** Members kept at most (a member is about a kilobyte). */
const SESSION_ENTRIES = 20_000;
/** Bytes of answers kept at most. */
const ANSWER_BYTES = 64 * 1024 * 1024;
/** Post-list totals kept at most (many distinct searches must not grow it without end). */
const COUNT_ENTRIES = 10_000;
/** Pages of post ids kept at most (21 ids each). */
const PAGE_ENTRIES = 10_000;
/** Posts kept at most (a post with its shared extras is one to two kilobytes). */
const POST_ENTRIES = 20_000;

/** The caches of one server process. */
export interface Caches {
  generation: CacheGeneration;
  /** Members by token hash and company. */
  sessions: ReadCache<SessionMember | null>;
  /** Answers as the UTF-8 JSON bytes sent (and their compressed copy), by route, viewer and parameters. */
  answers: ReadCache<JsonAnswer>;
  /**
   * Totals of post lists by what decides the matches: counting every live match costs more
   * than the page itself (tens of ms for a search), and many viewers share a total. Only the
   * time limit retires them, not writes: a total may lag that long behind new posts, while
   * recounting the library after every like anywhere would cost more than all the pages.
   */
  counts: ReadCache<number>;
  /**
   * The post ids of list pages that are the same for every member (no bookmarks, no "not
   * shared by me"), by list, order and page: a search ranks every match, which costs more than
   * the page's posts, and every member searching the same words shares that work. Retired
   * with the company's answers; each viewer's marks are read fresh, the posts come from `posts`.
   */
  pageIds: ReadCache<number[]>;
  /**
   * Live posts with what presenting them needs that is the same for every member (topics,
   * counts, the suggester), by company and id; null for an id that is not a live post of the
   * company. A member's feed or list page reads only its ids and the member's own marks (like,
   * bookmark, subscription), so the members of a company share the work of reading the posts.
   * Retired with the company's answers.
   */
  posts: ReadCache<SharedPost | null>;
}

/** A cache's look-ups and background refreshes, counted under its name (metrics.ts). */
function metered(name: string): Pick<ReadCacheOptions, 'onLookup' | 'onRefresh'> {
  return { onLookup: (hit) => recordCacheLookup(name, hit), onRefresh: (outcome) => recordCacheRefresh(name, outcome) };
}

/** Caches on a generation, each entry kept at most `ttlMs`; 0 turns them all off (tests that write behind the API's back). */
export function createCaches(generation: CacheGeneration, ttlMs: number): Caches {
  return {
    generation,
    sessions: new ReadCache<SessionMember | null>(generation, {
      ttlMs,
      maxWeight: SESSION_ENTRIES,
      weigh: () => 1,
      ...metered('sessions'),
    }),
    answers: new ReadCache<JsonAnswer>(generation, {
      ttlMs,
      maxWeight: ANSWER_BYTES,
      // The brotli copy is made after weighing: count it as the tenth of the JSON it usually is.
      weigh: (value) => (value instanceof JsonAnswer ? Math.ceil(value.json.length * 1.1) : 0),
      ...metered('answers'),
    }),
    counts: new ReadCache<number>(new LocalCacheGeneration(), { ttlMs, maxWeight: COUNT_ENTRIES, weigh: () => 1, ...metered('counts') }),
    pageIds: new ReadCache<number[]>(generation, { ttlMs, maxWeight: PAGE_ENTRIES, weigh: () => 1, ...metered('page_ids') }),
    posts: new ReadCache<SharedPost | null>(generation, { ttlMs, maxWeight: POST_ENTRIES, weigh: () => 1, ...metered('posts') }),
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
  return requestPath(request.routeOptions.url, request.url).includes('/auth/');
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

/**
 * Route prefixes whose writes change only the company of the host they are made on: its
 * library (posts, reactions, comments, bookmarks, suggestions), its members' topics, its
 * settings and its tracking. Writes elsewhere, such as sign-in and sign-out, an account's
 * profile, password, deactivation or deletion, change a person who may belong to several
 * companies (their sessions there are cached too), so they retire every company's reads;
 * a new route is on that safe side until it is listed here.
 */
const COMPANY_SCOPED_ROUTES = [
  '/api/v1/post/',
  '/api/v2/post/',
  '/api/v4/post/',
  '/api/v5/post/',
  '/api/v3/share/',
  '/api/v4/admin/',
  '/api/v2/compliance/',
  '/api/v4/ai/',
  '/api/v2/manager/',
  '/api/v2/user/category',
  '/api/v1/company/',
  '/api/v1/cs/',
  '/api/v1/track/',
];

/** Whose cached reads a write retires: the host's company, or every company (null). */
export function writeScope(request: FastifyRequest): number | null {
  const company = request.company;
  if (company === null) return null;
  const route = request.routeOptions.url ?? '';
  return COMPANY_SCOPED_ROUTES.some((prefix) => route.startsWith(prefix)) ? company.id : null;
}

/** The cache-busting parameter GET requests carry (ARCHITECTURE.md); it never changes an answer. */
const CACHE_BUSTER = '_';

/** The key of a cached answer: the route and viewer parts, then the validated query without its cache-buster. */
export function answerKey(parts: readonly (string | number)[], query: object): string {
  const params = Object.entries(query).filter(([name]) => name !== CACHE_BUSTER);
  return JSON.stringify([...parts, params]);
}
