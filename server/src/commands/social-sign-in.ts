/**
 * Sign-in with a social network (its real OAuth client, or the embedded sandbox where allowed:
 * see auth/social-providers.ts) and the e-mail verification that links a social account to a
 * member.
 *
 * A social account signs in only once it is linked to its owner (commands/federated-sign-in.ts):
 * the e-mail a network shares, or the sandbox's typist types, is never trusted. Any other
 * account is kept unlinked and the person is sent to /verify-email?usa_id. The id alone proves
 * nothing: asking for the mail also needs the pending-sign-in cookie set by the callback, the
 * mail goes to the typed work address only if it is a member's, and only following the mailed
 * link, in the browser that asked for it, links the account and signs in.
 */
import { ErrorCode, safeNextPath, type Role } from '@chorus/core';
import { and, eq, isNull } from 'drizzle-orm';
import { issueOneTimeToken, peekToken, redeemToken, type TokenScope } from '../auth/one-time-tokens.ts';
import { pkcePair } from '../auth/oauth-networks.ts';
import { createSession, hashToken } from '../auth/sessions.ts';
import { socialProvider, usesSandbox, type SocialProfile } from '../auth/social-providers.ts';
import { issueSsoExchange, ssoLandingUrl, type BrowserBinding } from '../auth/sso-exchange.ts';
import { companyOrigin, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { companies, externalIdentities, memberships, users, type CompanyRow, type UserRow } from '../db/schema.ts';
import { ApiError, notFound } from '../errors.ts';
import { sendMail } from '../mail/send-mail.ts';
import { federatedSignIn, keepIdentity } from './federated-sign-in.ts';
import { GOOGLE_NETWORK, requireAdmitted, socialNetworkOffered, socialSignInSwitchedOn, type SocialNetworkConfig } from '../auth/sign-in-policy.ts';

/** A sign-in may sit on the consent page this long. */
export const SOCIAL_STATE_TTL_MS = 10 * 60 * 1000;
/** The verification form may be filled in this long after the social sign-in. */
export const SOCIAL_PENDING_TTL_MS = 30 * 60 * 1000;
/** Verification links last 24 hours, as magic links do. */
export const VERIFICATION_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** What these commands need from the app context. */
export interface SocialContext {
  db: Database;
  config: Pick<Config, 'mail' | 'baseDomain' | 'nodeEnv' | 'port'> & SocialNetworkConfig;
}

/** Whether sign-in with this network is the embedded sandbox here (its consent pages exist only then). */
export function sandboxSignInOffered(config: SocialNetworkConfig, company: CompanyRow, network: string): boolean {
  return socialSignInSwitchedOn(company, network) && usesSandbox(network, config);
}

function requireOffered(config: SocialNetworkConfig, company: CompanyRow | null, network: string): CompanyRow {
  if (!company || !socialNetworkOffered(config, company, network)) throw notFound('This sign-in option is not available.');
  return company;
}

/** How a sign-in starts: at the network with a state (also the browser-binding cookie), or at the company's Google sign-in. */
export type SocialStart = { kind: 'network'; state: string; url: string } | { kind: 'google'; url: string };

/** Starts a sign-in: the state token and the consent URL. */
export async function startSocialSignIn(
  ctx: SocialContext,
  host: CompanyRow | null,
  network: string,
  options: { isElement: boolean; next: string | null },
): Promise<SocialStart> {
  const company = requireOffered(ctx.config, host, network);
  const origin = companyOrigin(ctx.config, company.subdomain);
  const next = safeNextPath(options.next);
  if (network === GOOGLE_NETWORK) {
    const url = new URL('/api/v1/auth/google/sign-in', origin);
    if (next) url.searchParams.set('next', next);
    return { kind: 'google', url: url.href };
  }
  const provider = socialProvider(ctx.db, network, ctx.config);
  if (!provider) throw notFound('This sign-in option is not available.');
  // The PKCE verifier stays on the server with the state; only its challenge goes to the network.
  const pkce = pkcePair();
  const state = await issueOneTimeToken(ctx.db, {
    kind: 'social-state',
    userId: null,
    companyId: company.id,
    email: null,
    ttlMs: SOCIAL_STATE_TTL_MS,
    data: { network, isElement: options.isElement, next, codeVerifier: pkce.verifier },
  });
  return { kind: 'network', state, url: provider.authorizeUrl({ state, origin, codeChallenge: pkce.challenge }) };
}

/** Where the callback sends the browser, and the pending-sign-in cookie to set for /verify-email. */
export type SocialCallbackOutcome =
  | { kind: 'signed-in'; url: string }
  | { kind: 'verify'; url: string; pending: string }
  | { kind: 'denied'; url: string };

async function activeMemberByEmail(db: Database, companyId: number, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), isNull(users.deactivatedAt), eq(users.email, email.trim().toLowerCase())))
    .limit(1);
  return row?.user ?? null;
}

function federatedIdentity(network: string, profile: SocialProfile) {
  return {
    provider: network,
    subject: profile.subject,
    email: profile.email,
    // A network's e-mail (and the sandbox's typed one) is never proof of an account.
    emailVerified: false,
    emailProven: false,
    firstName: '',
    lastName: '',
    displayName: profile.displayName,
  };
}

/**
 * The network's callback. The state must be unused, of this network and company, and equal the
 * cookie of the browser that started the sign-in (so nobody can sign someone else in). A linked
 * account signs in through the SSO exchange, bound to this browser (`bind`).
 */
export async function completeSocialSignIn(
  ctx: SocialContext,
  host: CompanyRow | null,
  network: string,
  input: { state: string; cookieState: string | undefined; code?: string | undefined; error?: string | undefined },
  bind: () => BrowserBinding,
): Promise<SocialCallbackOutcome> {
  const company = requireOffered(ctx.config, host, network);
  const origin = companyOrigin(ctx.config, company.subdomain);
  const failed = (reason: string): SocialCallbackOutcome => ({ kind: 'denied', url: `${origin}/sign-in?social_error=${reason}` });
  if (input.cookieState !== input.state) return failed('invalid');
  const found = await redeemToken(ctx.db, 'social-state', input.state, { companyId: company.id, accept: (data) => data.network === network });
  if (found.state !== 'valid') return failed('invalid');
  if (input.error !== undefined || input.code === undefined) return failed('denied');
  const provider = socialProvider(ctx.db, network, ctx.config);
  const profile = provider ? await provider.exchange(input.code, { origin, codeVerifier: found.data.codeVerifier }) : null;
  if (!profile) return failed('invalid');

  const next = safeNextPath(found.data.next);
  const inIframe = found.data.isElement;
  const identity = federatedIdentity(network, profile);
  const outcome = await federatedSignIn(ctx.db, company, identity, { inviteCode: null, jitDomains: [] });
  if (outcome.kind === 'signed-in') {
    const token = await issueSsoExchange(ctx.db, {
      userId: outcome.user.id,
      companyId: company.id,
      email: outcome.user.email,
      authMethod: { kind: 'social', network },
      binding: bind(),
    });
    return { kind: 'signed-in', url: ssoLandingUrl(origin, token, { inIframe, next }) };
  }
  if (outcome.kind === 'deactivated') return failed('invalid');
  // Not linked (or linked to someone who is not a member here): the owner proves a work e-mail.
  const identityId = await keepIdentity(ctx.db, company, identity, null);
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
 * The link works only in the browser that asked for it (the pending cookie's hash is kept
 * with it), so a stranger's request cannot get a member to link the stranger's account.
 */
export async function createEmailVerification(
  ctx: SocialContext,
  host: CompanyRow | null,
  input: { identityId: number; email: string; pending: string | undefined },
): Promise<boolean> {
  if (!host || !input.pending) return false;
  const pending = await peekToken(ctx.db, 'social-pending', input.pending, { companyId: host.id, accept: (data) => data.identityId === input.identityId });
  if (pending.state !== 'valid') return false;
  const member = await activeMemberByEmail(ctx.db, host.id, input.email);
  if (!member) return false;
  const code = await issueOneTimeToken(ctx.db, {
    kind: 'verification',
    userId: member.id,
    companyId: host.id,
    email: member.email,
    ttlMs: VERIFICATION_LINK_TTL_MS,
    data: { identityId: input.identityId, pendingHash: hashToken(input.pending) },
  });
  const url = `${companyOrigin(ctx.config, host.subdomain)}/verify-email?code=${code}`;
  const name = `${member.firstName} ${member.lastName}`.trim();
  await sendMail(ctx, { kind: 'verification', to: member.email, language: member.language, companyId: host.id, name, companyName: host.name, url });
  return true;
}

/** A session started by a verification link. */
export interface VerifiedSignIn {
  token: string;
  user: UserRow;
  role: Role;
  company: CompanyRow;
}

/**
 * GET and POST email/verification: uses the link once, links the social account to the user and
 * signs them in. Unknown codes (and links followed in another browser than the one that asked
 * for them, which keep working there) are 427, used ones 428, expired ones 426 (as magic links).
 */
export async function verifyEmailAndSignIn(db: Database, config: SocialNetworkConfig, code: string, pending: string | undefined): Promise<VerifiedSignIn> {
  const scope: TokenScope<'verification'> = {
    accept: (data, row) => row.userId !== null && row.companyId !== null && pending !== undefined && hashToken(pending) === data.pendingHash,
  };
  // The network may have been switched off since the link was mailed: refused (489), the link kept.
  const peeked = await peekToken(db, 'verification', code, scope);
  if (peeked.state === 'valid' && peeked.row.companyId !== null) {
    const [pendingSignIn] = await db
      .select({ company: companies, provider: externalIdentities.provider })
      .from(externalIdentities)
      .innerJoin(companies, eq(companies.id, peeked.row.companyId))
      .where(eq(externalIdentities.id, peeked.data.identityId))
      .limit(1);
    if (pendingSignIn) requireAdmitted(pendingSignIn.company, { kind: 'social', network: pendingSignIn.provider, config });
  }
  const found = await redeemToken(db, 'verification', code, scope);
  if (found.state === 'used') throw new ApiError(ErrorCode.MAGIC_LINK_USED);
  if (found.state === 'expired') throw new ApiError(ErrorCode.MAGIC_LINK_EXPIRED);
  if (found.state !== 'valid' || found.row.userId === null || found.row.companyId === null) throw new ApiError(ErrorCode.MAGIC_LINK_ERROR);
  const { userId, companyId } = found.row;
  const [member] = await db
    .select({ user: users, company: companies, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId), isNull(users.deactivatedAt)))
    .limit(1);
  if (!member) throw new ApiError(ErrorCode.MAGIC_LINK_ERROR);
  await db.update(externalIdentities).set({ userId, companyId }).where(eq(externalIdentities.id, found.data.identityId));
  const token = await createSession(db, member.user.id, companyId, { authMethod: { kind: 'verification-link' } });
  return { token, user: member.user, role: member.role as Role, company: member.company };
}
