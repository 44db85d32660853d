/**
 * Suggesting content: `POST /api/v1/post/suggest-images` (images of a pasted link, read
 * under the SSRF guard) and `POST /api/v1/post/suggestion/mobile` (multipart: content, media
 * files, media_url), stored as a pending post suggested by the user for an admin to review.
 */
import fastifyMultipart from '@fastify/multipart';
import {
  SUGGESTION_MAX_IMAGE_BYTES,
  SUGGESTION_MAX_IMAGES,
  SuggestImagesRequest,
  SuggestImagesResponse,
  SuggestionFields,
  SuggestionResponse,
  type MediaImage,
} from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { createSuggestion, downloadImage, storeImage, suggestImagesFor } from '../../commands/suggest-content.ts';
import { parseInput, validationFailed } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { linkImagePreviews, mediaSigningKey } from '../../lib/media-urls.ts';
import { checked } from '../../lib/respond.ts';
import { SafeFetchError, type SafeFetchOptions } from '../../lib/safe-fetch.ts';
import { authenticate } from '../../plugins/session.ts';
import { serve } from '../../lib/serve.ts';

/** Options of the suggest routes; `fetch` lets tests reach their own local pages. */
export interface SuggestRouteOptions {
  ctx: AppContext;
  fetch?: SafeFetchOptions;
}

/** Suggest routes. */
export const suggestRoutes: FastifyPluginAsync<SuggestRouteOptions> = async (app, { ctx, fetch: fetchOptions = {} }) => {
  // Multipart parsing is scoped to this plugin: only the suggestion route accepts it.
  await app.register(fastifyMultipart, {
    limits: { fileSize: SUGGESTION_MAX_IMAGE_BYTES, files: SUGGESTION_MAX_IMAGES, fields: 20, fieldSize: 64 * 1024, parts: 30 },
  });

  serve(app, 'POST /api/v1/post/suggest-images', async (request) => {
    const { company } = await authenticate(ctx.db, request);
    const { url } = parseInput(SuggestImagesRequest, request.body);
    try {
      const images = await suggestImagesFor(url, fetchOptions);
      return checked(SuggestImagesResponse, { images, previews: linkImagePreviews(mediaSigningKey(ctx.config), company.id, images) }, ctx.checkResponses);
    } catch (error) {
      if (!(error instanceof SafeFetchError)) throw error;
      // A refused address is a bad input; a page that cannot be read simply has no images.
      if (error.reason === 'scheme' || error.reason === 'address') throw validationFailed([{ path: 'url', message: 'This link cannot be read.' }]);
      return checked(SuggestImagesResponse, { images: [], previews: [] }, ctx.checkResponses);
    }
  });

  serve(app, 'POST /api/v1/post/suggestion/mobile', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    if (!request.isMultipart()) throw validationFailed([{ path: 'content', message: 'Send the suggestion as multipart form data.' }]);
    const fields: { content?: string; media_url: string[] } = { media_url: [] };
    const files: Buffer[] = [];
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'media') {
            part.file.resume();
            continue;
          }
          files.push(await part.toBuffer());
        } else if (part.fieldname === 'content' && typeof part.value === 'string') {
          fields.content = part.value;
        } else if (part.fieldname === 'media_url' && typeof part.value === 'string') {
          fields.media_url.push(part.value);
        }
      }
    } catch (error) {
      request.log.info({ err: error }, 'suggestion upload refused');
      throw validationFailed([{ path: 'media', message: 'Too many or too large files.' }]);
    }
    const input = parseInput(SuggestionFields, fields);
    if (files.length + input.media_url.length > SUGGESTION_MAX_IMAGES) throw validationFailed([{ path: 'media', message: `At most ${SUGGESTION_MAX_IMAGES} images.` }]);
    const images: MediaImage[] = [];
    try {
      for (const url of input.media_url) files.push(await downloadImage(url, SUGGESTION_MAX_IMAGE_BYTES, fetchOptions));
      for (const file of files) images.push(await storeImage(ctx.media, company.id, file));
    } catch (error) {
      request.log.info({ err: error }, 'suggestion image refused');
      throw validationFailed([{ path: 'media', message: 'An image could not be read.' }]);
    }
    const suggestion = await createSuggestion(ctx.db, { companyId: company.id, userId: viewer.user.id, content: input.content, images });
    return checked(SuggestionResponse, suggestion, ctx.checkResponses);
  });
};
