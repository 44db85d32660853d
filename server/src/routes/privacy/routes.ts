/**
 * The privacy page's calls (accounts spec 2, 4, 7): GET /api/v1/user/personal-data; our
 * POST /api/v1/user/deactivate and /api/v1/user/delete-request (the spec does not show their
 * paths); POST /api/v1/user/{id}/reactivate for admins; and removal through single sign-on,
 * DELETE /api/v1/auth/sso/validate (SAML) and /api/v1/auth/google/validate.
 */
import {
  DeactivateResponse,
  DeleteRequestResponse,
  IdParam,
  PersonalDataResponse,
  ReactivateResponse,
  RemovalMode,
  RemovalRequest,
  SsoRemovalRequest,
  SsoRemovalResponse,
} from '@chorus/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { GOOGLE_COOKIE_PATH, GOOGLE_FLOW_COOKIE, GOOGLE_FLOW_TTL_MS, GoogleSignIn, googleConfigOf } from '../../auth/google.ts';
import { encodeSamlRelay, samlServiceProvider } from '../../auth/saml.ts';
import { samlRequestCache } from '../../auth/saml-request-cache.ts';
import { deactivateUser, personalData, reactivateMember, requestDeletion, verifyRemovalConfirmation } from '../../commands/privacy.ts';
import { isSsoOnly } from '../../auth/sign-in-policy.ts';
import { GOOGLE_REMOVAL_COOKIE, issueSsoRemoval, REMOVAL_RELAY_PARAM, SSO_REMOVAL_TTL_MS } from '../../commands/sso-removal.ts';
import { forbidden, notFound, parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate, authenticateFor } from '../../plugins/session.ts';
import { serve } from '../../lib/serve.ts';

/** Privacy routes. */
export const privacyRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const google = new GoogleSignIn(ctx.db, ctx.config);

  serve(app, 'GET /api/v1/user/personal-data', async (request, reply) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    reply.header('cache-control', 'no-store');
    return checked(PersonalDataResponse, await personalData(ctx.db, company, viewer.user), ctx.checkResponses);
  });

  serve(app, 'POST /api/v1/user/deactivate', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const input = parseInput(RemovalRequest, request.body ?? {});
    await verifyRemovalConfirmation(company, viewer.user, input);
    await deactivateUser(ctx.db, viewer.user.id);
    return checked(DeactivateResponse, { deactivated: true }, ctx.checkResponses);
  });

  serve(app, 'POST /api/v1/user/delete-request', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const input = parseInput(RemovalRequest, request.body ?? {});
    await verifyRemovalConfirmation(company, viewer.user, input);
    await requestDeletion(ctx, company, viewer.user);
    return checked(DeleteRequestResponse, { requested: true }, ctx.checkResponses);
  });

  serve(app, 'POST /api/v1/user/:id/reactivate', async (request) => {
    const { company } = await authenticateFor(ctx.db, request, 'accounts.manage');
    const { id } = parseInput(IdParam, request.params);
    await reactivateMember(ctx.db, company, id);
    return checked(ReactivateResponse, { id, reactivated: true }, ctx.checkResponses);
  });

  /** The signed-in member of an SSO-only company asking for removal, and the mode asked for. */
  async function ssoRemovalStart(request: FastifyRequest) {
    const { company, viewer } = await authenticate(ctx.db, request);
    const input = parseInput(SsoRemovalRequest, request.body ?? {});
    if (!isSsoOnly(company)) throw forbidden('This company signs in with a password: confirm with your password instead.');
    const mode = input.do_delete ? RemovalMode.DELETE : RemovalMode.DEACTIVATE;
    return { company, user: viewer.user, mode };
  }

  serve(app, 'DELETE /api/v1/auth/sso/validate', async (request, reply) => {
    const { company, user, mode } = await ssoRemovalStart(request);
    const saml = company.samlConfig;
    if (!saml) throw notFound('Single sign-on is not set up for this company.');
    const token = await issueSsoRemoval(ctx.db, company, user, mode);
    const relay = new URLSearchParams(encodeSamlRelay({ next: null, inviteCode: null, inIframe: false }));
    relay.set(REMOVAL_RELAY_PARAM, token);
    const url = await samlServiceProvider(ctx.config, company, saml, samlRequestCache(ctx.db, company.id)).getAuthorizeUrlAsync(relay.toString(), undefined, {});
    reply.header('cache-control', 'no-store');
    return checked(SsoRemovalResponse, { url, mode }, ctx.checkResponses);
  });

  serve(app, 'DELETE /api/v1/auth/google/validate', async (request, reply) => {
    const { company, user, mode } = await ssoRemovalStart(request);
    const client = googleConfigOf(company);
    if (!client) throw notFound('Google sign-in is not configured for this company.');
    const token = await issueSsoRemoval(ctx.db, company, user, mode);
    const started = await google.start(company, client, { next: null, inviteCode: null });
    const cookie = { path: GOOGLE_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: ctx.config.nodeEnv === 'production' } as const;
    reply.setCookie(GOOGLE_FLOW_COOKIE, started.flowToken, { ...cookie, maxAge: GOOGLE_FLOW_TTL_MS / 1000 });
    reply.setCookie(GOOGLE_REMOVAL_COOKIE, token, { ...cookie, maxAge: SSO_REMOVAL_TTL_MS / 1000 });
    reply.header('cache-control', 'no-store');
    return checked(SsoRemovalResponse, { url: started.authorizationUrl, mode }, ctx.checkResponses);
  });
};
