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
  TopicListResponse,
  FeedResponse,
  LastPostIdResponse,
  DismissResponse,
  PostListResponse,
  PostResponse,
  type FeedQuery,
  type PostListQuery,
} from '../contract/post.ts';
import { routeParts, routePath } from '../contract/route-paths.ts';
import type { RouteKey, RouteParams, RouteResponse } from '../contract/routes.ts';
import { ApiError, apiErrorFrom } from './api-error.ts';
import type { TokenStore } from './token-store.ts';

export type ApiVersion = 'v1' | 'v2' | 'v3' | 'v4' | 'v5';
type QueryValue = string | number | boolean | readonly (string | number)[] | undefined | null;
export type Query = Record<string, QueryValue>;

/** What a call sends besides its route: the path's parameters (where it has some), a query, a body. */
export type CallInput<K extends RouteKey> = (keyof RouteParams<K> extends never ? { params?: never } : { params: RouteParams<K> }) & {
  query?: Query;
  /** JSON, or a FormData sent as multipart (file uploads). */
  body?: unknown;
  keepalive?: boolean;
};

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
    // A form (a file upload) sets its own multipart type and boundary.
    const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
    if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await this.#fetch(this.url(options.version, options.path, query), {
        method: verb,
        headers,
        body: options.body === undefined ? null : isForm ? (options.body as FormData) : JSON.stringify(options.body),
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

  /**
   * Calls the route defined as `key` in core (contract/routes.ts): its method and path come from
   * the key, with `params` filled in; the compiler checks the parameters against the path and the
   * schema against the definition's response.
   */
  async call<K extends RouteKey, T extends RouteResponse<K>>(key: K, schema: T, input: CallInput<K> = {} as CallInput<K>): Promise<z.infer<T>> {
    const { method } = routeParts(key);
    const path = routePath(key, (input as { params?: Record<string, string | number> }).params ?? {});
    const match = /^\/api\/(v\d)\/(.*)$/.exec(path);
    if (match === null) throw new Error(`${key} is not an API route`);
    const options: RequestOptions<T> = { version: match[1] as ApiVersion, path: match[2] ?? '', schema };
    if (input.query !== undefined) options.query = input.query;
    if (input.body !== undefined) options.body = input.body;
    if (input.keepalive === true) options.keepalive = true;
    return this.request(method, options);
  }

  getJson<T extends z.ZodType>(version: ApiVersion, path: string, schema: T, query?: Query): Promise<z.infer<T>> {
    return this.request('GET', query === undefined ? { version, path, schema } : { version, path, schema, query });
  }

  postJson<T extends z.ZodType>(version: ApiVersion, path: string, schema: T, body: unknown): Promise<z.infer<T>> {
    return this.request('POST', { version, path, schema, body });
  }

  configInfo() {
    return this.call('GET /api/v1/config/info', ConfigInfoResponse);
  }

  brandedSettings() {
    return this.call('GET /api/v1/company/settings/branded-settings', BrandedSettingsResponse);
  }

  timezones() {
    return this.call('GET /api/v1/common/timezone', TimezoneListResponse);
  }

  /** Signs in and keeps the session token. */
  async signIn(credentials: SignInRequest) {
    const result = await this.call('POST /api/v1/auth/sign-in', SignInResponse, { body: credentials });
    this.#options.tokens.set(result.token);
    return result;
  }

  /** Ends the session; the token is dropped locally even if the server call fails. */
  async signOut() {
    try {
      return await this.call('GET /api/v1/auth/sign-out', SignOutResponse);
    } finally {
      this.#options.tokens.clear();
    }
  }

  /** The signed-in person's own full record (`GET /api/v1/user/{id}` with their own id). */
  user(id: number) {
    return this.call('GET /api/v1/user/:id', UserResponse, { params: { id } });
  }

  categories() {
    return this.call('GET /api/v1/category', TopicListResponse);
  }

  feed(query: FeedQuery = {}) {
    return this.call('GET /api/v4/post/feed', FeedResponse, { query: { ...query } });
  }

  /** The newest post on the feed (`GET /api/v4/post/last-post-id`), for new-post polling. */
  lastPostId() {
    return this.call('GET /api/v4/post/last-post-id', LastPostIdResponse);
  }

  posts(query: PostListQuery = {}) {
    return this.call('GET /api/v4/post/', PostListResponse, { query: { ...query } });
  }

  post(id: number) {
    return this.call('GET /api/v4/post/:id', PostResponse, { params: { id } });
  }

  /** Dismisses a post from the viewer's feed (`GET /api/v1/post/dismiss/{id}`). */
  dismissPost(id: number) {
    return this.call('GET /api/v1/post/dismiss/:id', DismissResponse, { params: { id } });
  }

  /** Brings a dismissed post back to the viewer's feed (our `DELETE /api/v1/post/dismiss/{id}`, the undo). */
  restorePost(id: number) {
    return this.call('DELETE /api/v1/post/dismiss/:id', DismissResponse, { params: { id } });
  }
}
