/**
 * Static hosting: the web build at `/`, the Teams tab build at `/tab/`, and media at
 * `/media/`. Unknown non-API paths that want HTML get the app's index.html so the client-side
 * router can answer them. A missing build answers 503 instead of stopping the server.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors.ts';

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

function isReserved(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
}

async function sendIndex(reply: FastifyReply, dist: string): Promise<FastifyReply> {
  if (!hasBuild(dist)) return reply.status(503).type('text/plain; charset=utf-8').send(MISSING_BUILD);
  // The shell must not be cached: it names the hashed assets of the current build.
  return reply.header('Cache-Control', 'no-cache').sendFile('index.html', dist);
}

/** Registers the static folders and the SPA fallback. */
export async function registerStaticSites(app: FastifyInstance, options: StaticSitesOptions): Promise<void> {
  await mkdir(options.mediaDir, { recursive: true });
  await app.register(fastifyStatic, { root: options.mediaDir, prefix: '/media/', index: false });
  if (hasBuild(options.webDist)) {
    await app.register(fastifyStatic, { root: options.webDist, prefix: '/', decorateReply: false, index: false, wildcard: false });
  }
  if (hasBuild(options.tabDist)) {
    await app.register(fastifyStatic, { root: options.tabDist, prefix: '/tab/', decorateReply: false, index: false, wildcard: false });
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
    if (isReserved(url, '/tab')) return sendIndex(reply, options.tabDist);
    return sendIndex(reply, options.webDist);
  });
}
