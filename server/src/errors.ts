/**
 * The server's error values: each carries a spec code and answers with the HTTP status and
 * message of core's ERROR_CATALOGUE. Handlers throw these; the error handler renders them.
 */
import { ErrorCode, Network, errorDefinition, type ApiErrorBody } from '@chorus/core';
import type { z } from 'zod';

/** One field-level problem of a validation failure. */
export interface ValidationIssue {
  path: string;
  message: string;
}

/** An error with a spec code, rendered as `{ error, message }` with the catalogue's status. */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly issues: readonly ValidationIssue[] | undefined;
  /** Seconds the client should wait before trying again, sent as `Retry-After` (lock-outs). */
  retryAfterSeconds: number | undefined;

  constructor(code: number, message?: string, issues?: readonly ValidationIssue[]) {
    const definition = errorDefinition(code);
    super(message ?? definition.message);
    this.name = 'ApiError';
    this.code = definition.code;
    this.status = definition.status;
    this.issues = issues;
  }

  /** The response body. */
  toBody(): ApiErrorBody {
    return this.issues ? { error: this.code, message: this.message, issues: [...this.issues] } : { error: this.code, message: this.message };
  }
}

/** 201: the request's input failed validation. */
export function validationFailed(issues: readonly ValidationIssue[]): ApiError {
  return new ApiError(ErrorCode.MISSING_OR_INCORRECT, undefined, issues);
}

/** Converts zod issues to the response's `issues`. */
export function issuesOf(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** 202: anything unexpected; the cause is logged, never sent. */
export function unknownError(): ApiError {
  return new ApiError(ErrorCode.UNKNOWN);
}

/** 302: wrong e-mail, password or company; deliberately the same for each. */
export function wrongCredentials(): ApiError {
  return new ApiError(ErrorCode.WRONG_CREDENTIALS);
}

/**
 * 308: too many failed sign-ins on the account lately; refused even with the right password.
 * The answer says when the lock ends (`Retry-After`, in seconds).
 */
export function loginThrottled(retryAfterSeconds: number): ApiError {
  const error = new ApiError(ErrorCode.LOGIN_THROTTLED);
  error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return error;
}

/**
 * 493: the right password of a deactivated account. Only the owner gets this far (a wrong
 * password is still 302), so saying so reveals nothing, and tells them how to come back.
 */
export function accountDeactivated(): ApiError {
  return new ApiError(ErrorCode.ACCOUNT_DEACTIVATED);
}

/** 425: the client sent more requests than its rate limit allows (HTTP 429). */
export function tooManyRequests(): ApiError {
  return new ApiError(ErrorCode.TOO_MANY_REQUESTS);
}

/** 401: no valid session for this company. */
export function notSignedIn(): ApiError {
  return new ApiError(ErrorCode.NOT_SIGNED_IN);
}

/** 404: nothing with that id (or host) here. */
export function notFound(message?: string): ApiError {
  return new ApiError(ErrorCode.NOT_FOUND, message);
}

/** 662: the post is not (or no longer) available to this user. */
export function postUnavailable(): ApiError {
  return new ApiError(ErrorCode.POST_UNAVAILABLE);
}

/** 484: a post's link could not be opened (not http(s), unreachable, refused by the SSRF guard or not 2xx). */
export function linkUnreachable(): ApiError {
  return new ApiError(ErrorCode.LINK_UNREACHABLE);
}

/** 485: a post image upload that is not an image of the accepted types, or does not decode. */
export function imageInvalid(): ApiError {
  return new ApiError(ErrorCode.IMAGE_INVALID);
}

/** 486: a post image upload over POST_IMAGE_MAX_BYTES. */
export function imageTooLarge(): ApiError {
  return new ApiError(ErrorCode.IMAGE_TOO_LARGE);
}

/** 487: the suggestion was already approved or rejected (by someone else, or in another tab). */
export function suggestionReviewed(): ApiError {
  return new ApiError(ErrorCode.SUGGESTION_REVIEWED);
}

/** Parses input with a contract schema, or throws a 201 listing the problems. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationFailed(issuesOf(result.error));
  return result.data;
}

/** 304: someone already has an account with that e-mail. */
export function usernameExists(): ApiError {
  return new ApiError(ErrorCode.USERNAME_EXISTS);
}

/** 307: the invite code is unknown, used up, expired, of another company or of the other version. */
export function inviteNotFound(): ApiError {
  return new ApiError(ErrorCode.INVITE_NOT_FOUND);
}

/** 403: the company does not allow this (for example self sign-up when it is off). */
export function forbidden(message?: string): ApiError {
  return new ApiError(ErrorCode.FORBIDDEN, message);
}

/** The spec's wording of 470 on Facebook (content-library spec 8). */
export const FACEBOOK_REPHRASE_MESSAGE = 'There was a problem sharing this content to Facebook. Please contact your administrator.';

/** 470: the caption breaks the company's compliance rules (Facebook has its own wording). */
export function rephraseToShare(networkId?: number): ApiError {
  return new ApiError(ErrorCode.REPHRASE, networkId === Network.FACEBOOK ? FACEBOOK_REPHRASE_MESSAGE : undefined);
}

/** 310: the person has not linked the network this needs. */
export function networkNotLinked(): ApiError {
  return new ApiError(ErrorCode.NETWORK_NOT_LINKED);
}

/** The spec's AI error message (content-library spec 8 "AI"). */
export const AI_CAPTION_FAILED_MESSAGE = 'Something went wrong generating your AI-Assisted caption. Your post has not been changed.';

/** 202: no AI caption could be offered (the provider failed, or twice wrote one that does not pass). */
export function aiCaptionFailed(): ApiError {
  return new ApiError(ErrorCode.UNKNOWN, AI_CAPTION_FAILED_MESSAGE);
}

/** 202 on a network search that failed (content-library spec 8 "Notes"). */
export const NETWORK_SEARCH_FAILED_MESSAGE = 'There was an error searching this network.';

/** 202: the network could not be searched. */
export function networkSearchFailed(): ApiError {
  return new ApiError(ErrorCode.UNKNOWN, NETWORK_SEARCH_FAILED_MESSAGE);
}

/** 498: the database cannot be reached; the client waits `Retry-After` seconds and tries again. */
export function databaseUnavailable(retryAfterSeconds: number): ApiError {
  const error = new ApiError(ErrorCode.DATABASE_UNAVAILABLE);
  error.retryAfterSeconds = retryAfterSeconds;
  return error;
}

/** 495: the operator suspended the company; its host answers nothing until it is resumed. */
export function companySuspended(): ApiError {
  return new ApiError(ErrorCode.COMPANY_SUSPENDED);
}
