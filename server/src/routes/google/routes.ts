/**
 * Google sign-in (browser navigations, not JSON calls): start a sign-in or an invite sign-up,
 * and the provider's callback, which hands over to the web app's /sign-in/sso page.
 */
import { safeNextPath } from '@chorus/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ERROR_PATH,
  GOOGLE_COOKIE_PATH,
  GOOGLE_FLOW_COOKIE,
  GOOGLE_FLOW_TTL_MS,
  GoogleSignIn,
  googleConfigOf,
  type StartedFlow,
} from '../../auth/google.ts';
import { bindToBrowser } from '../../auth/sso-exchange.ts';
import { completeSsoRemoval, GOOGLE_REMOVAL_COOKIE } from '../../commands/sso-removal.ts';
import type { CompanyRow, OidcConfigColumn } from '../../db/schema.ts';
import { notFound, parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';

const SignInQuery = z.object({ next: z.string().optional() });
const SignUpQuery = z.object({ code: z.string().min(1) });

/** The host company and its Google client, or 404 when Google sign-in is not set up there. */
function configured(request: FastifyRequest): { company: CompanyRow; client: OidcConfigColumn } {
  const company = request.company;
  const client = company ? googleConfigOf(company) : null;
  if (!company || !client) throw notFound('Google sign-in is not configured for this company.');
  return { company, client };
}

/** Google sign-in routes. */
export const googleRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const google = new GoogleSignIn(ctx.db, ctx.config);
  const cookieOptions = {
    path: GOOGLE_COOKIE_PATH,
    httpOnly: true,
    // Lax: the provider's redirect back is a top-level GET, which Lax cookies accompany.
    sameSite: 'lax',
    secure: ctx.config.nodeEnv === 'production',
  } as const;

  async function redirectToProvider(request: FastifyRequest, reply: FastifyReply, options: { next: string | null; inviteCode: string | null }): Promise<FastifyReply> {
    const { company, client } = configured(request);
    let started: StartedFlow;
    try {
      started = await google.start(company, client, options);
    } catch (error) {
      // The provider's discovery failed (down, misconfigured issuer): a page, not a JSON error.
      request.log.warn({ err: error, companyId: company.id }, 'Google sign-in could not start');
      return reply.redirect(ERROR_PATH, 302);
    }
    reply.setCookie(GOOGLE_FLOW_COOKIE, started.flowToken, { ...cookieOptions, maxAge: GOOGLE_FLOW_TTL_MS / 1000 });
    return reply.redirect(started.authorizationUrl, 302);
  }

  serve(app, 'GET /api/v1/auth/google/sign-in', async (request, reply) => {
    const { next } = parseInput(SignInQuery, request.query ?? {});
    return redirectToProvider(request, reply, { next: safeNextPath(next), inviteCode: null });
  });

  serve(app, 'GET /api/v1/auth/google/sign-up', async (request, reply) => {
    const { code } = parseInput(SignUpQuery, request.query ?? {});
    return redirectToProvider(request, reply, { next: null, inviteCode: code });
  });

  serve(app, 'GET /api/v1/auth/google/callback', async (request, reply) => {
    const { company, client } = configured(request);
    const result = await google.callback(company, client, request.url, request.cookies[GOOGLE_FLOW_COOKIE], () => bindToBrowser(request, reply, ctx.config));
    reply.clearCookie(GOOGLE_FLOW_COOKIE, cookieOptions);
    // A pending deactivation or deletion (see commands/sso-removal.ts) replaces the sign-in.
    const removal = request.cookies[GOOGLE_REMOVAL_COOKIE];
    if (removal) {
      reply.clearCookie(GOOGLE_REMOVAL_COOKIE, cookieOptions);
      if (result.userId !== null) return reply.redirect(await completeSsoRemoval(ctx, company, removal, { userId: result.userId }), 302);
    }
    return reply.redirect(result.redirect, 302);
  });
};
