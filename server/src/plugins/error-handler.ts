/**
 * Renders every failure as `{ error, message }` with the spec code's HTTP status. Unknown
 * failures become 202 and are logged; database errors are classified by SQLSTATE.
 */
import { ErrorCode } from '@chorus/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SqlState, sqlState } from '../db/sql-errors.ts';
import { ApiError, notFound, unknownError, validationFailed } from '../errors.ts';

function toApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  switch (sqlState(error)) {
    // Bad input that reached the database (an out-of-range id, text where a number belongs).
    case SqlState.INVALID_TEXT_REPRESENTATION:
    case SqlState.NUMERIC_VALUE_OUT_OF_RANGE:
    case SqlState.CHECK_VIOLATION:
    case SqlState.NOT_NULL_VIOLATION:
      return validationFailed([]);
    case SqlState.FOREIGN_KEY_VIOLATION:
      return notFound();
    case SqlState.UNIQUE_VIOLATION:
      return new ApiError(ErrorCode.MISSING_OR_INCORRECT, 'That already exists.');
    default:
      break;
  }
  if (typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number') {
    const status = error.statusCode;
    // Fastify's own client errors: malformed JSON, unsupported media type, body too large.
    if (status >= 400 && status < 500) return validationFailed([{ path: '', message: (error as FastifyError).message }]);
  }
  return null;
}

/** Installs the error and not-found rendering for API routes. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error);
    if (apiError === null) {
      request.log.error({ err: error }, 'unhandled error');
      const unknown = unknownError();
      return reply.status(unknown.status).send(unknown.toBody());
    }
    if (apiError.code === ErrorCode.UNKNOWN) request.log.error({ err: error }, 'request failed');
    if (apiError.retryAfterSeconds !== undefined) reply.header('retry-after', String(apiError.retryAfterSeconds));
    return reply.status(apiError.status).send(apiError.toBody());
  });
}
