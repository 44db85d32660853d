/** Security headers on every response. */
import type { FastifyInstance } from 'fastify';

/** Hosts allowed to frame Chorus: itself and Microsoft Teams (web, new Teams and Office hosts). */
export const FRAME_ANCESTORS = [
  "'self'",
  'https://teams.microsoft.com',
  'https://*.teams.microsoft.com',
  'https://*.cloud.microsoft',
  'https://*.office.com',
];

/**
 * The content security policy. Inline styles are allowed because the UI library injects
 * them at run time; scripts only from our origin. Images may come from any HTTPS host
 * because link previews show the linked site's image.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  // teams-js fetches the list of valid Teams host origins from Microsoft's CDN.
  "connect-src 'self' https://res.cdn.office.net",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  `frame-ancestors ${FRAME_ANCESTORS.join(' ')}`,
].join('; ');

/** Adds the CSP and related headers; X-Frame-Options is left out as it would block Teams. */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    return payload;
  });
}
