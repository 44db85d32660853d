/** The user's topics (v2 /user/category): list, search, follow, unfollow and sort order. */
import {
  CacheBust,
  FollowTopicRequest,
  FollowTopicResponse,
  SortOrder,
  UserTopicListResponse,
  UserTopicSearchQuery,
  type TopicEntry,
} from '@chorus/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { followTopic, saveTopicOrder, unfollowTopic } from '../../commands/topic-follows.ts';
import type { Database } from '../../db/database.ts';
import { notFound, parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate } from '../../plugins/session.ts';
import { presentPage } from '../../presenters/paged.ts';
import { followedTopicIds, listTopicEntries, type TopicEntryRow } from '../../queries/user-topics.ts';
import { serve } from '../../lib/serve.ts';

function presentEntry(row: TopicEntryRow): TopicEntry {
  return { category: { id: row.id, name: row.name }, is_followed: row.followed, is_locked: row.locked, number_of_posts: row.numberOfPosts };
}

async function entryOf(db: Database, companyId: number, userId: number, categoryId: number): Promise<TopicEntry> {
  const row = (await listTopicEntries(db, companyId, userId)).find((entry) => entry.id === categoryId);
  if (!row) throw notFound();
  return presentEntry(row);
}

/** DELETE carries category_id in its body or, for clients that send no DELETE body, the query. */
function unfollowInput(request: FastifyRequest): unknown {
  const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
  const query = typeof request.query === 'object' && request.query !== null ? request.query : {};
  return { ...query, ...body };
}

/** User topic routes. */
export const userTopicRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, 'GET /api/v2/user/category', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    parseInput(CacheBust, request.query);
    const objects = (await listTopicEntries(ctx.db, company.id, viewer.user.id)).map(presentEntry);
    return checked(UserTopicListResponse, presentPage(objects, objects.length, 1, Math.max(objects.length, 1)), ctx.checkResponses);
  });

  serve(app, 'GET /api/v2/user/category/search', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { q } = parseInput(UserTopicSearchQuery, request.query);
    const objects = (await listTopicEntries(ctx.db, company.id, viewer.user.id, q)).map(presentEntry);
    return checked(UserTopicListResponse, presentPage(objects, objects.length, 1, Math.max(objects.length, 1)), ctx.checkResponses);
  });

  serve(app, 'POST /api/v2/user/category', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { category_id } = parseInput(FollowTopicRequest, request.body);
    await followTopic(ctx.db, company.id, viewer.user.id, category_id);
    return checked(FollowTopicResponse, await entryOf(ctx.db, company.id, viewer.user.id, category_id), ctx.checkResponses);
  });

  serve(app, 'DELETE /api/v2/user/category', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { category_id } = parseInput(FollowTopicRequest, unfollowInput(request));
    await unfollowTopic(ctx.db, company.id, viewer.user.id, category_id);
    return checked(FollowTopicResponse, await entryOf(ctx.db, company.id, viewer.user.id, category_id), ctx.checkResponses);
  });

  serve(app, 'GET /api/v2/user/category/sort-order', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    parseInput(CacheBust, request.query);
    return checked(SortOrder, { sort_order: await followedTopicIds(ctx.db, company.id, viewer.user.id) }, ctx.checkResponses);
  });

  serve(app, 'POST /api/v2/user/category/sort-order', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { sort_order } = parseInput(SortOrder, request.body);
    return checked(SortOrder, { sort_order: await saveTopicOrder(ctx.db, company.id, viewer.user.id, sort_order) }, ctx.checkResponses);
  });
};
