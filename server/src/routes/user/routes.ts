/** GET /api/v1/user/{id}: a member of the host company. */
import { IdParam, UserResponse, type Role } from '@chorus/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { memberships, users } from '../../db/schema.ts';
import { notFound, parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate } from '../../plugins/session.ts';
import { presentUser, userCompanies } from '../../presenters/user.ts';

/** User routes. */
export const userRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/v1/user/:id', async (request) => {
    const { company } = await authenticate(ctx.db, request);
    const { id } = parseInput(IdParam, request.params);
    // Only people who share the host company are visible; others are simply not found.
    const [row] = await ctx.db
      .select({ user: users, role: memberships.role })
      .from(users)
      .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.companyId, company.id)))
      .where(eq(users.id, id))
      .limit(1);
    if (!row) throw notFound();
    const presented = presentUser(row.user, row.role as Role, await userCompanies(ctx.db, row.user.id));
    return checked(UserResponse, presented, ctx.checkResponses);
  });
};
