/**
 * Social sign-in (v1 /auth): browser navigations to start a sign-in and receive the network's
 * callback, the embedded sandbox network's consent page, and e-mail verification.
 * The verification link is `https://<company host>/verify-email?code=<token>`; that page
 * calls GET /api/v1/auth/email/verification?code.
 */
import { CreateVerificationRequest, CreateVerificationResponse, EmailVerificationQuery, EmailVerificationResponse, SocialSignInCallbackQuery, SocialSignInStartQuery, validateEmail } from '@chorus/core';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { findOneTimeToken } from '../../auth/one-time-tokens.ts';
import { issueSandboxCode, sandboxSubject } from '../../auth/social-providers.ts';
import {
  completeSocialSignIn,
  createEmailVerification,
  SOCIAL_PENDING_TTL_MS,
  SOCIAL_STATE_TTL_MS,
  socialSignInEnabled,
  startSocialSignIn,
  verifyEmailAndSignIn,
} from '../../commands/social-sign-in.ts';
import { companyOrigin } from '../../config.ts';
import { notFound, parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { revokeCarriedSession } from '../../plugins/session.ts';
import { presentUser, userCompanies } from '../../presenters/user.ts';
import { consentPageLanguage } from './consent-page-language.ts';
import { renderConsentPage } from './sandbox-consent-page.ts';

/** Cookie binding a sign-in in progress to the browser that started it. */
export const STATE_COOKIE = 'chorus_social_state';
/** Cookie proving that this browser just came back from the social network (for create-verification). */
export const PENDING_COOKIE = 'chorus_social_pending';
const COOKIE_PATH = '/api/v1/auth/sign-in';

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
  const cookieOptions = (maxAgeMs: number) => ({
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.config.nodeEnv === 'production',
    maxAge: Math.floor(maxAgeMs / 1000),
  });

  app.post('/api/v1/auth/sign-in/create-verification', async (request) => {
    const input = parseInput(CreateVerificationRequest, request.body ?? {});
    await createEmailVerification(ctx, request.company, { identityId: input.usa_id, email: input.email, pending: request.cookies[PENDING_COOKIE] });
    return checked(CreateVerificationResponse, { sent: true }, ctx.checkResponses);
  });

  app.get('/api/v1/auth/email/verification', async (request) => {
    const { code } = parseInput(EmailVerificationQuery, request.query ?? {});
    const session = await verifyEmailAndSignIn(ctx.db, code);
    await revokeCarriedSession(ctx.db, request);
    const user = presentUser(session.user, session.role, await userCompanies(ctx.db, session.user.id));
    const url = `${companyOrigin(ctx.config, session.company.subdomain)}/`;
    return checked(EmailVerificationResponse, { url, token: session.token, user }, ctx.checkResponses);
  });

  app.get('/api/v1/auth/sign-in/:network', async (request, reply) => {
    const network = networkOf(request.params);
    const query = parseInput(SocialSignInStartQuery, request.query ?? {});
    const isElement = query.is_element === '1' || query.is_element === 1 || query.is_element === true;
    const { state, url } = await startSocialSignIn(ctx, request.company, network, { isElement, next: query.next ?? null });
    reply.setCookie(STATE_COOKIE, state, cookieOptions(SOCIAL_STATE_TTL_MS));
    return reply.redirect(url);
  });

  app.get('/api/v1/auth/sign-in/:network/callback', async (request, reply) => {
    const network = networkOf(request.params);
    const query = parseInput(SocialSignInCallbackQuery, request.query ?? {});
    const outcome = await completeSocialSignIn(ctx, request.company, network, { ...query, cookieState: request.cookies[STATE_COOKIE] });
    reply.clearCookie(STATE_COOKIE, { path: COOKIE_PATH });
    if (outcome.kind === 'verify') reply.setCookie(PENDING_COOKIE, outcome.pending, cookieOptions(SOCIAL_PENDING_TTL_MS));
    return reply.redirect(outcome.url);
  });

  app.get('/api/v1/auth/sandbox/:network/authorize', async (request, reply) => {
    const network = networkOf(request.params);
    const { state } = parseInput(DecideQuery, request.query ?? {});
    const company = request.company;
    if (!company || !socialSignInEnabled(company, network)) throw notFound('This sign-in option is not available.');
    const found = await findOneTimeToken(ctx.db, 'social-state', state);
    if (found.state !== 'valid' || found.row.companyId !== company.id) {
      return reply.redirect(`${companyOrigin(ctx.config, company.subdomain)}/sign-in?social_error=invalid`);
    }
    return sendHtml(reply, renderConsentPage({ network, companyName: company.name, state, error: null, language: consentPageLanguage(request) }));
  });

  app.get('/api/v1/auth/sandbox/:network/decide', async (request, reply) => {
    const network = networkOf(request.params);
    const input = parseInput(DecideQuery, request.query ?? {});
    const callback = new URL(`/api/v1/auth/sign-in/${network}/callback`, companyOrigin(ctx.config, request.company?.subdomain ?? 'app'));
    callback.searchParams.set('state', input.state);
    if (input.decision === 'deny') {
      callback.searchParams.set('error', 'access_denied');
      return reply.redirect(callback.href);
    }
    const emailProblem = input.email !== '' && !validateEmail(input.email).ok;
    if (input.name === '' || emailProblem) {
      const error = input.name === '' ? 'nameRequired' : 'emailInvalid';
      const page = renderConsentPage({ network, companyName: request.company?.name ?? '', state: input.state, error, language: consentPageLanguage(request) });
      return sendHtml(reply, page, 400);
    }
    const code = await issueSandboxCode(ctx.db, network, {
      subject: sandboxSubject(input.name),
      displayName: input.name,
      email: input.email === '' ? null : input.email.toLowerCase(),
    });
    callback.searchParams.set('code', code);
    return reply.redirect(callback.href);
  });
};
