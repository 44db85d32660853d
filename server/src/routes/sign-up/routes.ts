/**
 * Sign-up (v1 /auth/sign-up): through an invite, or self sign-up where the company allows it;
 * confirming a self sign-up's address (email/confirm, email/confirmation) and joining with an
 * account from another company (sign-up/join), all through links that self sign-up mails.
 */
import { EmailConfirmRequest, EmailConfirmResponse, InviteSignUpRequest, MailRequestedResponse, SelfSignUpRequest, SignUpJoinRequest, SignUpResponse } from '@chorus/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { confirmEmail, joinCompany, resendEmailConfirmation } from '../../commands/email-confirmation.ts';
import { selfSignUp, signUpWithInvite, type SignedUp } from '../../commands/sign-up.ts';
import { inviteNotFound, parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate, revokeCarriedSession } from '../../plugins/session.ts';
import { presentUser, userCompanies } from '../../presenters/user.ts';
import { serve } from '../../lib/serve.ts';

const CodeParam = z.object({ code: z.string().min(1).max(200) });

/** Sign-up routes. Both answer `{ token, user, url: null }`: the new user is signed in. */
export const signUpRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const respond = async (request: FastifyRequest, signedUp: SignedUp) => {
    await revokeCarriedSession(ctx.db, request);
    const user = presentUser(signedUp.user, signedUp.role, signedUp.companies ?? (await userCompanies(ctx.db, signedUp.user.id)));
    return checked(SignUpResponse, { token: signedUp.token, user, url: null }, ctx.checkResponses);
  };

  serve(app, 'POST /api/v1/auth/sign-up/invite/:code', async (request) => {
    const params = CodeParam.safeParse(request.params);
    if (!params.success) throw inviteNotFound();
    const input = parseInput(InviteSignUpRequest, request.body ?? {});
    return respond(request, await signUpWithInvite(ctx, request.company, params.data.code, input));
  });

  serve(app, 'POST /api/v1/auth/sign-up', async (request) => {
    const input = parseInput(SelfSignUpRequest, request.body ?? {});
    return respond(request, await selfSignUp(ctx, request.company, input));
  });

  serve(app, 'POST /api/v1/auth/sign-up/join', async (request) => {
    const input = parseInput(SignUpJoinRequest, request.body ?? {});
    return respond(request, await joinCompany(ctx.db, request.company, input.code, input.password));
  });

  serve(app, 'POST /api/v1/auth/email/confirm', async (request) => {
    const { code } = parseInput(EmailConfirmRequest, request.body ?? {});
    await confirmEmail(ctx.db, request.company, code);
    return checked(EmailConfirmResponse, { confirmed: true }, ctx.checkResponses);
  });

  serve(app, 'POST /api/v1/auth/email/confirmation', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    await resendEmailConfirmation(ctx, viewer.user, company);
    return checked(MailRequestedResponse, { sent: true }, ctx.checkResponses);
  });
};
