import { describe, expect, it } from 'vitest';
import { cookieTokenStore, memoryTokenStore, type CookieDocument } from './token-store.ts';

/**
 * A cookie jar that behaves like `document.cookie` for name=value pairs: reading gives
 * "a=1; b=2", writing sets one cookie, and Max-Age=0 (or less) deletes it.
 */
class FakeDocument implements CookieDocument {
  readonly #jar = new Map<string, string>();
  readonly writes: string[] = [];

  get cookie(): string {
    return [...this.#jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  set cookie(text: string) {
    this.writes.push(text);
    const [pair = '', ...attributes] = text.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const maxAge = attributes.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith('max-age='));
    if (maxAge !== undefined && Number(maxAge.slice('max-age='.length)) <= 0) this.#jar.delete(name);
    else this.#jar.set(name, value);
  }
}

describe('cookieTokenStore', () => {
  it('reads nothing from an empty jar', () => {
    expect(cookieTokenStore(new FakeDocument(), false).get()).toBeNull();
  });

  it('writes pb_token scoped to the path, SameSite=Lax, and Secure only when asked', () => {
    const plain = new FakeDocument();
    cookieTokenStore(plain, false).set('abc');
    expect(plain.writes).toEqual(['pb_token=abc; Path=/; SameSite=Lax']);
    const secure = new FakeDocument();
    cookieTokenStore(secure, true).set('abc');
    expect(secure.writes).toEqual(['pb_token=abc; Path=/; SameSite=Lax; Secure']);
  });

  it('uses SameSite=None only when framed by another site over HTTPS (the Teams tab)', () => {
    const framed = new FakeDocument();
    cookieTokenStore(framed, true, true).set('abc');
    expect(framed.writes).toEqual(['pb_token=abc; Path=/; SameSite=None; Secure']);
    const framedPlain = new FakeDocument();
    cookieTokenStore(framedPlain, false, true).set('abc');
    expect(framedPlain.writes).toEqual(['pb_token=abc; Path=/; SameSite=Lax']);
  });

  it('reads back what it wrote, among other cookies', () => {
    const doc = new FakeDocument();
    doc.cookie = 'language=fr-CA';
    const store = cookieTokenStore(doc, false);
    store.set('tok-123');
    doc.cookie = 'new_features=1';
    expect(doc.cookie).toBe('language=fr-CA; pb_token=tok-123; new_features=1');
    expect(store.get()).toBe('tok-123');
  });

  it('round-trips a token with characters a cookie cannot hold raw', () => {
    const doc = new FakeDocument();
    const store = cookieTokenStore(doc, false);
    store.set('a b;c=d,é');
    expect(doc.cookie).not.toContain(' b;');
    expect(store.get()).toBe('a b;c=d,é');
  });

  it('replaces an older token', () => {
    const doc = new FakeDocument();
    const store = cookieTokenStore(doc, false);
    store.set('one');
    store.set('two');
    expect(store.get()).toBe('two');
    expect(doc.cookie).toBe('pb_token=two');
  });

  it('clears only pb_token, with Max-Age=0', () => {
    const doc = new FakeDocument();
    doc.cookie = 'language=de-DE';
    const store = cookieTokenStore(doc, false);
    store.set('tok');
    store.clear();
    expect(doc.writes.at(-1)).toMatch(/^pb_token=; Path=\/; SameSite=Lax.*; Max-Age=0$/);
    expect(store.get()).toBeNull();
    expect(doc.cookie).toBe('language=de-DE');
  });

  it.each<[string, string, string | null]>([
    ['a cookie whose name only ends in pb_token', 'xpb_token=nope', null],
    ['an empty pb_token', 'pb_token=', null],
    ['a value that is not valid percent-encoding', 'pb_token=%E0%A4%A', null],
    ['a value containing =', 'pb_token=a%3Db=c', 'a=b=c'],
  ])('reads %s', (_name, cookie, expected) => {
    const doc = new FakeDocument();
    doc.cookie = cookie;
    expect(cookieTokenStore(doc, false).get()).toBe(expected);
  });
});

describe('memoryTokenStore', () => {
  it('starts from the initial token, then sets and clears', () => {
    const store = memoryTokenStore('initial');
    expect(store.get()).toBe('initial');
    store.set('next');
    expect(store.get()).toBe('next');
    store.clear();
    expect(store.get()).toBeNull();
    expect(memoryTokenStore().get()).toBeNull();
  });
});
