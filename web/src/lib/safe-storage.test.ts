import { describe, expect, it, vi } from 'vitest';
import { readCookies, safeStorage, writeCookie } from './safe-storage.ts';

/** What a third-party frame with blocked storage throws (Chromium's message). */
function securityError(): DOMException {
  return new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError');
}

/** A Storage kept in a Map, as a browser with storage allowed has. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

/** A Storage whose every method throws, as a blocked or full one does. */
function throwingStorage(): Storage {
  const fail = (): never => {
    throw securityError();
  };
  return { length: 0, clear: fail, getItem: fail, key: fail, removeItem: fail, setItem: fail };
}

describe('safeStorage', () => {
  it('stores, reads and forgets through a working storage', () => {
    const backing = memoryStorage();
    const storage = safeStorage(() => backing);
    expect(storage.get('absent')).toBeNull();
    storage.set('chorus.session', '{"userId":7}');
    expect(backing.getItem('chorus.session')).toBe('{"userId":7}');
    expect(storage.get('chorus.session')).toBe('{"userId":7}');
    storage.remove('chorus.session');
    expect(storage.get('chorus.session')).toBeNull();
  });

  it('reads nothing and drops writes when opening the storage throws a SecurityError', () => {
    const open = vi.fn((): Storage => {
      throw securityError();
    });
    const storage = safeStorage(open);
    expect(storage.get('chorus.session')).toBeNull();
    expect(() => storage.set('chorus.session', '{"userId":7}')).not.toThrow();
    expect(() => storage.remove('chorus.session')).not.toThrow();
    // Asked again on every call: storage blocked now may be allowed later.
    expect(open).toHaveBeenCalledTimes(3);
  });

  it('reads nothing and drops writes when the storage methods throw', () => {
    const storage = safeStorage(throwingStorage);
    expect(storage.get('chorus.session')).toBeNull();
    expect(() => storage.set('chorus.session', '{"userId":7}')).not.toThrow();
    expect(() => storage.remove('chorus.session')).not.toThrow();
  });
});

describe('readCookies and writeCookie', () => {
  it('read and assign document.cookie', () => {
    const assigned: string[] = [];
    const doc = {
      get cookie() {
        return 'language=fr-CA';
      },
      set cookie(value: string) {
        assigned.push(value);
      },
    } satisfies Pick<Document, 'cookie'>;
    expect(readCookies(doc)).toBe('language=fr-CA');
    writeCookie('language=de-DE; Path=/', doc);
    expect(assigned).toEqual(['language=de-DE; Path=/']);
  });

  it('read as empty and drop the write when document.cookie throws a SecurityError', () => {
    const doc = {
      get cookie(): string {
        throw securityError();
      },
      set cookie(_value: string) {
        throw securityError();
      },
    } satisfies Pick<Document, 'cookie'>;
    expect(readCookies(doc)).toBe('');
    expect(() => writeCookie('language=de-DE; Path=/', doc)).not.toThrow();
  });
});
