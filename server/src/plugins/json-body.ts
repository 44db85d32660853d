/**
 * JSON bodies are small and shallow. Every JSON route takes a form's worth of fields, so 64 KB
 * is plenty (uploads are multipart with their own limits, the SAML form post has its own), and
 * nesting is refused past a fixed depth by a scan before JSON.parse: a megabyte of `[[[[...`
 * used to hold the event loop for about 0.4 s per request, before any authentication.
 */
import type { FastifyInstance } from 'fastify';
import { validationFailed } from '../errors.ts';

/** Largest request body Fastify reads, JSON or form (multipart routes set their own). */
export const JSON_BODY_LIMIT = 64 * 1024;

/** Deepest nesting of arrays and objects a JSON body may have; ours use three or four levels. */
export const JSON_MAX_DEPTH = 32;

/**
 * True when `text` nests arrays or objects deeper than `maxDepth`. One pass over the text,
 * skipping strings (and escapes inside them); malformed JSON is left for the parser to refuse.
 */
export function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/** Replaces Fastify's JSON parser with one that checks the depth first, then parses as before. */
export function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (exceedsJsonDepth(text, JSON_MAX_DEPTH)) {
      done(validationFailed([{ path: '', message: `JSON nested deeper than ${JSON_MAX_DEPTH} levels.` }]), undefined);
      return;
    }
    parse(request, text, done);
  });
}
