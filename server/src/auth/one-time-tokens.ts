/**
 * Single-use tokens mailed to people (password recovery, magic sign-in links). Like session
 * tokens they carry 256 random bits and only their SHA-256 is stored.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { oneTimeTokens } from '../db/schema.ts';
import { hashToken } from './sessions.ts';

/** The kinds of one-time token this module issues. */
export type OneTimeTokenKind = 'recovery' | 'magic-link' | 'sso-exchange' | 'verification' | 'social-state' | 'social-code' | 'social-pending' | 'google-auth' | 'social-link-state' | 'social-link-code' | 'delete-request' | 'sso-removal' | 'saml-logout';

/** A stored token row. */
export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;

/** How a token looks on the wire: 32 bytes in base64url, no padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What a token found by its code is: usable, or why not. */
export type TokenState = { state: 'valid'; row: OneTimeTokenRow } | { state: 'unknown' } | { state: 'used' } | { state: 'expired' };

/**
 * Issues a token and returns it (shown once, in the mail). Tokens of a sign-in still in
 * progress (social state, codes) have no user yet and keep what they carry in `data`.
 */
export async function issueOneTimeToken(
  db: Database,
  input: { kind: OneTimeTokenKind; userId: number | null; companyId: number | null; email: string | null; ttlMs: number; data?: Record<string, unknown> },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(oneTimeTokens).values({
    kind: input.kind,
    tokenHash: hashToken(token),
    userId: input.userId,
    companyId: input.companyId,
    email: input.email,
    data: input.data ?? {},
    expiresAt: new Date(Date.now() + input.ttlMs),
  });
  return token;
}

/** Looks a code up without using it. Malformed codes are unknown without a database read. */
export async function findOneTimeToken(db: Database, kind: OneTimeTokenKind, code: string): Promise<TokenState> {
  if (!TOKEN_PATTERN.test(code)) return { state: 'unknown' };
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(code)), eq(oneTimeTokens.kind, kind)))
    .limit(1);
  if (!row) return { state: 'unknown' };
  if (row.usedAt !== null) return { state: 'used' };
  if (row.expiresAt.getTime() <= Date.now()) return { state: 'expired' };
  return { state: 'valid', row };
}

/**
 * Marks a token used, only if it still is unused and unexpired. False means another request
 * used it first: the conditional update is what makes a token single-use under concurrency.
 */
export async function consumeOneTimeToken(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, sql`now()`)))
    .returning({ id: oneTimeTokens.id });
  return rows.length === 1;
}
