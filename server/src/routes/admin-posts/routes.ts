/**
 * The admin console's posts (issue 47 "Content", contract/admin-posts.ts): the list, its
 * authors, one post, creating and editing drafts, image uploads and link previews for content
 * creators up (`posts.write`), and the bulk actions for managers up (`posts.publish`).
 */
import fastifyMultipart from '@fastify/multipart';
import {
  AdminPost,
  AdminPostActionRequest,
  AdminPostActionResponse,
  AdminPostAuthorsResponse,
  AdminPostInput,
  AdminPostListQuery,
  AdminPostListResponse,
  IdParam,
  LinkPreviewRequest,
  LinkPreviewResponse,
  POST_IMAGE_MAX_BYTES,
  POST_IMAGE_TYPES,
  PostImageResponse,
} from '@chorus/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { runAdminPostAction, saveAdminPost } from '../../commands/admin-posts.ts';
import { personActor, userActor } from '../../commands/audit.ts';
import { readLinkAttachment } from '../../commands/link-preview.ts';
import { storeImage } from '../../commands/suggest-content.ts';
import type { CompanyRow } from '../../db/schema.ts';
import { imageInvalid, imageTooLarge, notFound, parseInput, validationFailed } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { linkImagePreview, mediaSigningKey } from '../../lib/media-urls.ts';
import { checked } from '../../lib/respond.ts';
import type { SafeFetchOptions } from '../../lib/safe-fetch.ts';
import { serve } from '../../lib/serve.ts';
import { authenticateFor } from '../../plugins/session.ts';
import { presentAdminPost, presentAdminPostSummary, presentPersonName } from '../../presenters/admin-post.ts';
import { presentPage } from '../../presenters/paged.ts';
import { adminPostAuthors, findAdminPost, listAdminPosts } from '../../queries/admin-posts.ts';

/** Options of the admin post routes; `fetch` lets tests reach their own local pages. */
export interface AdminPostRouteOptions {
  ctx: AppContext;
  fetch?: SafeFetchOptions;
}

const IMAGE_TYPES: ReadonlySet<string> = new Set(POST_IMAGE_TYPES);

/** Reads the one `file` of a multipart upload: 486 over the size limit, 485 for another type; other parts are drained. */
async function readImageFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw validationFailed([{ path: 'file', message: 'Send the image as multipart form data.' }]);
  let file: Buffer | null = null;
  let type: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || file !== null) {
        part.file.resume();
        continue;
      }
      type = part.mimetype;
      file = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    throw error;
  }
  if (file === null) throw validationFailed([{ path: 'file', message: 'Choose an image.' }]);
  if (type === null || !IMAGE_TYPES.has(type.toLowerCase())) throw imageInvalid();
  return file;
}

/** Admin post routes. */
export const adminPostRoutes: FastifyPluginAsync<AdminPostRouteOptions> = async (app, { ctx, fetch: fetchOptions = {} }) => {
  // Multipart parsing is scoped to this plugin (the image upload); one byte over the limit is 486.
  await app.register(fastifyMultipart, { limits: { fileSize: POST_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
  const signingKey = () => mediaSigningKey(ctx.config);

  /** The post as the editor reads it, after a read or a save. */
  async function answerPost(company: CompanyRow, id: number): Promise<AdminPost> {
    const row = await findAdminPost(ctx.db, company.id, id);
    if (row === null) throw notFound();
    return checked(AdminPost, presentAdminPost(row, signingKey()), ctx.checkResponses);
  }

  serve(app, 'GET /api/v1/admin/posts', async (request) => {
    const { company } = await authenticateFor(ctx.db, request, 'posts.write');
    const query = parseInput(AdminPostListQuery, request.query ?? {});
    const { rows, total, page, perPage } = await listAdminPosts(ctx.db, company.id, query);
    const now = new Date();
    return checked(AdminPostListResponse, presentPage(rows.map((row) => presentAdminPostSummary(row, now)), total, page, perPage), ctx.checkResponses);
  });

  serve(app, 'GET /api/v1/admin/posts/authors', async (request) => {
    const { company } = await authenticateFor(ctx.db, request, 'posts.write');
    const authors = await adminPostAuthors(ctx.db, company.id);
    return checked(AdminPostAuthorsResponse, { objects: authors.map(presentPersonName) }, ctx.checkResponses);
  });

  serve(app, 'GET /api/v1/admin/posts/:id', async (request) => {
    const { company } = await authenticateFor(ctx.db, request, 'posts.write');
    const { id } = parseInput(IdParam, request.params);
    return answerPost(company, id);
  });

  serve(app, 'POST /api/v1/admin/posts', async (request) => {
    const { company, viewer } = await authenticateFor(ctx.db, request, 'posts.write');
    const input = parseInput(AdminPostInput, request.body ?? {});
    const id = await saveAdminPost({ db: ctx.db, fetch: fetchOptions }, company, viewer.user.id, userActor(viewer.user.id), input, null);
    return answerPost(company, id);
  });

  serve(app, 'PUT /api/v1/admin/posts/:id', async (request) => {
    const { company, viewer } = await authenticateFor(ctx.db, request, 'posts.write');
    const { id } = parseInput(IdParam, request.params);
    const input = parseInput(AdminPostInput, request.body ?? {});
    await saveAdminPost({ db: ctx.db, fetch: fetchOptions }, company, viewer.user.id, userActor(viewer.user.id), input, id);
    return answerPost(company, id);
  });

  serve(app, 'POST /api/v1/admin/posts/images', async (request) => {
    const { company } = await authenticateFor(ctx.db, request, 'posts.write');
    const file = await readImageFile(request);
    let image;
    try {
      image = await storeImage(ctx.media, company.id, file);
    } catch (error) {
      request.log.info({ err: error }, 'post image refused');
      throw imageInvalid();
    }
    return checked(PostImageResponse, image, ctx.checkResponses);
  });

  serve(app, 'POST /api/v1/admin/posts/link-preview', async (request) => {
    const { company } = await authenticateFor(ctx.db, request, 'posts.write');
    const { url } = parseInput(LinkPreviewRequest, request.body ?? {});
    const attachment = await readLinkAttachment(url.trim(), fetchOptions);
    const image = attachment.object.image === null ? null : linkImagePreview(signingKey(), company.id, attachment.object.image);
    return checked(LinkPreviewResponse, { ...attachment, object: { ...attachment.object, image } }, ctx.checkResponses);
  });

  serve(app, 'POST /api/v1/admin/posts/actions', async (request) => {
    const { company, viewer } = await authenticateFor(ctx.db, request, 'posts.publish');
    const input = parseInput(AdminPostActionRequest, request.body ?? {});
    return checked(AdminPostActionResponse, await runAdminPostAction(ctx.db, company, personActor(viewer.user.id), input), ctx.checkResponses);
  });
};
