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
 * because link previews show the linked site's image. Frames may show any HTTPS page: SAML
 * sign-in inside a frame (`is_in_iframe=1`) shows the company's own identity provider, whose
 * address is each company's setting. Outside production, loopback IdPs over HTTP may be framed
 * too (`contentSecurityPolicy`), as local identity providers are plain HTTP.
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
  "frame-src 'self' https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  `frame-ancestors ${FRAME_ANCESTORS.join(' ')}`,
].join('; ');

/** The policy for a deployment: production's, or with loopback frames added for local IdPs. */
export function contentSecurityPolicy(production: boolean): string {
  if (production) return CONTENT_SECURITY_POLICY;
  return CONTENT_SECURITY_POLICY.replace("frame-src 'self' https:", "frame-src 'self' https: http://127.0.0.1:* http://localhost:*");
}

/**
 * HSTS for production, which is served over HTTPS only: a year, company subdomains included
 * (they all live under the base domain's certificate). Not `preload`, which cannot be undone
 * quickly and is the operator's choice. Development serves plain HTTP and sends none.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Adds the CSP and related headers; X-Frame-Options is left out as it would block Teams. */
export function installSecurityHeaders(app: FastifyInstance, options: { production: boolean }): void {
  const policy = contentSecurityPolicy(options.production);
  app.addHook('onSend', async (_request, reply, payload) => {
    if (options.production) reply.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    reply.header('Content-Security-Policy', policy);
    reply.header('X-Content-Type-Options', 'nosniff');
    // A route's own policy wins (the tracked link /r/ sends no referrer at all).
    if (!reply.hasHeader('Referrer-Policy')) reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    return payload;
  });
}
