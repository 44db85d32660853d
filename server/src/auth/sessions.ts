/**
 * Sessions. The client holds a bearer token of 256 random bits; the database holds only its
 * SHA-256, so a database leak does not leak usable tokens.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Role } from '@chorus/core';
import type { Database } from '../db/database.ts';
import { memberships, sessions, users, type AuthMethodColumn, type SamlSessionColumn, type UserRow } from '../db/schema.ts';
import { limitInText, preparedQuery } from '../queries/prepared.ts';

/** Sessions last 30 days from sign-in: long enough that staff rarely sign in again. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen is refreshed at most this often, so reads do not each cost a write. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

/** The stored form of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Starts a session for a user in one company and returns its token (shown once, never stored).
 * `authMethod` records how the person proved who they are (null: not recorded, which the
 * company switcher treats as accepted nowhere).
 */
export async function createSession(
  db: Database,
  userId: number,
  companyId: number,
  options: { samlSession?: SamlSessionColumn | null; authMethod?: AuthMethodColumn | null } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    companyId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    samlSession: options.samlSession ?? null,
    authMethod: options.authMethod ?? null,
  });
  return token;
}

/** A live session of a member of the given company. */
export interface SessionMember {
  sessionId: number;
  /** When the session ends. */
  expiresAt: Date;
  user: UserRow;
  role: Role;
}

/**
 * Finds the unexpired session of a token started for the company, whose user still belongs
 * to it. A session of another company, of a user who is no longer a member, or whose account
 * is deactivated, counts as no session.
 */
export async function findSessionMember(db: Database, token: string, companyId: number): Promise<SessionMember | null> {
  // Every signed-in request asks this (when the session cache misses or is off): prepared once.
  const query = preparedQuery(db, 'session-member', (name, on) => {
    const company = sql.placeholder('company');
    return on
      .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, lastSeen: sessions.lastSeen, user: users, role: memberships.role })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.companyId, company)))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          eq(sessions.companyId, company),
          gt(sessions.expiresAt, sql`now()`),
          isNull(users.deactivatedAt),
        ),
      )
      .limit(limitInText(1))
      .prepare(name);
  });
  const [row] = await query.execute({ tokenHash: hashToken(token), company: companyId });
  if (!row) return null;
  if (Date.now() - row.lastSeen.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await db.update(sessions).set({ lastSeen: sql`now()` }).where(eq(sessions.id, row.sessionId));
  }
  return { sessionId: row.sessionId, expiresAt: row.expiresAt, user: row.user, role: row.role as Role };
}

/** Ends a session. */
export async function deleteSession(db: Database, sessionId: number): Promise<{ samlSession: SamlSessionColumn | null } | null> {
  const [ended] = await db.delete(sessions).where(eq(sessions.id, sessionId)).returning({ samlSession: sessions.samlSession });
  return ended ?? null;
}

/** Ends the session of a token, if it still exists: sign-in revokes the token it replaces. */
export async function deleteSessionByToken(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** How a session was authenticated, or null (unknown session, or one older than the record). */
export async function sessionAuthMethod(db: Database, sessionId: number): Promise<AuthMethodColumn | null> {
  const [row] = await db.select({ authMethod: sessions.authMethod }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return row?.authMethod ?? null;
}

/** The user a token's session belongs to, if it is a live session (any company). */
export async function sessionUserOfToken(db: Database, token: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row?.userId ?? null;
}
