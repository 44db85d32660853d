/** GET /api/v1/category: the host company's topics with their live post counts. */
import { TopicListQuery, TopicListResponse } from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate } from '../../plugins/session.ts';
import { presentPage } from '../../presenters/paged.ts';
import { listTopics } from '../../queries/topics.ts';
import { serve } from '../../lib/serve.ts';

/** Topic routes (the wire says category). */
export const topicRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, 'GET /api/v1/category', async (request) => {
    const { company } = await authenticate(ctx.db, request);
    const query = parseInput(TopicListQuery, request.query);
    const { rows, total } = await listTopics(ctx.db, company.id, query.page_num, query.results_per_page);
    const objects = rows.map((c) => ({ id: c.id, name: c.name, number_of_posts: c.numberOfPosts }));
    return checked(TopicListResponse, presentPage(objects, total, query.page_num, query.results_per_page), ctx.checkResponses);
  });
};
