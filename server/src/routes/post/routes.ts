/**
 * The content library's post routes (v4): feed, lists (library, search, bookmarks, featured,
 * recommended), one post, and the newest post's id for new-post polling; and (v1) dismissing a
 * post from one's feed, with our DELETE as its undo.
 */
import { CacheBust, DismissResponse, FeedQuery, FeedResponse, FilterBy, IdParam, LastPostIdResponse, PostListQuery, PostListResponse, PostListType, PostResponse, SortBy } from '@chorus/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { dismissPost, restorePost } from '../../commands/post-dismissals.ts';
import { forbidden, parseInput, postUnavailable } from '../../errors.ts';
import { answerKey } from '../../lib/caches.ts';
import { JsonAnswer, sendJsonAnswer } from '../../lib/json-answer.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate } from '../../plugins/session.ts';
import { presentPage } from '../../presenters/paged.ts';
import { presentPostsWithExtras } from '../../presenters/post.ts';
import { presentPostRows } from '../../queries/post-extras.ts';
import { FEATURED_ON_FEED, feedPosts, findLivePost, listPosts, newestLivePostId } from '../../queries/posts.ts';
import { serve } from '../../lib/serve.ts';

/** Post routes. */
export const postRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, 'GET /api/v4/post/feed', async (request, reply) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const query = parseInput(FeedQuery, request.query);
    const featured = company.featureToggles.featured_posts ? FEATURED_ON_FEED : 0;
    const key = answerKey(['feed', company.id, viewer.user.id, featured], query);
    const body = await ctx.caches.answers.get(company.id, key, async () => {
      // One query for every section's ids with the viewer's marks; the posts are the company's, shared.
      const feed = await feedPosts(ctx.db, ctx.caches.posts, company.id, viewer.user.id, {
        featured,
        latest: query.latest,
        perTopic: query.categories_followed,
        filterBy: query.filter_by,
        sortBy: query.sort_by,
      });
      const answer = checked(
        FeedResponse,
        {
          featured: presentPostsWithExtras(feed.featured),
          latest: presentPostsWithExtras(feed.latest),
          topics: feed.topics.map((t) => ({ category: t.category, posts: presentPostsWithExtras(t.posts) })),
          num_results: feed.total,
        },
        ctx.checkResponses,
      );
      return new JsonAnswer(answer);
    });
    return sendJsonAnswer(request, reply, body);
  });

  serve(app, 'GET /api/v4/post/', async (request, reply) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const query = parseInput(PostListQuery, request.query);
    // Bookmarks live under the notifications toggle, featured posts under their own.
    if (query.type === PostListType.BOOKMARKS && !company.featureToggles.notifications_enabled) throw forbidden();
    if (query.type === PostListType.FEATURED && !company.featureToggles.featured_posts) throw forbidden();
    const key = answerKey(['posts', company.id, viewer.user.id], query);
    const body = await ctx.caches.answers.get(company.id, key, async () => {
      // Recommendations are the spec's drawer: unshared by the viewer, top performing first.
      const recommended = query.type === PostListType.RECOMMENDED;
      const { rows, total } = await listPosts(ctx.db, ctx.caches, company.id, viewer.user.id, {
        type: query.type,
        filterBy: recommended ? FilterBy.UNSHARED : query.filter_by,
        sortBy: recommended ? SortBy.TOP_PERFORMING : (query.sort_by ?? null),
        perPage: query.results_per_page,
        page: query.page_num,
        categoryIds: query.categories,
        query: query.query,
      });
      const objects = presentPostsWithExtras(rows);
      return new JsonAnswer(checked(PostListResponse, presentPage(objects, total, query.page_num, query.results_per_page), ctx.checkResponses));
    });
    return sendJsonAnswer(request, reply, body);
  });

  // Polled every POST_POLLING_TIMEOUT_MS by each open feed: one index step, not cached.
  serve(app, 'GET /api/v4/post/last-post-id', async (request) => {
    const { company } = await authenticate(ctx.db, request);
    parseInput(CacheBust, request.query);
    return checked(LastPostIdResponse, { id: await newestLivePostId(ctx.db, company.id) }, ctx.checkResponses);
  });

  serve(app, 'GET /api/v4/post/:id', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { id } = parseInput(IdParam, request.params);
    const row = await findLivePost(ctx.db, company.id, id);
    if (row === null) throw postUnavailable();
    const [post] = await presentPostRows(ctx.db, [row], viewer.user.id);
    if (!post) throw postUnavailable();
    return checked(PostResponse, post, ctx.checkResponses);
  });

  /** The signed-in member and a post of the path that the feed could show them (662 otherwise). */
  async function dismissTarget(request: FastifyRequest) {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { id } = parseInput(IdParam, request.params);
    parseInput(CacheBust, request.query);
    const post = await findLivePost(ctx.db, company.id, id);
    if (post === null) throw postUnavailable();
    return { companyId: company.id, userId: viewer.user.id, postId: post.id };
  }

  // The spec's call is a GET that writes: it retires the feed caches and is refused cross-site.
  serve(app, 'GET /api/v1/post/dismiss/:id', async (request) => {
    const { companyId, userId, postId } = await dismissTarget(request);
    await dismissPost(ctx.db, companyId, userId, postId);
    return checked(DismissResponse, { id: postId, dismissed: true }, ctx.checkResponses);
  });

  serve(app, 'DELETE /api/v1/post/dismiss/:id', async (request) => {
    const { companyId, userId, postId } = await dismissTarget(request);
    await restorePost(ctx.db, companyId, userId, postId);
    return checked(DismissResponse, { id: postId, dismissed: false }, ctx.checkResponses);
  });
};
