/**
 * The one way the web app and the Teams tab touch browser storage: localStorage,
 * sessionStorage and `document.cookie`. Any of them can throw a `SecurityError`: a Teams tab
 * is a third-party frame, and Chromium's default profile blocks its storage, so even reading
 * `window.localStorage` throws there; a sandboxed frame throws on `document.cookie`. Here every
 * read of blocked storage finds nothing and every write is dropped, so the page still works,
 * only without remembering anything across reloads.
 */

/** A Storage that never throws. */
export interface SafeStorage {
  /** The stored text, or null when absent or when storage is blocked. */
  get(key: string): string | null;
  /** Stores the text; dropped when storage is blocked or full. */
  set(key: string, value: string): void;
  /** Forgets the key; nothing happens when storage is blocked. */
  remove(key: string): void;
}

/** Wraps the storage `open` returns; `open` may throw, and is asked again on every call. */
export function safeStorage(open: () => Storage): SafeStorage {
  const attempt = <T>(use: (storage: Storage) => T, blocked: T): T => {
    try {
      return use(open());
    } catch {
      return blocked;
    }
  };
  return {
    get: (key) => attempt((storage) => storage.getItem(key), null),
    set: (key, value) => attempt((storage) => storage.setItem(key, value), undefined),
    remove: (key) => attempt((storage) => storage.removeItem(key), undefined),
  };
}

/** The page's localStorage, per host (so per company). */
export const localStore: SafeStorage = safeStorage(() => window.localStorage);

/** The page's sessionStorage, per tab and host. */
export const sessionStore: SafeStorage = safeStorage(() => window.sessionStorage);

/** The `document.cookie` string, or '' when cookies cannot be read here. */
export function readCookies(doc: Pick<Document, 'cookie'> = document): string {
  try {
    return doc.cookie;
  } catch {
    return '';
  }
}

/** Assigns one cookie (a `document.cookie` assignment); dropped when cookies are blocked. */
export function writeCookie(cookie: string, doc: Pick<Document, 'cookie'> = document): void {
  try {
    doc.cookie = cookie;
  } catch {
    // Blocked here: the setting lasts the page.
  }
}
