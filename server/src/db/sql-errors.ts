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
