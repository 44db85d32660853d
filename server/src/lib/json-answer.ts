/**
 * Cached JSON answers and their compressed copy. The library's feed answer is some 50 KB of
 * JSON, most of it the same keys again: brotli sends about a tenth of it. The copy is made
 * once per cached answer (at most once per request when caching is off) and only for clients
 * that accept brotli; smaller answers go out as they are.
 */
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';

/** Below this a compressed copy saves less than it costs. */
const MIN_COMPRESS_BYTES = 1024;
/** Brotli quality 4: most of the gain of the best quality for a small share of its time. */
const BROTLI_QUALITY = 4;
const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON answer as the bytes sent, with its brotli copy once a client asked for it. */
export class JsonAnswer {
  readonly json: Buffer;
  #brotli: Buffer | null = null;

  constructor(value: unknown) {
    this.json = Buffer.from(JSON.stringify(value));
  }

  /** The brotli copy, made on first use. */
  brotli(): Buffer {
    this.#brotli ??= brotliCompressSync(this.json, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: this.json.length },
    });
    return this.#brotli;
  }
}

/** Sends an answer, brotli-compressed when the client accepts it and it is worth it. */
export function sendJsonAnswer(request: FastifyRequest, reply: FastifyReply, answer: JsonAnswer): FastifyReply {
  reply.type(JSON_TYPE).header('Vary', 'Accept-Encoding');
  const accepted = request.headers['accept-encoding'];
  if (answer.json.length >= MIN_COMPRESS_BYTES && accepted !== undefined && negotiate(accepted.toLowerCase(), ['br']) === 'br') {
    return reply.header('Content-Encoding', 'br').send(answer.brotli());
  }
  return reply.send(answer.json);
}
