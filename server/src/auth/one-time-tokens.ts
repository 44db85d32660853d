/**
 * Single-use tokens mailed to people (password recovery, magic sign-in links). Like session
 * tokens they carry 256 random bits and only their SHA-256 is stored.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { oneTimeTokens, type AuthMethodColumn, type SamlSessionColumn } from '../db/schema.ts';
import { hashToken } from './sessions.ts';

/** The kinds of one-time token this module issues. */
export type OneTimeTokenKind = 'recovery' | 'magic-link' | 'sso-exchange' | 'verification' | 'social-state' | 'social-code' | 'social-pending' | 'google-auth' | 'social-link-state' | 'social-link-code' | 'delete-request' | 'sso-removal' | 'saml-logout' | 'email-confirmation' | 'sign-up-join';

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
export async function issueOneTimeToken<K extends OneTimeTokenKind>(
  db: Database,
  input: { kind: K; userId: number | null; companyId: number | null; email: string | null; ttlMs: number; data?: TokenData<K> },
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

/** Serialises the reissue of one person's tokens (pg_advisory_xact_lock key, with the user id). */
const REISSUE_LOCK_ID = 7_413_052;

/**
 * Issues a token that takes the place of every earlier one of its kind for the same person,
 * company and `data[key]` (a link flow's state per network): the earlier rows are deleted in the
 * same transaction, under a per-person lock, so repeating the request (a share call by a member
 * with no linked network, say) keeps one row, not one per call. Only the newest code works; the
 * plain code of an earlier row is not stored, so it cannot be handed out again.
 */
export async function reissueOneTimeToken<K extends OneTimeTokenKind>(
  db: Database,
  input: { kind: K; userId: number; companyId: number; email: string | null; ttlMs: number; data: TokenData<K> },
  key: keyof TokenData<K> & string,
): Promise<string> {
  const value = String((input.data as Record<string, unknown>)[key]);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REISSUE_LOCK_ID}, ${input.userId})`);
    await tx
      .delete(oneTimeTokens)
      .where(and(eq(oneTimeTokens.kind, input.kind), eq(oneTimeTokens.userId, input.userId), eq(oneTimeTokens.companyId, input.companyId), sql`${oneTimeTokens.data} ->> ${key} = ${value}`));
    return issueOneTimeToken(tx, input);
  });
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

/** The codes that let a person in without their password. */
const ACCESS_CODE_KINDS: readonly OneTimeTokenKind[] = ['recovery', 'magic-link'];

/**
 * Spends every outstanding recovery and magic-link code of a person: called when a reset, a
 * password change or a magic-link sign-in succeeds, so an older mail found later is no
 * longer a key to the account. Spent codes answer as used.
 */
export async function spendAccessCodes(db: Database, userId: number): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.userId, userId), sql`${oneTimeTokens.kind} in ${ACCESS_CODE_KINDS}`, isNull(oneTimeTokens.usedAt)));
}

/** An IdP session as a token carries it (SAML exchange, SAML logout). */
export const SamlSessionData = z.object({ nameID: z.string().min(1), nameIDFormat: z.string().min(1), sessionIndex: z.string().nullable() }) satisfies z.ZodType<SamlSessionColumn>;

/** How a session was authenticated, as an exchange token carries it to the session it starts. */
export const AuthMethodData = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('password') }),
  z.object({ kind: z.literal('magic-link') }),
  z.object({ kind: z.literal('verification-link') }),
  z.object({ kind: z.literal('sign-up') }),
  z.object({ kind: z.literal('google'), issuer: z.string().min(1), subject: z.string().min(1) }),
  z.object({ kind: z.literal('saml'), companyId: z.number().int() }),
  z.object({ kind: z.literal('social'), network: z.string().min(1) }),
  z.object({ kind: z.literal('teams-sso') }),
]) satisfies z.ZodType<AuthMethodColumn>;

const Network = z.string().regex(/^[a-z]{1,30}$/);

/** What each kind of token carries in `data`; a row whose data does not match is unknown. */
export const TOKEN_DATA = {
  recovery: z.object({}),
  'magic-link': z.object({}),
  'sso-exchange': z.object({
    samlSession: SamlSessionData.optional(),
    authMethod: AuthMethodData,
    /** SHA-256 of the nonce cookie of the browser the hand-over was started for (null: unbound, see BrowserBinding). */
    nonceHash: z.string().min(1).nullable(),
  }),
  verification: z.object({ identityId: z.number().int(), pendingHash: z.string().min(1) }),
  'social-state': z.object({ network: Network, isElement: z.boolean(), next: z.string().nullable(), codeVerifier: z.string() }),
  'social-code': z.object({ network: Network, subject: z.string().min(1), displayName: z.string() }),
  'social-pending': z.object({ identityId: z.number().int() }),
  'google-auth': z.object({ state: z.string(), nonce: z.string(), verifier: z.string(), next: z.string().nullable(), inviteCode: z.string().nullable() }),
  'social-link-state': z.object({
    network: Network,
    isElement: z.boolean(),
    onboarding: z.boolean(),
    codeVerifier: z.string(),
    /** A path of the app to return to instead of settings (the share modal's `/post-share` resume); checked by safeNextPath. */
    returnTo: z.string().nullable().default(null),
  }),
  'social-link-code': z.object({ network: Network, displayName: z.string(), companyName: z.string() }),
  'delete-request': z.object({}),
  'sso-removal': z.object({ mode: z.enum(['DEACTIVATE', 'DELETE']) }),
  'saml-logout': z.object({ samlSession: SamlSessionData }),
  'email-confirmation': z.object({}),
  'sign-up-join': z.object({}),
} satisfies Record<OneTimeTokenKind, z.ZodType>;

/** The typed `data` of a token kind. */
export type TokenData<K extends OneTimeTokenKind> = z.infer<(typeof TOKEN_DATA)[K]>;

/** What a token must belong to for a call site to accept it; checked before it is used. */
export interface TokenScope<K extends OneTimeTokenKind> {
  /** The company it was issued for. */
  companyId?: number;
  /** The user it was issued to. */
  userId?: number;
  /** Further checks of its data (the network of a state, the identity of a pending sign-in). */
  accept?: (data: TokenData<K>, row: OneTimeTokenRow) => boolean;
}

/**
 * A token looked up for a call site: usable (with its typed data), or why not. `foreign` is a
 * live token outside the scope (another company, user or network); it is left unused.
 */
export type ScopedToken<K extends OneTimeTokenKind> =
  | { state: 'valid'; row: OneTimeTokenRow; data: TokenData<K> }
  | { state: 'unknown' }
  | { state: 'used' }
  | { state: 'expired' }
  | { state: 'foreign' };

/** Looks a token up for a call site without using it: typed data, scope checked. */
export async function peekToken<K extends OneTimeTokenKind>(db: Database, kind: K, code: string, scope: TokenScope<K> = {}): Promise<ScopedToken<K>> {
  const found = await findOneTimeToken(db, kind, code);
  if (found.state !== 'valid') return found;
  const parsed = TOKEN_DATA[kind].safeParse(found.row.data);
  if (!parsed.success) return { state: 'unknown' };
  const data = parsed.data as TokenData<K>;
  if (scope.companyId !== undefined && found.row.companyId !== scope.companyId) return { state: 'foreign' };
  if (scope.userId !== undefined && found.row.userId !== scope.userId) return { state: 'foreign' };
  if (scope.accept && !scope.accept(data, found.row)) return { state: 'foreign' };
  return { state: 'valid', row: found.row, data };
}

/**
 * Uses a token once: looks it up (typed data, scope checked, see peekToken) and marks it used.
 * A token another request used first is `used`; one outside the scope stays unused.
 */
export async function redeemToken<K extends OneTimeTokenKind>(db: Database, kind: K, code: string, scope: TokenScope<K> = {}): Promise<ScopedToken<K>> {
  const found = await peekToken(db, kind, code, scope);
  if (found.state !== 'valid') return found;
  if (!(await consumeOneTimeToken(db, found.row.id))) return { state: 'used' };
  return found;
}
