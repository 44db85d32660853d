/**
 * The request logger's options: one-time codes (recovery, magic-link, invite, deletion, social
 * and SAML codes and states, exchange tokens) travel in request URLs, and the request log must
 * not keep them. URLs are logged with those path segments and query values masked, and pino's
 * `redact` blanks credentials in anything logged as an object.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { LogLevel } from '../config.ts';

/** What a masked value is written as. */
export const REDACTED = '[redacted]';

/** Routes whose path carries a code, as `prefix` + code. */
const CODE_PATHS = [
  /^(\/api\/v1\/auth\/recover-check\/)[^/]+/,
  /^(\/api\/v1\/auth\/sign-up\/invite\/)[^/]+/,
  /^(\/api\/v1\/invite\/(?:check|code)\/)[^/]+/,
  /^(\/api\/v1\/user\/confirm\/)[^/]+/,
];

/**
 * A segment that looks like a random token (our codes are 32 random bytes in base64url): a
 * net for code-bearing paths added later. Words joined by hyphens (`sort-order`) never match.
 */
const OPAQUE_SEGMENT = /^(?=[A-Za-z0-9_-]{20,}$)(?=.*[0-9A-Z_])(?!(?:[a-z]+-)*[a-z]+$)/;

/** Query parameters holding codes or secrets: `code`, `state`, `*_token`, `RelayState`, SAML messages... */
const SECRET_PARAM = /(?:code|token|state|secret|password|signature|verifier|samlrequest|samlresponse)$/i;

/** The URL with code-bearing path segments and query values masked. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? null : url.slice(queryAt + 1);
  for (const pattern of CODE_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  path = path
    .split('/')
    .map((segment) => (OPAQUE_SEGMENT.test(segment) ? REDACTED : segment))
    .join('/');
  if (query === null) return path;
  const masked = query.split('&').map((pair) => {
    const equals = pair.indexOf('=');
    const key = equals === -1 ? pair : pair.slice(0, equals);
    let name = key;
    try {
      name = decodeURIComponent(key.replace(/\+/g, ' '));
    } catch {
      // A malformed escape is logged as sent; it still names no secret parameter.
    }
    return equals !== -1 && SECRET_PARAM.test(name) ? `${key}=${REDACTED}` : pair;
  });
  return `${path}?${masked.join('&')}`;
}

/** Fields blanked wherever they appear in a logged object (headers, bodies, errors). */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-auth-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-auth-token"]',
  'password',
  '*.password',
  'token',
  '*.token',
  'accessToken',
  '*.accessToken',
  'refreshToken',
  '*.refreshToken',
  'clientSecret',
  '*.clientSecret',
];

/** Fastify's logger options: the level, redaction, and the request serializer with a masked URL. */
export function loggerOptions(level: LogLevel, stream?: DestinationStream): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      // Fastify's own request fields, with the URL masked.
      req(request: FastifyRequest) {
        return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket.remotePort };
      },
    },
    ...(stream === undefined ? {} : { stream }),
  };
}
