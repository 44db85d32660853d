import { ErrorCode, errorDefinition } from '../domain/errors.ts';

/** A failed API call, carrying the spec's numeric code from the response body. */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  /** A url the server asks the client to go to (codes 203 and 418). */
  readonly url: string | undefined;
  readonly issues: readonly { path: string; message: string }[];
  /** How long the server asks to wait before trying again (its `Retry-After`), in seconds. */
  retryAfterSeconds: number | undefined;

  constructor(code: number, status: number, message?: string, url?: string, issues: readonly { path: string; message: string }[] = []) {
    super(message ?? errorDefinition(code).message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.url = url;
    this.issues = issues;
  }
}

/** True when a value is an ApiError with one of the given codes. */
export function isApiError(value: unknown, ...codes: number[]): value is ApiError {
  return value instanceof ApiError && (codes.length === 0 || codes.includes(value.code));
}

function isIssue(value: unknown): value is { path: string; message: string } {
  return typeof value === 'object' && value !== null && 'path' in value && typeof value.path === 'string' && 'message' in value && typeof value.message === 'string';
}

/**
 * The ApiError of a failed response's JSON body. The body is checked by hand, not with the
 * contract's zod schema (ApiErrorBody): the production browser build carries no response
 * checking (web/vite.config.ts), and an error body must still be read right there. A body
 * without the spec's shape still names its code when it carries one, else UNKNOWN.
 */
export function apiErrorFrom(json: unknown, status: number, retryAfter: string | null = null, now = Date.now()): ApiError {
  const error = errorOfBody(json, status);
  error.retryAfterSeconds = retryAfterSeconds(retryAfter, now);
  return error;
}

/**
 * A `Retry-After` value in whole seconds from now: delay-seconds or an HTTP date; undefined
 * when absent, malformed or already past.
 */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) {
    const seconds = Number(trimmed);
    return seconds > 0 ? seconds : undefined;
  }
  const date = Date.parse(trimmed);
  if (Number.isNaN(date) || date <= now) return undefined;
  return Math.ceil((date - now) / 1000);
}

function errorOfBody(json: unknown, status: number): ApiError {
  if (typeof json !== 'object' || json === null || !('error' in json) || !Number.isInteger(json.error)) {
    return new ApiError(ErrorCode.UNKNOWN, status);
  }
  const code = Number(json.error);
  const body = json as { message?: unknown; url?: unknown; issues?: unknown };
  const wellFormed =
    typeof body.message === 'string' &&
    (body.url === undefined || typeof body.url === 'string') &&
    (body.issues === undefined || (Array.isArray(body.issues) && body.issues.every(isIssue)));
  if (!wellFormed) return new ApiError(code, status);
  return new ApiError(code, status, body.message as string, body.url as string | undefined, (body.issues as { path: string; message: string }[] | undefined) ?? []);
}
