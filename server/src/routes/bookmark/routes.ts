/**
 * v2 bookmarks and post notification subscriptions. Both need the company's
 * notifications_enabled toggle (bookmarks live under it in the spec) and a live post of the
 * company.
 */
import { BookmarkResponse, IdParam, SubscriptionResponse } from '@chorus/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { addBookmark, bookmarkState, removeBookmark, setSubscription } from '../../commands/bookmarks.ts';
import { forbidden, parseInput, postUnavailable } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate } from '../../plugins/session.ts';
import { findLivePost } from '../../queries/posts.ts';
import { serve } from '../../lib/serve.ts';

/** Bookmark and subscription routes. */
export const bookmarkRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** The signed-in user and the live post of the path, once the toggle allows it. */
  async function target(request: FastifyRequest) {
    const { company, viewer } = await authenticate(ctx.db, request);
    if (!company.featureToggles.notifications_enabled) throw forbidden();
    const { id } = parseInput(IdParam, request.params);
    const post = await findLivePost(ctx.db, company.id, id);
    if (post === null) throw postUnavailable();
    return { companyId: company.id, userId: viewer.user.id, postId: post.id };
  }

  async function bookmarkResponse(userId: number, postId: number): Promise<BookmarkResponse> {
    const state = await bookmarkState(ctx.db, userId, postId);
    return checked(BookmarkResponse, { is_bookmarked: state.bookmarked ? 1 : 0, is_subscribed: state.subscribed }, ctx.checkResponses);
  }

  serve(app, 'POST /api/v2/post/:id/bookmark', async (request) => {
    const { companyId, userId, postId } = await target(request);
    await addBookmark(ctx.db, companyId, userId, postId);
    return bookmarkResponse(userId, postId);
  });

  serve(app, 'DELETE /api/v2/post/:id/bookmark', async (request) => {
    const { companyId, userId, postId } = await target(request);
    await removeBookmark(ctx.db, companyId, userId, postId);
    return bookmarkResponse(userId, postId);
  });

  for (const [key, subscribed] of [
    ['POST /api/v2/post/:id/notification/subscribe', true],
    ['POST /api/v2/post/:id/notification/unsubscribe', false],
  ] as const) {
    serve(app, key, async (request) => {
      const { userId, postId } = await target(request);
      await setSubscription(ctx.db, userId, postId, subscribed);
      return checked(SubscriptionResponse, { is_subscribed: subscribed }, ctx.checkResponses);
    });
  }
};
