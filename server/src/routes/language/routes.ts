/**
 * POST /api/v1/user/app/language: saves the signed-in user's interface language (an
 * unsupported tag is saved as en-US) and remembers it in the `language` cookie for 60 days,
 * which the web app reads before anyone signs in.
 */
import { AppLanguageRequest, AppLanguageResponse, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_MS } from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { saveUserLanguage } from '../../commands/user-account.ts';
import { parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate } from '../../plugins/session.ts';
import { serve } from '../../lib/serve.ts';

/** Language routes. */
export const languageRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, 'POST /api/v1/user/app/language', async (request, reply) => {
    const { viewer } = await authenticate(ctx.db, request);
    const { language: requested } = parseInput(AppLanguageRequest, request.body ?? {});
    const language = await saveUserLanguage(ctx.db, viewer.user, requested);
    // Readable by the page (not HttpOnly): the web app picks its language from it at start-up.
    reply.setCookie(LANGUAGE_COOKIE, language, {
      path: '/',
      maxAge: Math.round(LANGUAGE_COOKIE_MAX_AGE_MS / 1000),
      sameSite: 'lax',
      secure: ctx.config.nodeEnv === 'production',
    });
    return checked(AppLanguageResponse, { language }, ctx.checkResponses);
  });
};
