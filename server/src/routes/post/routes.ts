/** The content library's post routes (v4): feed, list and one post. */
import { FeedQuery, FeedResponse, IdParam, PostListQuery, PostListResponse, PostResponse } from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput, postUnavailable } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate } from '../../plugins/session.ts';
import { presentPage } from '../../presenters/paged.ts';
import { presentPosts } from '../../presenters/post.ts';
import { FEATURED_ON_FEED, featuredPosts, findLivePost, latestPosts, listPosts, postsByIds, topicDoormats } from '../../queries/posts.ts';

/** Post routes. */
export const postRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/v4/post/feed', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const query = parseInput(FeedQuery, request.query);
    const featured = company.featureToggles.featured_posts ? await featuredPosts(ctx.db, company.id, FEATURED_ON_FEED) : [];
    const latest = await latestPosts(ctx.db, company.id, query.latest);
    const topics = await topicDoormats(ctx.db, company.id, query.categories_followed);

    const known = new Map([...featured, ...latest].map((p) => [p.id, p]));
    const missing = topics.flatMap((t) => t.postIds).filter((id) => !known.has(id));
    for (const row of await postsByIds(ctx.db, company.id, [...new Set(missing)])) known.set(row.id, row);
    // One presentation pass for every post on the feed, so its batched queries run once.
    const presented = new Map((await presentPosts(ctx.db, [...known.values()], viewer.user.id)).map((p) => [p.id, p]));
    const pick = (ids: readonly number[]) => ids.flatMap((id) => presented.get(id) ?? []);

    return checked(
      FeedResponse,
      {
        featured: pick(featured.map((p) => p.id)),
        latest: pick(latest.map((p) => p.id)),
        topics: topics.map((t) => ({ category: t.category, posts: pick(t.postIds) })),
      },
      ctx.checkResponses,
    );
  });

  app.get('/api/v4/post/', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const query = parseInput(PostListQuery, request.query);
    const { rows, total } = await listPosts(ctx.db, company.id, viewer.user.id, {
      filterBy: query.filter_by,
      sortBy: query.sort_by,
      perPage: query.results_per_page,
      page: query.page_num,
      categoryIds: query.categories,
      query: query.query,
    });
    const objects = await presentPosts(ctx.db, rows, viewer.user.id);
    return checked(PostListResponse, presentPage(objects, total, query.page_num, query.results_per_page), ctx.checkResponses);
  });

  app.get('/api/v4/post/:id', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { id } = parseInput(IdParam, request.params);
    const row = await findLivePost(ctx.db, company.id, id);
    if (row === null) throw postUnavailable();
    const [post] = await presentPosts(ctx.db, [row], viewer.user.id);
    if (!post) throw postUnavailable();
    return checked(PostResponse, post, ctx.checkResponses);
  });
};
