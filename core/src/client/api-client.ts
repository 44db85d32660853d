import type { z } from 'zod';
import { AUTH_HEADER, CACHE_BUST_PARAM } from '../domain/constants.ts';
import { ErrorCode } from '../domain/errors.ts';
import {
  BrandedSettingsResponse,
  ConfigInfoResponse,
  TimezoneListResponse,
} from '../contract/config.ts';
import { SignInResponse, SignOutResponse, type SignInRequest } from '../contract/auth.ts';
import { UserResponse } from '../contract/user.ts';
import {
  CategoryListResponse,
  FeedResponse,
  LastPostIdResponse,
  DismissResponse,
  PostListResponse,
  PostResponse,
  type FeedQuery,
  type PostListQuery,
} from '../contract/post.ts';
import { ApiError, apiErrorFrom } from './api-error.ts';
import type { TokenStore } from './token-store.ts';

export type ApiVersion = 'v1' | 'v2' | 'v3' | 'v4' | 'v5';
type QueryValue = string | number | boolean | readonly (string | number)[] | undefined | null;
export type Query = Record<string, QueryValue>;

export interface ApiClientOptions {
  /** Origin and optional path prefix, e.g. "" for same-origin or "http://127.0.0.1:3000". */
  baseUrl: string;
  tokens: TokenStore;
  fetch?: typeof globalThis.fetch;
  /** Extra headers on every request (server-side callers send Host here). */
  headers?: Record<string, string>;
  /** Clock for the cache-busting parameter. */
  now?: () => number;
}

interface RequestOptions<T extends z.ZodType> {
  version: ApiVersion;
  path: string;
  query?: Query;
  body?: unknown;
  schema: T;
  /** Lets the request outlive the page (sent while it unloads); the body must stay under 64 KB. */
  keepalive?: boolean;
}

function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The typed client of the Chorus API. Every call sends the session token in X-AUTH-TOKEN,
 * GET calls carry a cache-busting timestamp, responses are checked against the contract and
 * failures throw ApiError with the spec's code.
 */
export class ApiClient {
  readonly #options: ApiClientOptions;
  readonly #fetch: typeof globalThis.fetch;

  constructor(options: ApiClientOptions) {
    this.#options = options;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  get tokens(): TokenStore {
    return this.#options.tokens;
  }

  /** Builds the url of an API path, as browsers navigate to some of them. */
  url(version: ApiVersion, path: string, query: Query = {}): string {
    return `${this.#options.baseUrl}/api/${version}/${path.replace(/^\//, '')}${queryString(query)}`;
  }

  async request<T extends z.ZodType>(method: string, options: RequestOptions<T>): Promise<z.infer<T>> {
    const verb = method.toUpperCase();
    const query = verb === 'GET' ? { ...options.query, [CACHE_BUST_PARAM]: (this.#options.now ?? Date.now)() } : options.query;
    const headers: Record<string, string> = { Accept: 'application/json', ...this.#options.headers };
    const token = this.#options.tokens.get();
    if (token) headers[AUTH_HEADER] = token;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await this.#fetch(this.url(options.version, options.path, query), {
        method: verb,
        headers,
        body: options.body === undefined ? null : JSON.stringify(options.body),
        credentials: 'same-origin',
        ...(options.keepalive ? { keepalive: true } : {}),
      });
    } catch (cause) {
      throw new ApiError(ErrorCode.UNKNOWN, 0, cause instanceof Error ? cause.message : undefined);
    }

    const text = await response.text();
    let json: unknown = null;
    if (text.length > 0) {
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
    }
    if (!response.ok) throw apiErrorFrom(json, response.status, response.headers.get('retry-after'));
    const parsed = options.schema.safeParse(json);
    if (!parsed.success) {
      throw new ApiError(ErrorCode.UNKNOWN, response.status, `Unexpected response from ${options.path}`);
    }
    return parsed.data;
  }

  getJson<T extends z.ZodType>(version: ApiVersion, path: string, schema: T, query?: Query): Promise<z.infer<T>> {
    return this.request('GET', query === undefined ? { version, path, schema } : { version, path, schema, query });
  }

  postJson<T extends z.ZodType>(version: ApiVersion, path: string, schema: T, body: unknown): Promise<z.infer<T>> {
    return this.request('POST', { version, path, schema, body });
  }

  configInfo() {
    return this.getJson('v1', 'config/info', ConfigInfoResponse);
  }

  brandedSettings() {
    return this.getJson('v1', 'company/settings/branded-settings', BrandedSettingsResponse);
  }

  timezones() {
    return this.getJson('v1', 'common/timezone', TimezoneListResponse);
  }

  /** Signs in and keeps the session token. */
  async signIn(credentials: SignInRequest) {
    const result = await this.postJson('v1', 'auth/sign-in', SignInResponse, credentials);
    this.#options.tokens.set(result.token);
    return result;
  }

  /** Ends the session; the token is dropped locally even if the server call fails. */
  async signOut() {
    try {
      return await this.getJson('v1', 'auth/sign-out', SignOutResponse);
    } finally {
      this.#options.tokens.clear();
    }
  }

  /** The signed-in person's own full record (`GET /api/v1/user/{id}` with their own id). */
  user(id: number) {
    return this.getJson('v1', `user/${id}`, UserResponse);
  }

  categories() {
    return this.getJson('v1', 'category', CategoryListResponse);
  }

  feed(query: FeedQuery = {}) {
    return this.getJson('v4', 'post/feed', FeedResponse, { ...query });
  }

  /** The newest post on the feed (`GET /api/v4/post/last-post-id`), for new-post polling. */
  lastPostId() {
    return this.getJson('v4', 'post/last-post-id', LastPostIdResponse);
  }

  posts(query: PostListQuery = {}) {
    return this.getJson('v4', 'post/', PostListResponse, { ...query });
  }

  post(id: number) {
    return this.getJson('v4', `post/${id}`, PostResponse);
  }

  /** Dismisses a post from the viewer's feed (`GET /api/v1/post/dismiss/{id}`). */
  dismissPost(id: number) {
    return this.getJson('v1', `post/dismiss/${id}`, DismissResponse);
  }

  /** Brings a dismissed post back to the viewer's feed (our `DELETE /api/v1/post/dismiss/{id}`, the undo). */
  restorePost(id: number) {
    return this.request('DELETE', { version: 'v1', path: `post/dismiss/${id}`, schema: DismissResponse });
  }
}
