/**
 * An admin's confirmation of a deletion request (accounts spec 2, 6, 7):
 * GET /api/v1/user/confirm/{delete_token} names the requester (856 for a bad token),
 * DELETE /api/v1/user/confirm/{delete_token} deletes their personal data (855 for a bad token),
 * POST /api/v1/user/reject {delete_token} closes the request. ADMINs of the requester's
 * company only.
 */
import {
  DeleteTokenParam,
  DeletionConfirmedResponse,
  DeletionRejectedResponse,
  DeletionRequesterResponse,
  ErrorCode,
  RejectDeletionRequest,
} from '@chorus/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { deleteUserData, findDeletionRequest, rejectDeletion } from '../../commands/user-deletion.ts';
import { parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticateFor } from '../../plugins/session.ts';
import { serve } from '../../lib/serve.ts';

/** User deletion routes. */
export const userDeletionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  async function admin(request: FastifyRequest) {
    const { company } = await authenticateFor(ctx.db, request, 'accounts.manage');
    return company;
  }

  serve(app, 'GET /api/v1/user/confirm/:delete_token', async (request, reply) => {
    const company = await admin(request);
    const { delete_token } = parseInput(DeleteTokenParam, request.params);
    const { token, requester } = await findDeletionRequest(ctx.db, company, delete_token, ErrorCode.DELETE_TOKEN_USER_INFO);
    reply.header('cache-control', 'no-store');
    return checked(
      DeletionRequesterResponse,
      {
        user_id: requester.id,
        first_name: requester.firstName,
        last_name: requester.lastName,
        full_name: `${requester.firstName} ${requester.lastName}`.trim(),
        email: requester.email,
        requested: token.created.toISOString(),
      },
      ctx.checkResponses,
    );
  });

  serve(app, 'DELETE /api/v1/user/confirm/:delete_token', async (request) => {
    const company = await admin(request);
    const { delete_token } = parseInput(DeleteTokenParam, request.params);
    const found = await findDeletionRequest(ctx.db, company, delete_token, ErrorCode.INVALID_DELETE_TOKEN);
    await deleteUserData(ctx.db, company, found);
    return checked(DeletionConfirmedResponse, { deleted: true, user_id: found.requester.id }, ctx.checkResponses);
  });

  serve(app, 'POST /api/v1/user/reject', async (request) => {
    const company = await admin(request);
    const { delete_token } = parseInput(RejectDeletionRequest, request.body ?? {});
    const found = await findDeletionRequest(ctx.db, company, delete_token, ErrorCode.INVALID_DELETE_TOKEN);
    await rejectDeletion(ctx.db, found);
    return checked(DeletionRejectedResponse, { rejected: true, user_id: found.requester.id }, ctx.checkResponses);
  });
};
