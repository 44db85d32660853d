/**
 * Renders every failure as `{ error, message }` with the spec code's HTTP status. Unknown
 * failures become 202 and are logged; database errors are classified by SQLSTATE. While the
 * database cannot be reached, failures are 498 (HTTP 503, Retry-After), logged once per outage
 * (db/outage.ts) instead of once per request.
 */
import { ErrorCode } from '@chorus/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { OUTAGE_RETRY_AFTER_SECONDS, outageOf } from '../db/outage.ts';
import { SqlState, sqlState } from '../db/sql-errors.ts';
import { ApiError, databaseUnavailable, notFound, unknownError, validationFailed } from '../errors.ts';

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
export function installErrorHandler(app: FastifyInstance, database: DatabaseHandle): void {
  const outage = outageOf(database);
  app.addHook('onClose', async () => outage.stop());
  app.setErrorHandler(async (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error) ?? ((await outage.report(error, request.log)) ? databaseUnavailable(OUTAGE_RETRY_AFTER_SECONDS) : null);
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
