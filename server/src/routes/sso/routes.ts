/** The SSO token exchange (v1 /auth/sso): where every external sign-in ends. */
import { SsoDecryptTokenRequest, SsoDecryptTokenResponse } from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { browserNonce } from '../../auth/sso-exchange.ts';
import { signInWithSsoExchange } from '../../commands/sso-sign-in.ts';
import { parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { rotateCarriedSession } from '../../plugins/session.ts';
import { presentUser, userCompanies } from '../../presenters/user.ts';
import { serve } from '../../lib/serve.ts';

/** SSO exchange routes. */
export const ssoRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, 'POST /api/v1/auth/sso/decrypt-token', async (request) => {
    const input = parseInput(SsoDecryptTokenRequest, request.body ?? {});
    const session = await signInWithSsoExchange(ctx.db, ctx.config, request.company, input.encrypted_token, browserNonce(request));
    await rotateCarriedSession(ctx.db, request, session.user.id);
    const user = presentUser(session.user, session.role, await userCompanies(ctx.db, session.user.id));
    return checked(SsoDecryptTokenResponse, { token: session.token, sso_url: null, user }, ctx.checkResponses);
  });
};
