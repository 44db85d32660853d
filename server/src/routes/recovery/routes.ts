/** Account recovery and assisted sign-in (v1 /auth): recover, reset, magic links, find your team. */
import {
  LoginAssistanceRequest,
  MagicLinkQuery,
  MagicLinkRequest,
  MagicLinkResponse,
  MailRequestedResponse,
  RecoverCheckResponse,
  RecoverRequest,
  ResetPasswordRequest,
  ResetPasswordResponse,
  validatePassword,
  validateResetPassword,
} from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  checkRecoveryCode,
  requestLoginAssistance,
  requestMagicLink,
  requestPasswordRecovery,
  resetPasswordWithCode,
  signInWithMagicLink,
} from '../../commands/account-recovery.ts';
import { companyOrigin } from '../../config.ts';
import { parseInput, validationFailed } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { presentUser, userCompanies } from '../../presenters/user.ts';

const CodeParam = z.object({ code: z.string() });

/** Recovery routes. */
export const recoveryRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const sent = (): MailRequestedResponse => checked(MailRequestedResponse, { sent: true }, ctx.checkResponses);

  app.post('/api/v1/auth/recover', async (request) => {
    const input = parseInput(RecoverRequest, request.body ?? {});
    await requestPasswordRecovery(ctx, request.company, input.username);
    return sent();
  });

  app.get('/api/v1/auth/recover-check/:code', async (request) => {
    const { code } = parseInput(CodeParam, request.params);
    await checkRecoveryCode(ctx.db, code);
    return checked(RecoverCheckResponse, { valid: true }, ctx.checkResponses);
  });

  app.post('/api/v1/auth/reset', async (request) => {
    const input = parseInput(ResetPasswordRequest, request.body ?? {});
    const policy = validatePassword(input.password_1);
    if (!policy.ok) throw validationFailed([{ path: 'password_1', message: policy.error }]);
    const match = validateResetPassword(input);
    if (!match.ok) throw validationFailed([{ path: 'password_2', message: match.error }]);
    await resetPasswordWithCode(ctx.db, input.recover_code, input.password_1);
    return checked(ResetPasswordResponse, { reset: true }, ctx.checkResponses);
  });

  app.post('/api/v1/auth/email/magic-link', async (request) => {
    const input = parseInput(MagicLinkRequest, request.body ?? {});
    await requestMagicLink(ctx, request.company, input.username);
    return sent();
  });

  app.get('/api/v1/auth/email/magic-link', async (request) => {
    const { code } = parseInput(MagicLinkQuery, request.query ?? {});
    const session = await signInWithMagicLink(ctx.db, code);
    const user = presentUser(session.user, session.role, await userCompanies(ctx.db, session.user.id));
    const url = `${companyOrigin(ctx.config, session.company.subdomain)}/`;
    return checked(MagicLinkResponse, { url, token: session.token, user }, ctx.checkResponses);
  });

  app.post('/api/v1/auth/login-assistance', async (request) => {
    const input = parseInput(LoginAssistanceRequest, request.body ?? {});
    await requestLoginAssistance(ctx, input.email);
    return sent();
  });
};
