/**
 * Sign-in with a social network (the embedded sandbox for now, see auth/social-providers.ts)
 * and the e-mail verification that links a new social account to a member.
 *
 * A linked account, or one whose shared e-mail is a member's, signs in through the SSO
 * exchange (/sign-in/sso). Any other account is kept unlinked and the person is sent to
 * /verify-email?usa_id. The id alone proves nothing: asking for the mail also needs the
 * pending-sign-in cookie set by the callback, the mail goes to the typed work address only if
 * it is a member's, and only following the mailed link links the account.
 */
import { ErrorCode, SOCIAL_SIGN_IN_SLUGS, type Role } from '@chorus/core';
import { and, eq, isNull } from 'drizzle-orm';
import { companyOrigin, type Config } from '../config.ts';
import { consumeOneTimeToken, findOneTimeToken, issueOneTimeToken } from '../auth/one-time-tokens.ts';
import { createSession } from '../auth/sessions.ts';
import { pkcePair } from '../auth/oauth-networks.ts';
import { socialProvider, type SocialProfile } from '../auth/social-providers.ts';
import { issueSsoExchange, ssoLandingUrl } from '../auth/sso-exchange.ts';
import type { Database } from '../db/database.ts';
import { companies, externalIdentities, memberships, users, type CompanyRow, type UserRow } from '../db/schema.ts';
import { ApiError, notFound } from '../errors.ts';
import { sendMail } from '../mail/send-mail.ts';

/** A sign-in may sit on the consent page this long. */
export const SOCIAL_STATE_TTL_MS = 10 * 60 * 1000;
/** The verification form may be filled in this long after the social sign-in. */
export const SOCIAL_PENDING_TTL_MS = 30 * 60 * 1000;
/** Verification links last 24 hours, as magic links do. */
export const VERIFICATION_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** What these commands need from the app context. */
export interface SocialContext {
  db: Database;
  config: Pick<Config, 'mail' | 'baseDomain' | 'nodeEnv' | 'port' | 'networks'>;
}

/** Only same-site paths may follow a sign-in: no scheme, no host, no protocol-relative `//`. */
export function safeNextPath(next: string | undefined | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  return next;
}

/** Whether the company offers sign-in with this network slug. */
export function socialSignInEnabled(company: CompanyRow, network: string): boolean {
  return Object.entries(SOCIAL_SIGN_IN_SLUGS).some(([index, slug]) => slug === network && company.socialSignIn[Number(index)] === true);
}

function requireEnabled(company: CompanyRow | null, network: string): CompanyRow {
  if (!company || !socialSignInEnabled(company, network)) throw notFound('This sign-in option is not available.');
  return company;
}

/** Starts a sign-in: the state token (also the browser-binding cookie) and the consent URL. */
export async function startSocialSignIn(
  ctx: SocialContext,
  host: CompanyRow | null,
  network: string,
  options: { isElement: boolean; next: string | null },
): Promise<{ state: string; url: string }> {
  const company = requireEnabled(host, network);
  // The PKCE verifier stays on the server with the state; only its challenge goes to the network.
  const pkce = pkcePair();
  const state = await issueOneTimeToken(ctx.db, {
    kind: 'social-state',
    userId: null,
    companyId: company.id,
    email: null,
    ttlMs: SOCIAL_STATE_TTL_MS,
    data: { network, isElement: options.isElement, next: safeNextPath(options.next), codeVerifier: pkce.verifier },
  });
  const origin = companyOrigin(ctx.config, company.subdomain);
  const url = socialProvider(ctx.db, network, ctx.config.networks).authorizeUrl({ state, origin, codeChallenge: pkce.challenge });
  return { state, url };
}

/** Where the callback sends the browser, and the pending-sign-in cookie to set for /verify-email. */
export type SocialCallbackOutcome =
  | { kind: 'signed-in'; url: string }
  | { kind: 'verify'; url: string; pending: string }
  | { kind: 'denied'; url: string };

async function activeMember(db: Database, companyId: number, where: { userId: number } | { email: string }): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, companyId),
        isNull(users.deactivatedAt),
        'userId' in where ? eq(users.id, where.userId) : eq(users.email, where.email.trim().toLowerCase()),
      ),
    )
    .limit(1);
  return row?.user ?? null;
}

async function upsertIdentity(db: Database, network: string, companyId: number, profile: SocialProfile, userId: number | null): Promise<number> {
  const values = { companyId, email: profile.email, displayName: profile.displayName };
  const [row] = await db
    .insert(externalIdentities)
    .values({ provider: network, subject: profile.subject, userId, ...values })
    .onConflictDoUpdate({
      target: [externalIdentities.provider, externalIdentities.subject],
      set: userId === null ? values : { ...values, userId },
    })
    .returning({ id: externalIdentities.id });
  if (!row) throw new ApiError(ErrorCode.UNKNOWN);
  return row.id;
}

/**
 * The network's callback. The state must be unused, of this network and company, and equal the
 * cookie of the browser that started the sign-in (so nobody can sign someone else in).
 */
export async function completeSocialSignIn(
  ctx: SocialContext,
  host: CompanyRow | null,
  network: string,
  input: { state: string; cookieState: string | undefined; code?: string | undefined; error?: string | undefined },
): Promise<SocialCallbackOutcome> {
  const company = requireEnabled(host, network);
  const origin = companyOrigin(ctx.config, company.subdomain);
  const failed = (reason: string): SocialCallbackOutcome => ({ kind: 'denied', url: `${origin}/sign-in?social_error=${reason}` });
  const found = await findOneTimeToken(ctx.db, 'social-state', input.state);
  if (found.state !== 'valid' || input.cookieState !== input.state || found.row.companyId !== company.id || found.row.data.network !== network) {
    return failed('invalid');
  }
  if (!(await consumeOneTimeToken(ctx.db, found.row.id))) return failed('invalid');
  if (input.error !== undefined || input.code === undefined) return failed('denied');
  const codeVerifier = typeof found.row.data.codeVerifier === 'string' ? found.row.data.codeVerifier : '';
  const profile = await socialProvider(ctx.db, network, ctx.config.networks).exchange(input.code, { origin, codeVerifier });
  if (!profile) return failed('invalid');

  const next = typeof found.row.data.next === 'string' ? found.row.data.next : null;
  const inIframe = found.row.data.isElement === true;
  const [identity] = await ctx.db
    .select()
    .from(externalIdentities)
    .where(and(eq(externalIdentities.provider, network), eq(externalIdentities.subject, profile.subject)))
    .limit(1);
  const linked = identity?.userId ? await activeMember(ctx.db, company.id, { userId: identity.userId }) : null;
  const member = linked ?? (profile.email ? await activeMember(ctx.db, company.id, { email: profile.email }) : null);
  if (member) {
    await upsertIdentity(ctx.db, network, company.id, profile, member.id);
    const token = await issueSsoExchange(ctx.db, { userId: member.id, companyId: company.id, email: member.email });
    return { kind: 'signed-in', url: ssoLandingUrl(origin, token, { inIframe, next }) };
  }
  const identityId = await upsertIdentity(ctx.db, network, company.id, profile, null);
  const pending = await issueOneTimeToken(ctx.db, {
    kind: 'social-pending',
    userId: null,
    companyId: company.id,
    email: null,
    ttlMs: SOCIAL_PENDING_TTL_MS,
    data: { identityId },
  });
  const url = new URL('/verify-email', origin);
  url.searchParams.set('usa_id', String(identityId));
  if (inIframe) url.searchParams.set('is_element', '1');
  return { kind: 'verify', url: url.href, pending };
}

/**
 * POST create-verification: mails a link to the typed work address when it is a member's and
 * the browser holds the pending sign-in of that social account. Answers the same either way.
 */
export async function createEmailVerification(
  ctx: SocialContext,
  host: CompanyRow | null,
  input: { identityId: number; email: string; pending: string | undefined },
): Promise<void> {
  if (!host || !input.pending) return;
  const pending = await findOneTimeToken(ctx.db, 'social-pending', input.pending);
  if (pending.state !== 'valid' || pending.row.companyId !== host.id || pending.row.data.identityId !== input.identityId) return;
  const member = await activeMember(ctx.db, host.id, { email: input.email });
  if (!member) return;
  const code = await issueOneTimeToken(ctx.db, {
    kind: 'verification',
    userId: member.id,
    companyId: host.id,
    email: member.email,
    ttlMs: VERIFICATION_LINK_TTL_MS,
    data: { identityId: input.identityId },
  });
  const url = `${companyOrigin(ctx.config, host.subdomain)}/verify-email?code=${code}`;
  const name = `${member.firstName} ${member.lastName}`.trim();
  await sendMail(ctx, { kind: 'verification', to: member.email, language: member.language, companyId: host.id, name, companyName: host.name, url });
}

/** A session started by a verification link. */
export interface VerifiedSignIn {
  token: string;
  user: UserRow;
  role: Role;
  company: CompanyRow;
}

/**
 * GET email/verification: uses the link once, links the social account to the user and signs
 * them in. Unknown codes are 427, used ones 428, expired ones 426 (as magic links).
 */
export async function verifyEmailAndSignIn(db: Database, code: string): Promise<VerifiedSignIn> {
  const found = await findOneTimeToken(db, 'verification', code);
  if (found.state === 'used') throw new ApiError(ErrorCode.MAGIC_LINK_USED);
  if (found.state === 'expired') throw new ApiError(ErrorCode.MAGIC_LINK_EXPIRED);
  const identityId = found.state === 'valid' ? found.row.data.identityId : null;
  if (found.state === 'unknown' || found.row.userId === null || found.row.companyId === null || typeof identityId !== 'number') {
    throw new ApiError(ErrorCode.MAGIC_LINK_ERROR);
  }
  const { userId, companyId } = found.row;
  const [member] = await db
    .select({ user: users, company: companies, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId), isNull(users.deactivatedAt)))
    .limit(1);
  if (!member) throw new ApiError(ErrorCode.MAGIC_LINK_ERROR);
  const tokenId = found.row.id;
  await db.transaction(async (tx) => {
    if (!(await consumeOneTimeToken(tx, tokenId))) throw new ApiError(ErrorCode.MAGIC_LINK_USED);
    await tx.update(externalIdentities).set({ userId, companyId }).where(eq(externalIdentities.id, identityId));
  });
  const token = await createSession(db, member.user.id, companyId);
  return { token, user: member.user, role: member.role as Role, company: member.company };
}
