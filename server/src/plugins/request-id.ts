/**
 * Request ids: every request gets one, Fastify puts it in each of the request's log lines
 * (`reqId`), and the answer carries it in `X-Request-Id` so a user's report can be matched to
 * the logs. An incoming `X-Request-Id` is kept only from a trusted proxy (CHORUS_TRUST_PROXY)
 * and only when it looks like an id: anyone else could forge ids to muddle the logs.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';

/** The header that carries the id both ways. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What an accepted incoming id may look like: a UUID, a trace id and the like. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/** Fastify's `genReqId`: the proxy's id when it is trusted and well formed, else a new UUID. */
export function requestIdGenerator(trustsProxy: boolean): (request: IncomingMessage) => string {
  return (request) => {
    const incoming = request.headers[REQUEST_ID_HEADER];
    if (trustsProxy && typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)) return incoming;
    return randomUUID();
  };
}

/** Sends the id back on every answer, errors included. */
export function installRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
