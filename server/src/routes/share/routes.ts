/**
 * Sharing routes (content-library spec 7; issue 14): share now, copy link (and e-mail), share
 * intents, the tracked link `/r/{code}`, and what the share modal reads and saves (snippet,
 * metadata, caption drafts). Handlers are thin: the commands in commands/share-*.ts decide.
 * Sharing, copying and intents speak for the member in public, so they require a confirmed
 * e-mail address.
 */
import {
  CopyLinkRequest,
  CopyLinkResponse,
  EditContentRequest,
  EditContentResponse,
  ErrorCode,
  IdParam,
  PostIdParam,
  PostMetadataResponse,
  SHAREABLE_NETWORK_SLUGS,
  ShareIntentDoneRequest,
  ShareIntentDoneResponse,
  ShareIntentRequest,
  ShareIntentResponse,
  ShareParams,
  ShareRequest,
  ShareResponse,
  SnippetResponse,
} from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { checkShare } from '../../commands/share-checks.ts';
import { copyLink } from '../../commands/share-copy-link.ts';
import { saveShareDraft } from '../../commands/share-drafts.ts';
import { completeShareIntent, openShareIntent } from '../../commands/share-intents.ts';
import { followTrackedLink } from '../../commands/share-links.ts';
import { postShareMetadata } from '../../commands/share-metadata.ts';
import { shareNow, type ShareDeps } from '../../commands/share-now.ts';
import { postSnippet } from '../../commands/share-snippet.ts';
import { ApiError, parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { linkImagePreviews, mediaSigningKey } from '../../lib/media-urls.ts';
import { checked } from '../../lib/respond.ts';
import type { SafeFetchOptions } from '../../lib/safe-fetch.ts';
import { authenticate } from '../../plugins/session.ts';
import { presentShare } from '../../presenters/share.ts';
import { consentPageLanguage } from '../social-sign-in/consent-page-language.ts';
import { linkUnavailablePage } from './link-unavailable-page.ts';
import { serve } from '../../lib/serve.ts';

const CodeParam = z.object({ code: z.string().max(64) });

/** Options: the SSRF guard's rules for reading linked pages (tests allow their local servers). */
export interface ShareRouteOptions {
  ctx: AppContext;
  fetch?: SafeFetchOptions;
}

/** The share routes. */
export const shareRoutes: FastifyPluginAsync<ShareRouteOptions> = async (app, { ctx, fetch: fetchOptions = {} }) => {
  const jobs = ctx.jobs;
  const deps: ShareDeps = {
    db: ctx.db,
    config: ctx.config,
    media: ctx.media,
    enqueueVideoPoll: jobs === null ? null : (shareId, afterMs) => jobs.enqueueShareVideoPoll({ shareId, polls: 0 }, afterMs),
  };

  serve(app, 'POST /api/v3/share/:network/:postId', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { network, postId } = parseInput(ShareParams, request.params);
    const input = parseInput(ShareRequest, request.body ?? {});
    const result = await shareNow(deps, company, viewer.user, network, postId, input);
    const language = viewer.user.language;
    const answer: ShareResponse =
      result.kind === 'authorize'
        ? { error: ErrorCode.REDIRECT, url: result.url, share: null, intent: null, shares: { num_results: 0 } }
        : result.kind === 'intent'
          ? { error: null, url: result.intent.url, share: null, intent: result.intent, shares: { num_results: result.count } }
          : {
              error: result.kind === 'processing' ? ErrorCode.VIDEO_SHARE_IN_PROGRESS : null,
              url: result.share.networkUrl,
              share: presentShare(result.share, language),
              intent: null,
              shares: { num_results: result.count },
            };
    return checked(ShareResponse, answer, ctx.checkResponses);
  });

  serve(app, 'POST /api/v3/share/copy-link', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const input = parseInput(CopyLinkRequest, request.body ?? {});
    const url = await copyLink(ctx, company, viewer.user.id, input.post_id, input.channel_id);
    return checked(CopyLinkResponse, { url }, ctx.checkResponses);
  });

  serve(app, 'POST /api/v3/share/intent', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const input = parseInput(ShareIntentRequest, request.body ?? {});
    const network = SHAREABLE_NETWORK_SLUGS[input.network_id];
    // LinkedIn is shared through its API only.
    if (network === 'linkedin') throw new ApiError(ErrorCode.MISSING_OR_INCORRECT, undefined, [{ path: 'network_id', message: 'LinkedIn has no share intent' }]);
    const { post, caption } = await checkShare(ctx.db, { company, userId: viewer.user.id, postId: input.post_id, network, content: input.content, mentions: [], when: 'now', needsLink: false });
    const intent = await openShareIntent(ctx, { company, userId: viewer.user.id, post, network, channel: input.channel_id, content: caption, reason: 'client' });
    return checked(ShareIntentResponse, intent, ctx.checkResponses);
  });

  serve(app, 'POST /api/v3/share/intent/:id', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { id } = parseInput(IdParam, request.params);
    const input = parseInput(ShareIntentDoneRequest, request.body ?? {});
    const count = await completeShareIntent(ctx.db, company, viewer.user.id, id, input.network_id);
    return checked(ShareIntentDoneResponse, { success: true, shares: { num_results: count } }, ctx.checkResponses);
  });

  serve(app, 'GET /r/:code', async (request, reply) => {
    const company = request.company;
    const { code } = parseInput(CodeParam, request.params);
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(',') : value;
    };
    const visit = { method: request.method, userAgent: header('user-agent'), purpose: ['sec-purpose', 'purpose', 'x-purpose', 'x-moz'].map(header), ip: request.ip };
    const followed = company ? await followTrackedLink(ctx.db, ctx.config, company.id, code, visit) : null;
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (company !== null && followed?.kind === 'unavailable') {
      return reply.code(410).type('text/html; charset=utf-8').send(linkUnavailablePage({ language: consentPageLanguage(request), companyName: company.name }));
    }
    if (followed?.kind !== 'redirect' || !/^https?:\/\//i.test(followed.url)) {
      reply.code(404);
      return reply.callNotFound();
    }
    return reply.redirect(followed.url, 302);
  });

  serve(app, 'GET /api/v3/post/:postId/snippet', async (request) => {
    const { company } = await authenticate(ctx.db, request);
    const { postId } = parseInput(PostIdParam, request.params);
    const snippet = await postSnippet(ctx.db, company, postId, fetchOptions);
    return checked(SnippetResponse, { ...snippet, previews: linkImagePreviews(mediaSigningKey(ctx.config), company.id, snippet.images) }, ctx.checkResponses);
  });

  serve(app, 'GET /api/v5/post/:postId/metadata', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { postId } = parseInput(PostIdParam, request.params);
    return checked(PostMetadataResponse, await postShareMetadata(deps, company, viewer.user, postId), ctx.checkResponses);
  });

  serve(app, 'POST /api/v1/post/edit-content', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const input = parseInput(EditContentRequest, request.body ?? {});
    return checked(EditContentResponse, await saveShareDraft(ctx.db, company, viewer.user.id, input), ctx.checkResponses);
  });
};
