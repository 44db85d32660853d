import { AUTH_COOKIE } from '../domain/constants.ts';

/** Where the client keeps the session token between requests. */
export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

/** Keeps the token in memory: for server-side callers and tests. */
export function memoryTokenStore(initial: string | null = null): TokenStore {
  let token = initial;
  return {
    get: () => token,
    set: (t) => {
      token = t;
    },
    clear: () => {
      token = null;
    },
  };
}

// A cookie written by something else may not be valid percent-encoding; that is no session.
function decodeCookieValue(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** Minimal cookie jar so the store works with `document` in browsers and fakes elsewhere. */
export interface CookieDocument {
  cookie: string;
}

/**
 * Keeps the token in the `pb_token` cookie, as the spec says. The cookie is scoped to the
 * current host (each company subdomain has its own session); it is not HttpOnly because the
 * client must read it to send the X-AUTH-TOKEN header. It is SameSite=Lax, except when the app
 * runs framed by another site over HTTPS (the Teams tab), where a Lax cookie would not be kept:
 * there it is SameSite=None, which browsers accept only with Secure.
 */
export function cookieTokenStore(doc: CookieDocument, secure: boolean, framedCrossSite = false): TokenStore {
  const sameSite = framedCrossSite && secure ? 'None' : 'Lax';
  const suffix = `; Path=/; SameSite=${sameSite}${secure ? '; Secure' : ''}`;
  return {
    get() {
      for (const part of doc.cookie.split(';')) {
        const [name, ...rest] = part.trim().split('=');
        if (name === AUTH_COOKIE) {
          const value = decodeCookieValue(rest.join('='));
          return value !== null && value.length > 0 ? value : null;
        }
      }
      return null;
    },
    set(token) {
      doc.cookie = `${AUTH_COOKIE}=${encodeURIComponent(token)}${suffix}`;
    },
    clear() {
      doc.cookie = `${AUTH_COOKIE}=${suffix}; Max-Age=0`;
    },
  };
}
