import { LANGUAGE_COOKIE } from '@chorus/core';

/** The value of the `language` cookie in a `document.cookie` string. */
export function languageFromCookie(cookie: string): string | null {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}
