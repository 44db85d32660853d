/** Sign-in and sign-out (v1 /auth). */
import { SignInRequest, SignInResult, SignOutResponse } from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { deleteSession } from '../../auth/sessions.ts';
import { samlLogoutUrl } from '../../commands/saml-logout.ts';
import { signIn } from '../../commands/sign-in.ts';
import { companyOrigin } from '../../config.ts';
import { parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate, requestToken } from '../../plugins/session.ts';
import { presentUser, userCompanies } from '../../presenters/user.ts';
import { serve } from '../../lib/serve.ts';

/** Auth routes. */
export const authRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, 'POST /api/v1/auth/sign-in', async (request) => {
    const input = parseInput(SignInRequest, request.body ?? {});
    const outcome = await signIn(ctx.db, request.company, { ...input, previousToken: requestToken(request) });
    if (outcome.kind === 'sso') {
      const ssoUrl = `${companyOrigin(ctx.config, request.company?.subdomain ?? '')}/api/v1/auth/saml/sign-in`;
      return checked(SignInResult, { token: null, sso_url: ssoUrl, user: null }, ctx.checkResponses);
    }
    if (outcome.kind === 'elsewhere') {
      return checked(SignInResult, { token: null, sso_url: null, user: null, redirect_subdomain: outcome.subdomain }, ctx.checkResponses);
    }
    const user = presentUser(outcome.user, outcome.role, await userCompanies(ctx.db, outcome.user.id));
    return checked(SignInResult, { token: outcome.token, sso_url: null, user }, ctx.checkResponses);
  });

  // A GET in the spec, yet it ends the session: a link on another site must not sign anyone out.
  serve(app, 'GET /api/v1/auth/sign-out', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const ended = await deleteSession(ctx.db, viewer.sessionId);
    // A SAML session also ends at its IdP: the browser goes there next (single logout).
    const url = await samlLogoutUrl(ctx.db, ctx.config, company, viewer.user.id, ended?.samlSession ?? null);
    return checked(SignOutResponse, { url }, ctx.checkResponses);
  });
};
