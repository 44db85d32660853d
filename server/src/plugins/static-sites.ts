/**
 * Static hosting: the web build at `/`, the Teams tab build at `/tab/`, and media at
 * `/media/` (who may see which file: plugins/media.ts). Unknown non-API paths that want HTML get the app's index.html so the client-side
 * router can answer them. A missing build answers 503 instead of stopping the server.
 *
 * Builds are compressed once, when built (the `precompress` plugin of web/vite.config.ts
 * writes `.br` and `.gz` beside each text file): the server picks the copy the browser
 * accepts and never compresses per request. Vite's hashed files under `assets/` never change
 * under their name, so browsers keep them a year without asking again; everything else,
 * index.html first, is revalidated on every use because it names the current build's files.
 */
import { existsSync } from 'node:fs';
import { access, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import { PAGE_COPIES_FILE, PageCopiesManifest, pathIsUnder } from '@chorus/core';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors.ts';
import { mediaSigningKey } from '../lib/media-urls.ts';
import { isRequestUnder } from '../lib/request-path.ts';
import { registerMediaRoute } from './media.ts';

/** Folders served. */
export interface StaticSitesOptions {
  webDist: string;
  tabDist: string;
  mediaDir: string;
}

const MISSING_BUILD = 'This part of Chorus has not been built yet. Run `npm run build` and restart the server.\n';

function hasBuild(dist: string): boolean {
  return existsSync(path.join(dist, 'index.html'));
}

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || accept.includes('*/*');
}

/** Whether an (unrouted) url is under a reserved prefix, however its path is spelt. */
function isReserved(url: string, prefix: string): boolean {
  return isRequestUnder(undefined, url, prefix);
}

/** Cache-Control of a build's hashed files: their content never changes under their name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control of the rest (index.html): kept, but revalidated before each use. */
export const REVALIDATE = 'no-cache';

/** Encodings of the precompressed copies, best first, with their file suffixes. */
const ENCODINGS: Record<string, string> = { br: '.br', gzip: '.gz' };

/** The encoding to send for an Accept-Encoding header (`*` counts as gzip), or null for the file itself. */
function chosenEncoding(request: FastifyRequest): string | null {
  const header = request.headers['accept-encoding'];
  if (header === undefined) return null;
  return negotiate(header.toLowerCase().replaceAll('*', 'gzip'), Object.keys(ENCODINGS)) ?? null;
}

/** Cache headers by where a file lies in its build. */
function cacheHeaders(dist: string) {
  const hashed = path.join(dist, 'assets') + path.sep;
  return (reply: FastifyReply, file: string) => {
    reply.header('Cache-Control', file.startsWith(hashed) ? IMMUTABLE : REVALIDATE);
  };
}

/** Options that serve a build: precompressed copies, cache headers, no directory index. */
function buildOptions(dist: string, prefix: string) {
  return {
    root: dist,
    prefix,
    decorateReply: false,
    index: false as const,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: cacheHeaders(dist),
    // The compressed copies are chosen by Accept-Encoding, never asked for by name.
    globIgnore: ['**/*.br', '**/*.gz'],
  };
}

async function readIfPresent(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}

/**
 * The page a client-side route opens with: the build's copy of index.html for that path, which
 * names the page's lazily loaded code (core's page-copies.ts), or index.html itself. A build
 * without copies, a list that does not parse or a copy that is missing gets index.html.
 */
async function pageFile(dist: string, url: string): Promise<string> {
  const index = path.join(dist, 'index.html');
  const listed = await readIfPresent(path.join(dist, PAGE_COPIES_FILE));
  if (listed === null) return index;
  let manifest: PageCopiesManifest;
  try {
    manifest = PageCopiesManifest.parse(JSON.parse(listed.toString('utf8')));
  } catch {
    return index;
  }
  const pathname = url.split('?', 1)[0] ?? '/';
  const page = manifest.pages.find((candidate) => candidate.paths.some((prefix) => pathIsUnder(pathname, prefix)));
  if (page === undefined) return index;
  const copy = path.join(dist, page.file);
  try {
    await access(copy);
    return copy;
  } catch {
    return index;
  }
}

/**
 * The app's page for a client-side route, in the best precompressed copy the browser accepts.
 * It is read for each request (a few KB) so a rebuild shows without a restart.
 */
async function sendIndex(request: FastifyRequest, reply: FastifyReply, dist: string): Promise<FastifyReply> {
  if (!hasBuild(dist)) return reply.status(503).type('text/plain; charset=utf-8').send(MISSING_BUILD);
  const file = await pageFile(dist, request.url);
  const encoding = chosenEncoding(request);
  const compressed = encoding === null ? null : await readIfPresent(file + ENCODINGS[encoding]);
  reply.header('Cache-Control', REVALIDATE).header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
  if (compressed !== null && encoding !== null) return reply.header('Content-Encoding', encoding).send(compressed);
  return reply.send(await readFile(file));
}

/** Registers the static folders and the SPA fallback. */
export async function registerStaticSites(app: FastifyInstance, options: StaticSitesOptions): Promise<void> {
  await mkdir(options.mediaDir, { recursive: true });
  // Decorates reply.sendFile on the media folder; the media route decides who gets a file.
  await app.register(fastifyStatic, { root: options.mediaDir, serve: false });
  registerMediaRoute(app, { db: app.chorus.db, signingKey: mediaSigningKey(app.chorus.config), store: app.chorus.media, fetch: { allowAddresses: app.chorus.config.fetchAllowAddresses } });
  if (hasBuild(options.webDist)) {
    await app.register(fastifyStatic, buildOptions(options.webDist, '/'));
  }
  if (hasBuild(options.tabDist)) {
    await app.register(fastifyStatic, buildOptions(options.tabDist, '/tab/'));
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && wantsHtml(request);
    // /dev is the development tools' prefix: where they are not registered (production), it is
    // a plain 404 to browsers too, never the app's page.
    const reserved = ['/api', '/media', '/health', '/dev'].some((prefix) => isReserved(url, prefix));
    if (!isPage || reserved) {
      const error = notFound();
      return reply.status(error.status).send(error.toBody());
    }
    if (isReserved(url, '/tab')) return sendIndex(request, reply, options.tabDist);
    return sendIndex(request, reply, options.webDist);
  });
}
