/**
 * Deactivation and deletion through single sign-on (accounts spec 4, 7): people of SSO-only
 * companies have no password, so they prove who they are at the identity provider instead.
 * The request stores the pending mode in a single-use token that travels through the
 * provider (SAML RelayState, or a cookie beside the Google flow); when the provider's answer
 * names the same person the server performs the action and sends the browser to
 * /sign-in?code=316 (deactivated) or 317 (deletion requested).
 */
import { ErrorCode, RemovalMode, SsoRedirectCode } from '@chorus/core';
import { and, eq } from 'drizzle-orm';
import { issueOneTimeToken, peekToken, redeemToken } from '../auth/one-time-tokens.ts';
import { companyOrigin, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { externalIdentities, sessions, users, type CompanyRow, type UserRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { deactivateUser, requestDeletion } from './privacy.ts';

/** Long enough to sign in at the provider. */
export const SSO_REMOVAL_TTL_MS = 10 * 60 * 1000;

/** The RelayState parameter carrying the removal token through SAML. */
export const REMOVAL_RELAY_PARAM = 'removal';

/** The cookie that carries a pending removal through the Google flow. */
export const GOOGLE_REMOVAL_COOKIE = 'chorus_google_removal';

/** Stores the pending removal of `user` and returns its token. */
export function issueSsoRemoval(db: Database, company: CompanyRow, user: UserRow, mode: RemovalMode): Promise<string> {
  return issueOneTimeToken(db, { kind: 'sso-removal', userId: user.id, companyId: company.id, email: user.email, ttlMs: SSO_REMOVAL_TTL_MS, data: { mode } });
}

/** Who the provider says signed in: a linked user id, or the SAML NameID and e-mail. */
export type ProvenIdentity = { userId: number } | { provider: string; subject: string; email: string | null };

async function provesUser(db: Database, identity: ProvenIdentity, user: UserRow): Promise<boolean> {
  if ('userId' in identity) return identity.userId === user.id;
  if (identity.email !== null && identity.email === user.email) return true;
  const [linked] = await db
    .select({ userId: externalIdentities.userId })
    .from(externalIdentities)
    .where(and(eq(externalIdentities.provider, identity.provider), eq(externalIdentities.subject, identity.subject)))
    .limit(1);
  return linked?.userId === user.id;
}

/**
 * Completes a pending removal after the provider's answer and returns where the browser goes:
 * /sign-in?code=316 or 317, /sign-in?code=854 when the deletion request could not be mailed,
 * or /error for an unknown token or a different person.
 */
export async function completeSsoRemoval(ctx: { db: Database; config: Config }, company: CompanyRow, code: string, identity: ProvenIdentity): Promise<string> {
  const origin = companyOrigin(ctx.config, company.subdomain);
  const errorUrl = `${origin}/error`;
  const signIn = (result: number): string => `${origin}/sign-in?code=${result}`;
  const found = await peekToken(ctx.db, 'sso-removal', code, { companyId: company.id });
  if (found.state !== 'valid' || found.row.userId === null) return errorUrl;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, found.row.userId)).limit(1);
  if (!user || user.deactivatedAt !== null || !(await provesUser(ctx.db, identity, user))) return errorUrl;
  // Used only by the person it was issued to: another person's answer leaves it usable.
  const redeemed = await redeemToken(ctx.db, 'sso-removal', code, { companyId: company.id, userId: user.id });
  if (redeemed.state !== 'valid') return errorUrl;

  if (redeemed.data.mode === RemovalMode.DEACTIVATE) {
    await deactivateUser(ctx.db, user.id);
    return signIn(SsoRedirectCode.DEACTIVATED);
  }
  try {
    await requestDeletion(ctx, company, user);
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCode.GDPR_NOTIFICATION_FAILED) return signIn(ErrorCode.GDPR_NOTIFICATION_FAILED);
    throw error;
  }
  // The browser left the app for the provider: its sessions end with the request.
  await ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
  return signIn(SsoRedirectCode.DELETED);
}
