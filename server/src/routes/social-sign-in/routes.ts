/**
 * Social sign-in (v1 /auth): browser navigations to start a sign-in and receive the network's
 * callback, the embedded sandbox network's consent page, and e-mail verification.
 * The verification link is `https://<company host>/verify-email?code=<token>`; that page
 * calls GET /api/v1/auth/email/verification?code.
 */
import { randomBytes } from 'node:crypto';
import { CreateVerificationRequest, CreateVerificationResponse, EmailVerificationQuery, EmailVerificationResponse, SocialSignInCallbackQuery, SocialSignInStartQuery, validateEmail } from '@chorus/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { peekToken } from '../../auth/one-time-tokens.ts';
import { issueSandboxCode, sandboxSignInSubject } from '../../auth/social-providers.ts';
import { bindToBrowser } from '../../auth/sso-exchange.ts';
import {
  completeSocialSignIn,
  createEmailVerification,
  sandboxSignInOffered,
  SOCIAL_PENDING_TTL_MS,
  SOCIAL_STATE_TTL_MS,
  startSocialSignIn,
  VERIFICATION_LINK_TTL_MS,
  verifyEmailAndSignIn,
} from '../../commands/social-sign-in.ts';
import { companyOrigin } from '../../config.ts';
import { notFound, parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { rotateCarriedSession } from '../../plugins/session.ts';
import { presentUser, userCompanies } from '../../presenters/user.ts';
import { consentPageLanguage } from './consent-page-language.ts';
import { renderConsentPage } from './sandbox-consent-page.ts';
import { serve } from '../../lib/serve.ts';

/** Cookie binding a sign-in in progress to the browser that started it. */
export const STATE_COOKIE = 'chorus_social_state';
/**
 * Cookie proving that this browser just came back from the social network (for
 * create-verification), and then that it is the browser that asked for the verification link.
 */
export const PENDING_COOKIE = 'chorus_social_pending';
const COOKIE_PATH = '/api/v1/auth/sign-in';
/** The pending cookie is read by create-verification and by email/verification. */
const PENDING_COOKIE_PATH = '/api/v1/auth';
/**
 * The sandbox's stand-in for a network account: a random secret of this browser, so a sandbox
 * account (the name typed on the consent page) belongs to the browser that made it.
 */
export const SANDBOX_ACCOUNT_COOKIE = 'chorus_sandbox_account';
const SANDBOX_COOKIE_PATH = '/api/v1/auth/sandbox';
const SANDBOX_ACCOUNT_TTL_MS = 365 * 24 * 60 * 60 * 1000;
const SANDBOX_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const NetworkParam = z.object({ network: z.string().regex(/^[a-z]{1,30}$/) });
const DecideQuery = z.object({
  state: z.string().max(100).default(''),
  decision: z.enum(['allow', 'deny']).default('deny'),
  name: z.string().trim().max(100).default(''),
  email: z.string().trim().max(254).default(''),
});

function networkOf(params: unknown): string {
  const parsed = NetworkParam.safeParse(params);
  if (!parsed.success) throw notFound('This sign-in option is not available.');
  return parsed.data.network;
}

function sendHtml(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** Social sign-in routes. */
export const socialSignInRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const cookieOptions = (maxAgeMs: number, path = COOKIE_PATH) => ({
    path,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.config.nodeEnv === 'production',
    maxAge: Math.floor(maxAgeMs / 1000),
  });

  serve(app, 'POST /api/v1/auth/sign-in/create-verification', async (request, reply) => {
    const input = parseInput(CreateVerificationRequest, request.body ?? {});
    const pending = request.cookies[PENDING_COOKIE];
    const sent = await createEmailVerification(ctx, request.company, { identityId: input.usa_id, email: input.email, pending });
    // The link works in this browser only: keep its pending cookie as long as the link lasts.
    if (sent && pending) reply.setCookie(PENDING_COOKIE, pending, cookieOptions(VERIFICATION_LINK_TTL_MS, PENDING_COOKIE_PATH));
    return checked(CreateVerificationResponse, { sent: true }, ctx.checkResponses);
  });

  async function verify(request: FastifyRequest, input: unknown) {
    const { code } = parseInput(EmailVerificationQuery, input ?? {});
    const session = await verifyEmailAndSignIn(ctx.db, ctx.config, code, request.cookies[PENDING_COOKIE]);
    await rotateCarriedSession(ctx.db, request, session.user.id);
    const user = presentUser(session.user, session.role, await userCompanies(ctx.db, session.user.id));
    const url = `${companyOrigin(ctx.config, session.company.subdomain)}/`;
    return checked(EmailVerificationResponse, { url, token: session.token, user }, ctx.checkResponses);
  }

  serve(app, 'GET /api/v1/auth/email/verification', async (request) => verify(request, request.query));
  serve(app, 'POST /api/v1/auth/email/verification', async (request) => verify(request, request.body));

  serve(app, 'GET /api/v1/auth/sign-in/:network', async (request, reply) => {
    const network = networkOf(request.params);
    const query = parseInput(SocialSignInStartQuery, request.query ?? {});
    const isElement = query.is_element === '1' || query.is_element === 1 || query.is_element === true;
    const started = await startSocialSignIn(ctx, request.company, network, { isElement, next: query.next ?? null });
    if (started.kind === 'network') reply.setCookie(STATE_COOKIE, started.state, cookieOptions(SOCIAL_STATE_TTL_MS));
    return reply.redirect(started.url);
  });

  serve(app, 'GET /api/v1/auth/sign-in/:network/callback', async (request, reply) => {
    const network = networkOf(request.params);
    const query = parseInput(SocialSignInCallbackQuery, request.query ?? {});
    const bind = () => bindToBrowser(request, reply, ctx.config);
    const outcome = await completeSocialSignIn(ctx, request.company, network, { ...query, cookieState: request.cookies[STATE_COOKIE] }, bind);
    reply.clearCookie(STATE_COOKIE, { path: COOKIE_PATH });
    if (outcome.kind === 'verify') reply.setCookie(PENDING_COOKIE, outcome.pending, cookieOptions(SOCIAL_PENDING_TTL_MS, PENDING_COOKIE_PATH));
    return reply.redirect(outcome.url);
  });

  /** The company whose sandbox consent page this is, or 404 where the sandbox does not stand in for the network. */
  function sandboxCompany(request: FastifyRequest, network: string) {
    const company = request.company;
    if (!company || !sandboxSignInOffered(ctx.config, company, network)) throw notFound('This sign-in option is not available.');
    return company;
  }

  serve(app, 'GET /api/v1/auth/sandbox/:network/authorize', async (request, reply) => {
    const network = networkOf(request.params);
    const { state } = parseInput(DecideQuery, request.query ?? {});
    const company = sandboxCompany(request, network);
    const found = await peekToken(ctx.db, 'social-state', state, { companyId: company.id });
    if (found.state !== 'valid') {
      return reply.redirect(`${companyOrigin(ctx.config, company.subdomain)}/sign-in?social_error=invalid`);
    }
    return sendHtml(reply, renderConsentPage({ network, companyName: company.name, state, error: null, language: consentPageLanguage(request) }));
  });

  serve(app, 'GET /api/v1/auth/sandbox/:network/decide', async (request, reply) => {
    const network = networkOf(request.params);
    const company = sandboxCompany(request, network);
    const input = parseInput(DecideQuery, request.query ?? {});
    const callback = new URL(`/api/v1/auth/sign-in/${network}/callback`, companyOrigin(ctx.config, company.subdomain));
    callback.searchParams.set('state', input.state);
    if (input.decision === 'deny') {
      callback.searchParams.set('error', 'access_denied');
      return reply.redirect(callback.href);
    }
    const emailProblem = input.email !== '' && !validateEmail(input.email).ok;
    if (input.name === '' || emailProblem) {
      const error = input.name === '' ? 'nameRequired' : 'emailInvalid';
      const page = renderConsentPage({ network, companyName: company.name, state: input.state, error, language: consentPageLanguage(request) });
      return sendHtml(reply, page, 400);
    }
    const carried = request.cookies[SANDBOX_ACCOUNT_COOKIE];
    const secret = carried && SANDBOX_SECRET_PATTERN.test(carried) ? carried : randomBytes(32).toString('base64url');
    reply.setCookie(SANDBOX_ACCOUNT_COOKIE, secret, cookieOptions(SANDBOX_ACCOUNT_TTL_MS, SANDBOX_COOKIE_PATH));
    const code = await issueSandboxCode(ctx.db, network, {
      subject: sandboxSignInSubject(secret, input.name),
      displayName: input.name,
      email: input.email === '' ? null : input.email.toLowerCase(),
    });
    callback.searchParams.set('code', code);
    return reply.redirect(callback.href);
  });
};
