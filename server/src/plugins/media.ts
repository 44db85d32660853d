/**
 * GET /media/*: the media folder, served by who may see each file (lib/media-urls.ts).
 *
 * - A signed URL (`exp` and `sig`) is served to anyone on any host until it expires; a wrong or
 *   expired signature is not found. This is what networks and Teams fetch.
 * - A company's branding images (logo, favicon, sign-in background) are served on its host
 *   to anyone: the sign-in page shows them.
 * - Everything else is served only on the host of the company that owns it, and only with a
 *   session there. Browsers send the session for <img> and <video> through the pb_token
 *   cookie, which the web app keeps on the company host (an <img> cannot send X-AUTH-TOKEN);
 *   the app has no session without that cookie, so no honest page loses its images.
 *
 * Files are answered as stored: uploads were decoded and re-encoded when they were saved.
 *
 * GET /media/link-image?url=…&sig=…: an image of a linked page (suggest-images, the share
 * modal's snippet), read by the server under the SSRF guard and re-encoded, so the browser
 * loads it from our origin (the CSP refuses http images, and no third party sees the member).
 * Only urls the server signed for the company (linkImagePreview), only with a session there.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { linkImage, NotAnImageError } from '../commands/suggest-content.ts';
import { notFound, validationFailed } from '../errors.ts';
import type { MediaStore } from '../lib/media-store.ts';
import { isCompanyBranding, legacyMediaOfCompany, mediaOwnerByPath, verifyLinkImage, verifyMediaSignature } from '../lib/media-urls.ts';
import { SafeFetchError, type SafeFetchOptions } from '../lib/safe-fetch.ts';
import { authenticate } from './session.ts';
import { serve } from '../lib/serve.ts';

/** What serving media needs. */
export interface MediaOptions {
  db: Database;
  signingKey: Buffer;
  store: MediaStore;
  /** The SSRF guard's rules for reading linked images (tests allow their local servers). */
  fetch?: SafeFetchOptions;
}

/**
 * Registers GET (and HEAD) /media/*. The local folder is served with reply.sendFile (decorated
 * on the media folder: ranges for video seeking, ETags); a bucket's objects are streamed through.
 */
export function registerMediaRoute(app: FastifyInstance, { db, signingKey, store, fetch: fetchOptions = {} }: MediaOptions): void {
  const send = async (reply: FastifyReply, relative: string, cacheControl: string): Promise<FastifyReply> => {
    reply.header('cache-control', cacheControl);
    if (store.kind === 'local') return reply.sendFile(relative, { cacheControl: false });
    const object = await store.get(relative).catch(() => null);
    if (object === null) throw notFound();
    return reply.type(object.contentType).header('content-length', object.size).send(object.body);
  };
  serve(app, 'GET /media/link-image', async (request: FastifyRequest, reply: FastifyReply) => {
    // The session first: a stranger, or a host without a company, is answered 401 before anything is read.
    const { company } = await authenticate(db, request);
    const query = request.query as Record<string, unknown>;
    if (!verifyLinkImage(signingKey, company.id, query.url, query.sig)) throw notFound();
    let image: Buffer;
    try {
      image = await linkImage(query.url, fetchOptions);
    } catch (error) {
      if (error instanceof NotAnImageError) throw validationFailed([{ path: 'url', message: 'This link is not an image.' }]);
      if (error instanceof SafeFetchError) {
        request.log.info({ err: error }, 'link image refused');
        throw validationFailed([{ path: 'url', message: 'This image cannot be read.' }]);
      }
      throw error;
    }
    return reply.header('cache-control', 'private, max-age=86400').type('image/jpeg').send(image);
  });
  serve(app, 'GET /media/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const relative = (request.params as Record<string, string | undefined>)['*'] ?? '';
    const urlPath = request.url.split('?')[0] ?? '';
    const query = request.query as Record<string, unknown>;
    if ('sig' in query || 'exp' in query) {
      if (!verifyMediaSignature(signingKey, urlPath, query.exp, query.sig)) throw notFound();
      return send(reply, relative, 'public, max-age=3600');
    }
    const company = request.company;
    if (company === null) throw notFound();
    if (isCompanyBranding(company, urlPath)) return send(reply, relative, 'public, max-age=3600');
    const owner = mediaOwnerByPath(company, relative);
    if (owner === 'other') throw notFound();
    // The session before any lookup: strangers cause none.
    await authenticate(db, request);
    if (owner === 'legacy' && !(await legacyMediaOfCompany(db, company, relative))) throw notFound();
    // Private: a shared cache must not hand a member's file to anyone else.
    return send(reply, relative, 'private, max-age=86400');
  });
}
