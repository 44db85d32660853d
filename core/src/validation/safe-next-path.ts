/**
 * The one check of a `next` redirect target, shared by the server (Google, SAML and social
 * sign-in carry `next` through the provider) and the web app (after sign-in).
 */

/** Longer `next` values are refused: no honest path of the app comes close. */
const MAX_NEXT_LENGTH = 2000;
// Any origin works: it only anchors relative paths so URL can tell whether `next` escapes.
const PROBE_ORIGIN = 'https://chorus.invalid';
/** How many times percent-encoding is peeled off to look for a hidden `//` or backslash. */
const MAX_DECODE_ROUNDS = 3;

function unsafeForm(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return true;
  return [...value].some((char) => {
    const code = char.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });
}

/**
 * `next` when it is a path of this app: one leading slash, no scheme, no protocol-relative
 * `//` or backslash tricks, no control characters (tabs and newlines included), and none of
 * those hidden behind percent-encoding (`/%2f%2fhost`, `/%5chost`). Anything else is null, so
 * the caller falls back to its default instead of following an open redirect. The result is
 * the normalised path, query and hash.
 */
export function safeNextPath(next: unknown): string | null {
  if (typeof next !== 'string' || next.length === 0 || next.length > MAX_NEXT_LENGTH || unsafeForm(next)) return null;
  let decoded = next;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
    let peeled: string;
    try {
      peeled = decodeURIComponent(decoded);
    } catch {
      return null;
    }
    if (peeled === decoded) break;
    if (unsafeForm(peeled)) return null;
    decoded = peeled;
  }
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
