/**
 * Which part of the server a request is for. The router decodes percent-escapes before it
 * matches (and light-my-request resolves dot segments), so the raw url (`/%61pi/...`) is no guide:
 * a routed request is judged by its matched route's pattern, an unrouted one by its path
 * normalised the way a router or a browser might read it. Every prefix check (tenancy, rate
 * limit, the not-found handler) goes through here.
 */
import path from 'node:path';
import { pathIsUnder } from '@chorus/core';
import type { FastifyRequest } from 'fastify';

/** Prefix of the API's routes. */
export const API_PREFIX = '/api';

/** Decodes percent-escapes (until none are left), ignoring malformed ones. */
function decoded(value: string): string {
  let current = value;
  for (let round = 0; round < 4 && current.includes('%'); round += 1) {
    try {
      const next = decodeURIComponent(current);
      if (next === current) break;
      current = next;
    } catch {
      break;
    }
  }
  return current;
}

/**
 * A url's path as loosely as anything might read it: query dropped, escapes decoded,
 * backslashes as slashes, repeated slashes and dot segments collapsed, trailing dots and
 * spaces of a segment dropped (`/api./`, as some file systems read it), lower case.
 */
export function normalisedPath(url: string): string {
  const pathname = url.split('?', 1)[0] ?? '/';
  const plain = decoded(pathname).replaceAll('\\', '/').toLowerCase();
  const segments = path.posix.normalize(`/${plain}`).split('/').map((segment) => segment.replace(/[. ]+$/, ''));
  const normal = path.posix.normalize(segments.join('/') || '/');
  return normal.length > 1 && normal.endsWith('/') ? normal.slice(0, -1) : normal;
}

/** The path that decides where a request belongs: its route's pattern, else its normalised path. */
export function requestPath(routeUrl: string | undefined, url: string): string {
  return routeUrl ?? normalisedPath(url);
}

/** Whether a request (its route pattern, or its url when unrouted) is under `prefix`. */
export function isRequestUnder(routeUrl: string | undefined, url: string, prefix: string): boolean {
  return pathIsUnder(requestPath(routeUrl, url), prefix);
}

/** Whether a request is for the API, however its path is spelt. */
export function isApiRequest(request: FastifyRequest): boolean {
  return isRequestUnder(request.routeOptions.url, request.url, API_PREFIX);
}
