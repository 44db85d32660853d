/**
 * User routes: GET /api/v1/user/{id} (a member of the host company: the full record of oneself,
 * for admins of anyone here, else the public card); the signed-in user's own
 * account: POST /api/v1/user/{id} (profile and settings), POST /api/v1/user/password, and the
 * profile picture (POST and DELETE /api/v1/user/{id}/picture, GET /api/v1/user/{id}/avatar).
 */
import fastifyMultipart from '@fastify/multipart';
import {
  AVATAR_MAX_BYTES,
  AvatarQuery,
  ChangePasswordRequest,
  ChangePasswordResponse,
  ErrorCode,
  IdParam,
  UpdateUserRequest,
  UserLookupResponse,
  UserResponse,
  type Role,
} from '@chorus/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { encodeAvatar, readAvatar, removeAvatar, saveAvatar, type AvatarUpload } from '../../commands/avatar.ts';
import { changeUserPassword, saveUserAccount } from '../../commands/user-account.ts';
import { requireAdmitted } from '../../auth/sign-in-policy.ts';
import { emailNotConfirmed, isUnconfirmed } from '../../plugins/confirmed-email.ts';
import { memberships, users, type UserRow } from '../../db/schema.ts';
import { ApiError, forbidden, notFound, parseInput, validationFailed } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import type { Viewer } from '../../lib/request-context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate } from '../../plugins/session.ts';
import { presentUser, presentUserTo, userCompanies } from '../../presenters/user.ts';
import { serve } from '../../lib/serve.ts';

/** The path's user must be the signed-in one: people change only their own account. */
function ownAccount(viewer: Viewer, params: unknown): void {
  const { id } = parseInput(IdParam, params);
  if (id !== viewer.user.id) throw forbidden();
}

/** Reads the `picture` file of a multipart upload; other parts are drained and ignored. */
async function readPicture(request: FastifyRequest): Promise<AvatarUpload> {
  if (!request.isMultipart()) throw validationFailed([{ path: 'picture', message: 'Send the picture as multipart form data.' }]);
  let upload: AvatarUpload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'picture' || upload !== null) {
        part.file.resume();
        continue;
      }
      upload = { fileName: part.filename, mime: part.mimetype, bytes: await part.toBuffer() };
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(ErrorCode.AVATAR_TOO_LARGE);
    throw error;
  }
  if (upload === null) throw validationFailed([{ path: 'picture', message: 'Choose a picture.' }]);
  return upload;
}

/** User routes. */
export const userRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Multipart parsing is scoped to this plugin; one byte over the limit is reported as 481.
  await app.register(fastifyMultipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });

  const present = async (user: UserRow, role: Role): Promise<UserResponse> =>
    checked(UserResponse, presentUser(user, role, await userCompanies(ctx.db, user.id)), ctx.checkResponses);

  // The confirm-your-e-mail screen reads the member's own profile; nobody else's until confirmed.
  serve(app, 'GET /api/v1/user/:id', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { id } = parseInput(IdParam, request.params);
    if (id !== viewer.user.id && isUnconfirmed(viewer.user)) throw emailNotConfirmed();
    // Only people who share the host company are visible; others are simply not found.
    const [row] = await ctx.db
      .select({ user: users, role: memberships.role })
      .from(users)
      .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.companyId, company.id)))
      .where(eq(users.id, id))
      .limit(1);
    if (!row) throw notFound();
    return checked(UserLookupResponse, await presentUserTo(ctx.db, viewer, company, row.user, row.role as Role), ctx.checkResponses);
  });

  serve(app, 'POST /api/v1/user/password', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    requireAdmitted(company, { kind: 'email' });
    const input = parseInput(ChangePasswordRequest, request.body ?? {});
    const token = await changeUserPassword(ctx.db, viewer.user, company.id, input);
    return checked(ChangePasswordResponse, { token }, ctx.checkResponses);
  });

  serve(app, 'POST /api/v1/user/:id', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    ownAccount(viewer, request.params);
    const input = parseInput(UpdateUserRequest, request.body ?? {});
    const saved = await saveUserAccount(ctx.db, viewer.user, company, input);
    return present(saved, viewer.role);
  });

  serve(app, 'POST /api/v1/user/:id/picture', async (request) => {
    const { viewer } = await authenticate(ctx.db, request);
    ownAccount(viewer, request.params);
    const avatar = await encodeAvatar(await readPicture(request));
    return present(await saveAvatar(ctx.db, viewer.user.id, avatar), viewer.role);
  });

  serve(app, 'DELETE /api/v1/user/:id/picture', async (request) => {
    const { viewer } = await authenticate(ctx.db, request);
    ownAccount(viewer, request.params);
    return present(await removeAvatar(ctx.db, viewer.user.id), viewer.role);
  });

  serve(app, 'GET /api/v1/user/:id/avatar', async (request, reply) => {
    const { company } = await authenticate(ctx.db, request);
    const { id } = parseInput(IdParam, request.params);
    parseInput(AvatarQuery, request.query);
    const [member] = await ctx.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.userId, id), eq(memberships.companyId, company.id)))
      .limit(1);
    const avatar = member ? await readAvatar(ctx.db, id) : null;
    if (!avatar) throw notFound();
    // Private: only members may see it. The URL changes with each upload, so it may be kept.
    return reply
      .header('content-type', avatar.contentType)
      .header('cache-control', 'private, max-age=86400')
      .header('last-modified', avatar.updated.toUTCString())
      .send(avatar.image);
  });
};
