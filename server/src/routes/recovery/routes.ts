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
import { checkRecoveryCode, requireNoSilentSwitch, resetPasswordWithCode, signInWithMagicLink } from '../../commands/account-recovery.ts';
import type { CompanyRow } from '../../db/schema.ts';
import { handleMailRequest, type MailRequestData } from '../../jobs/mail-request.ts';
import { companyOrigin } from '../../config.ts';
import { parseInput, validationFailed } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { requestToken, rotateCarriedSession } from '../../plugins/session.ts';
import { presentUser, userCompanies } from '../../presenters/user.ts';
import { serve } from '../../lib/serve.ts';

const CodeParam = z.object({ code: z.string() });

/** Recovery routes. */
export const recoveryRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const sent = (): MailRequestedResponse => checked(MailRequestedResponse, { sent: true }, ctx.checkResponses);

  /**
   * Mail requests go to the worker, so the answer (and how long it takes) is the same for
   * known and unknown addresses. Two cases answer in the request: a company that chose to
   * reveal unknown addresses (305), and a server without a job queue (tests of the routes).
   */
  async function requestMail(kind: MailRequestData['kind'], company: CompanyRow | null, email: string): Promise<void> {
    if (ctx.jobs && !company?.revealUnknownEmails) {
      await ctx.jobs.enqueueMailRequest({ kind, companyId: company?.id ?? null, email });
      return;
    }
    await handleMailRequest(ctx, { kind, companyId: company?.id ?? null, email });
  }

  serve(app, 'POST /api/v1/auth/recover', async (request) => {
    const input = parseInput(RecoverRequest, request.body ?? {});
    await requestMail('recovery', request.company, input.username);
    return sent();
  });

  serve(app, 'GET /api/v1/auth/recover-check/:code', async (request) => {
    const { code } = parseInput(CodeParam, request.params);
    await checkRecoveryCode(ctx.db, code);
    return checked(RecoverCheckResponse, { valid: true }, ctx.checkResponses);
  });

  serve(app, 'POST /api/v1/auth/reset', async (request) => {
    const input = parseInput(ResetPasswordRequest, request.body ?? {});
    const policy = validatePassword(input.password_1);
    if (!policy.ok) throw validationFailed([{ path: 'password_1', message: policy.error }]);
    const match = validateResetPassword(input);
    if (!match.ok) throw validationFailed([{ path: 'password_2', message: match.error }]);
    await resetPasswordWithCode(ctx.db, input.recover_code, input.password_1);
    return checked(ResetPasswordResponse, { reset: true }, ctx.checkResponses);
  });

  serve(app, 'POST /api/v1/auth/email/magic-link', async (request) => {
    const input = parseInput(MagicLinkRequest, request.body ?? {});
    await requestMail('magic-link', request.company, input.username);
    return sent();
  });

  serve(app, 'GET /api/v1/auth/email/magic-link', async (request) => {
    const { code, confirm } = parseInput(MagicLinkQuery, request.query ?? {});
    // Signed in as someone else: the person is asked first (499), and only their click sends confirm.
    if (confirm === undefined) await requireNoSilentSwitch(ctx.db, requestToken(request), code);
    const session = await signInWithMagicLink(ctx.db, code);
    // Only the person's own older session: a link opened from another site must not sign out
    // whoever this browser belongs to.
    await rotateCarriedSession(ctx.db, request, session.user.id);
    const user = presentUser(session.user, session.role, await userCompanies(ctx.db, session.user.id));
    const url = `${companyOrigin(ctx.config, session.company.subdomain)}/`;
    return checked(MagicLinkResponse, { url, token: session.token, user }, ctx.checkResponses);
  });

  serve(app, 'POST /api/v1/auth/login-assistance', async (request) => {
    const input = parseInput(LoginAssistanceRequest, request.body ?? {});
    await requestMail('find-your-team', null, input.email);
    return sent();
  });
};
