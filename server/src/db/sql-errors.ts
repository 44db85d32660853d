/** Database errors recognised by SQLSTATE (never by message text). */

/** SQLSTATE codes the server reacts to. */
export const SqlState = {
  UNIQUE_VIOLATION: '23505',
  FOREIGN_KEY_VIOLATION: '23503',
  CHECK_VIOLATION: '23514',
  NOT_NULL_VIOLATION: '23502',
  INVALID_TEXT_REPRESENTATION: '22P02',
  NUMERIC_VALUE_OUT_OF_RANGE: '22003',
} as const;
export type SqlState = (typeof SqlState)[keyof typeof SqlState];

/**
 * The SQLSTATE of a database error, from node-postgres or PGlite. Drizzle wraps driver
 * errors, so the cause chain is followed.
 */
export function sqlState(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ('code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
    current = 'cause' in current ? current.cause : null;
  }
  return null;
}

/** Socket errors of a database connection that cannot be made or was lost. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** SQLSTATEs of a server that is shutting down or not accepting connections, and class 08 (connection exception). */
const UNAVAILABLE_STATE = /^(08[0-9A-Z]{3}|57P0[123])$/;

/**
 * Whether an error says the database cannot be reached (refused, reset, shutting down), as
 * opposed to refusing a query. node-postgres reports a connection lost mid-query only by its
 * message ("Connection terminated unexpectedly", "... due to connection timeout"), the one
 * case read from text. Drizzle's wrapping (`cause`) and AggregateError's `errors` (a host
 * with several addresses) are followed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 10; seen += 1) {
    const current = pending.shift();
    if (typeof current !== 'object' || current === null) continue;
    if ('code' in current && typeof current.code === 'string' && (CONNECTION_CODES.has(current.code) || UNAVAILABLE_STATE.test(current.code))) return true;
    if ('message' in current && typeof current.message === 'string' && current.message.startsWith('Connection terminated')) return true;
    if ('cause' in current) pending.push(current.cause);
    if ('errors' in current && Array.isArray(current.errors)) pending.push(...(current.errors as unknown[]));
  }
  return false;
}
