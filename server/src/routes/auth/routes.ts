/** Sign-in and sign-out (v1 /auth). */
import { SignInRequest, SignInResponse, SignOutResponse } from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { deleteSession } from '../../auth/sessions.ts';
import { signIn } from '../../commands/sign-in.ts';
import { parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate } from '../../plugins/session.ts';
import { presentUser, userCompanies } from '../../presenters/user.ts';

/** Auth routes. */
export const authRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/api/v1/auth/sign-in', async (request) => {
    const input = parseInput(SignInRequest, request.body ?? {});
    const session = await signIn(ctx.db, request.company, input.email, input.password);
    const user = presentUser(session.user, session.role, await userCompanies(ctx.db, session.user.id));
    return checked(SignInResponse, { token: session.token, sso_url: null, user }, ctx.checkResponses);
  });

  app.get('/api/v1/auth/sign-out', async (request) => {
    const { viewer } = await authenticate(ctx.db, request);
    await deleteSession(ctx.db, viewer.sessionId);
    return checked(SignOutResponse, { url: null }, ctx.checkResponses);
  });
};
