import { errorDefinition } from '../domain/errors.ts';

/** A failed API call, carrying the spec's numeric code from the response body. */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  /** A url the server asks the client to go to (codes 203 and 418). */
  readonly url: string | undefined;
  readonly issues: readonly { path: string; message: string }[];

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
