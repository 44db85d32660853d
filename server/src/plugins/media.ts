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
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { notFound } from '../errors.ts';
import type { MediaStore } from '../lib/media-store.ts';
import { isCompanyBranding, legacyMediaOfCompany, mediaOwnerByPath, verifyMediaSignature } from '../lib/media-urls.ts';
import { authenticate } from './session.ts';

/** What serving media needs. */
export interface MediaOptions {
  db: Database;
  signingKey: Buffer;
  store: MediaStore;
}

/**
 * Registers GET (and HEAD) /media/*. The local folder is served with reply.sendFile (decorated
 * on the media folder: ranges for video seeking, ETags); a bucket's objects are streamed through.
 */
export function registerMediaRoute(app: FastifyInstance, { db, signingKey, store }: MediaOptions): void {
  const send = async (reply: FastifyReply, relative: string, cacheControl: string): Promise<FastifyReply> => {
    reply.header('cache-control', cacheControl);
    if (store.kind === 'local') return reply.sendFile(relative, { cacheControl: false });
    const object = await store.get(relative).catch(() => null);
    if (object === null) throw notFound();
    return reply.type(object.contentType).header('content-length', object.size).send(object.body);
  };
  app.get('/media/*', async (request: FastifyRequest, reply: FastifyReply) => {
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
