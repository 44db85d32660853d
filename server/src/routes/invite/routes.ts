/** Invite look-ups (v1 /invite): the sign-up page reads who an invite is for. */
import { InviteResponse } from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { findInvite, presentInvite } from '../../commands/sign-up.ts';
import type { CompanyRow } from '../../db/schema.ts';
import { inviteNotFound } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { serve } from '../../lib/serve.ts';

const CodeParam = z.object({ code: z.string().min(1).max(200) });

/** Invite routes: GET /invite/code/{code} (v2 invites) and GET /invite/check/{code} (v1 invites). */
export const inviteRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const lookUp = async (params: unknown, company: CompanyRow | null, version: 1 | 2): Promise<InviteResponse> => {
    const parsed = CodeParam.safeParse(params);
    // Unknown to the assisted-login host, as to any other company.
    if (!parsed.success || company === null) throw inviteNotFound();
    const invite = await findInvite(ctx.db, company, parsed.data.code, version);
    return checked(InviteResponse, presentInvite(invite, company), ctx.checkResponses);
  };
  serve(app, 'GET /api/v1/invite/code/:code', (request) => lookUp(request.params, request.company, 2));
  serve(app, 'GET /api/v1/invite/check/:code', (request) => lookUp(request.params, request.company, 1));
};
