/** GET /api/v1/category: the host company's topics with their live post counts. */
import { CategoryListQuery, CategoryListResponse } from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate } from '../../plugins/session.ts';
import { presentPage } from '../../presenters/paged.ts';
import { listCategories } from '../../queries/categories.ts';
import { serve } from '../../lib/serve.ts';

/** Category routes. */
export const categoryRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, 'GET /api/v1/category', async (request) => {
    const { company } = await authenticate(ctx.db, request);
    const query = parseInput(CategoryListQuery, request.query);
    const { rows, total } = await listCategories(ctx.db, company.id, query.page_num, query.results_per_page);
    const objects = rows.map((c) => ({ id: c.id, name: c.name, number_of_posts: c.numberOfPosts }));
    return checked(CategoryListResponse, presentPage(objects, total, query.page_num, query.results_per_page), ctx.checkResponses);
  });
};
