/**
 * GET /sandbox/wall on a company's host: the sandbox networks' wall (sandbox-wall-page.ts),
 * for signed-in members of that company only (the session cookie, as for media): captions and
 * pictures shared inside a company stay inside it. It exists only while sandbox networks are
 * on (404 otherwise). `?network=` narrows it to one network.
 */
import { networkIdOfSlug, SHAREABLE_NETWORK_SLUGS, type ShareableNetworkId } from '@chorus/core';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sandboxPosts } from '../../db/schema.ts';
import { notFound, parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { authenticate } from '../../plugins/session.ts';
import { consentPageLanguage } from '../social-sign-in/consent-page-language.ts';
import { renderSandboxWall, SANDBOX_WALL_LIMIT } from './sandbox-wall-page.ts';
import { serve } from '../../lib/serve.ts';

const WallQuery = z.object({ network: z.enum(['twitter', 'linkedin', 'facebook']).optional() });

/** The sandbox wall route. */
export const sandboxWallRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, 'GET /sandbox/wall', async (request, reply) => {
    if (!ctx.config.sandboxNetworks) throw notFound();
    const { company, viewer } = await authenticate(ctx.db, request);
    const { network = null } = parseInput(WallQuery, request.query ?? {});
    const where = network === null ? eq(sandboxPosts.companyId, company.id) : and(eq(sandboxPosts.companyId, company.id), eq(sandboxPosts.network, networkIdOfSlug(network)));
    const rows = await ctx.db.select().from(sandboxPosts).where(where).orderBy(desc(sandboxPosts.created), desc(sandboxPosts.id)).limit(SANDBOX_WALL_LIMIT);
    // The table's check keeps network to 1, 2 or 3.
    const posts = rows.map((row) => ({ ...row, network: SHAREABLE_NETWORK_SLUGS[row.network as ShareableNetworkId] }));
    const html = renderSandboxWall({ language: consentPageLanguage(request, viewer.user.language), timeZone: viewer.user.timezone, companyName: company.name, network, posts });
    return reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8').send(html);
  });
};
