/**
 * Fetching user- or admin-supplied URLs from the server without reaching inside our network
 * (SSRF): http and https only (https only where the caller says so); every hostname is
 * resolved and refused when any of its addresses is not public unicast; the connection goes to
 * the address that was checked (no second lookup to rebind); each redirect hop is checked
 * again; bodies and time are capped.
 *
 * Addresses are parsed here, not matched as text: an IPv6 address is read into its sixteen
 * bytes whatever its spelling (compressed, expanded, upper case, with a dotted IPv4 tail), and
 * compared with the refused ranges bit by bit. IPv6 is allowed only inside global unicast
 * (2000::/3), and every IPv6 form that carries an IPv4 address (mapped, translated,
 * compatible, NAT64, 6to4, Teredo) is refused outright: the IPv4 host it reaches is not ours
 * to judge through a translator.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

/** A resolved address. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a hostname to all its addresses (injectable so tests can play DNS). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** Options of a guarded fetch. */
export interface SafeFetchOptions {
  /** Largest body accepted, in bytes (default 2 MB). */
  maxBytes?: number;
  /** Time for the whole fetch including redirects, in ms (default 5000). */
  timeoutMs?: number;
  /** Redirect hops followed (default 5). */
  maxRedirects?: number;
  /** Hostname resolution; defaults to the system resolver. */
  resolve?: Resolver;
  /**
   * Addresses allowed although not public. Only tests set this, to reach their own local
   * servers (in process, or through CHORUS_FETCH_ALLOW_ADDRESSES, which production refuses).
   */
  allowAddresses?: readonly string[];
  /** Accept header. */
  accept?: string;
  /** Schemes allowed (default http and https; https only where production demands it). */
  protocols?: readonly ('http:' | 'https:')[];
  /** User-Agent header (default the link previewer's). */
  userAgent?: string;
  /** `manual` hands a redirect back instead of following it (default `follow`). */
  redirect?: 'follow' | 'manual';
  /** Aborts the fetch early (on top of the time limit). */
  signal?: AbortSignal;
}

/** A fetched response. */
export interface SafeResponse {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  contentType: string | null;
  body: Buffer;
}

/** Why a URL was refused or could not be read. */
export type SafeFetchFailure = 'scheme' | 'address' | 'redirects' | 'size' | 'timeout' | 'network';

/** A refused or failed guarded fetch. */
export class SafeFetchError extends Error {
  readonly reason: SafeFetchFailure;
  /** The socket error behind a `network` failure (its `code`, such as ECONNREFUSED, tells whether a request left). */
  constructor(reason: SafeFetchFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SafeFetchError';
    this.reason = reason;
  }
}

/** A refused range: its first address, prefix length and what it is (for messages and tests). */
interface Range {
  bytes: Uint8Array;
  prefix: number;
  name: string;
}

/** The IPv4 ranges refused (IANA special-purpose registry, and anything not public unicast). */
const IPV4_REFUSED: readonly (readonly [string, number, string])[] = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared (CGNAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.31.196.0', 24, 'AS112'],
  ['192.52.193.0', 24, 'AMT'],
  ['192.88.99.0', 24, '6to4 relay anycast'],
  ['192.168.0.0', 16, 'private'],
  ['192.175.48.0', 24, 'AS112'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved and broadcast'],
];

/**
 * The IPv6 ranges refused inside global unicast (2000::/3), plus, for clear messages, the
 * special ranges outside it (which are refused anyway).
 */
const IPV6_REFUSED: readonly (readonly [string, number, string])[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::ffff:0:0', 96, 'IPv4-mapped'],
  ['::ffff:0:0:0', 96, 'IPv4-translated'],
  ['::', 96, 'IPv4-compatible'],
  ['64:ff9b::', 96, 'NAT64'],
  ['64:ff9b:1::', 48, 'local-use NAT64'],
  ['100::', 64, 'discard-only'],
  ['2001::', 32, 'Teredo'],
  ['2001::', 23, 'IETF protocol assignments'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4'],
  ['3fff::', 20, 'documentation'],
  ['5f00::', 16, 'segment routing'],
  ['fc00::', 7, 'unique local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

/** Global unicast: the only IPv6 space a public host lives in. */
const IPV6_GLOBAL_UNICAST: Range = { bytes: new Uint8Array([0x20, ...Array<number>(15).fill(0)]), prefix: 3, name: 'global unicast' };

function ipv4Bytes(address: string): Uint8Array | null {
  const parts = address.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255)) return null;
  return new Uint8Array(parts.map(Number));
}

/**
 * The sixteen bytes of an IPv6 address in any valid spelling: compressed (`::`), expanded,
 * leading zeros, upper or lower case, with a dotted IPv4 tail. Null when it is not one, or
 * when it carries a zone (`fe80::1%eth0`: only link-local addresses have zones).
 */
export function ipv6Bytes(address: string): Uint8Array | null {
  if (address.includes('%') || isIP(address) !== 6) return null;
  let text = address.toLowerCase();
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    const quad = ipv4Bytes(text.slice(lastColon + 1));
    if (quad === null) return null;
    const [a = 0, b = 0, c = 0, d = 0] = quad;
    tail.push((a << 8) | b, (c << 8) | d);
    // Keep a `::` that ends right before the quad (`::ffff:0:1.2.3.4`, `::1.2.3.4`).
    text = text.slice(0, lastColon + 1);
    if (!text.endsWith('::')) text = text.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (half: string | undefined): number[] | null => {
    if (!half) return [];
    const groups = half.split(':');
    if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
    return groups.map((g) => Number.parseInt(g, 16));
  };
  const head = parse(halves[0]);
  const rest = parse(halves[1]);
  if (head === null || rest === null) return null;
  const after = [...rest, ...tail];
  const given = head.length + after.length;
  // `::` stands for at least one zero group; without it all eight are written out.
  if (halves.length === 2 ? given > 7 : given !== 8) return null;
  const groups = [...head, ...Array<number>(8 - given).fill(0), ...after];
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    bytes[2 * i] = g >> 8;
    bytes[2 * i + 1] = g & 0xff;
  });
  return bytes;
}

function range(network: string, prefix: number, name: string): Range {
  const bytes = isIP(network) === 4 ? ipv4Bytes(network) : ipv6Bytes(network);
  if (bytes === null) throw new Error(`bad range ${network}`);
  return { bytes, prefix, name };
}

const ipv4Refused = IPV4_REFUSED.map(([network, prefix, name]) => range(network, prefix, name));
const ipv6Refused = IPV6_REFUSED.map(([network, prefix, name]) => range(network, prefix, name));

function inRange(bytes: Uint8Array, r: Range): boolean {
  if (bytes.length !== r.bytes.length) return false;
  const whole = r.prefix >> 3;
  for (let i = 0; i < whole; i += 1) if (bytes[i] !== r.bytes[i]) return false;
  const bits = r.prefix & 7;
  if (bits === 0) return true;
  const mask = (0xff << (8 - bits)) & 0xff;
  return ((bytes[whole] ?? 0) & mask) === ((r.bytes[whole] ?? 0) & mask);
}

/**
 * Why the server may not connect to an address (the range it falls in), or null when it is
 * public unicast. Anything that does not parse as an address is refused.
 */
export function refusedRange(address: string): string | null {
  const family = isIP(address);
  if (family === 4) {
    const bytes = ipv4Bytes(address);
    if (bytes === null) return 'not an address';
    return ipv4Refused.find((r) => inRange(bytes, r))?.name ?? null;
  }
  if (family !== 6) return 'not an address';
  if (address.includes('%')) return 'scoped (zone)';
  const bytes = ipv6Bytes(address);
  if (bytes === null) return 'not an address';
  // The most specific named range first, so a message says "IPv4-mapped", not "IPv4-compatible".
  const named = ipv6Refused.filter((r) => inRange(bytes, r)).sort((a, b) => b.prefix - a.prefix)[0];
  if (named) return named.name;
  return inRange(bytes, IPV6_GLOBAL_UNICAST) ? null : 'not global unicast';
}

/** True for an address the server may connect to: public unicast, not ours or anyone's LAN. */
export function isPublicAddress(address: string): boolean {
  return refusedRange(address) === null;
}

/** One spelling per address (lower-case, compressed IPv6), so allow-lists match any spelling. */
function canonical(address: string): string {
  const bytes = isIP(address) === 6 ? ipv6Bytes(address) : null;
  if (bytes === null) return address;
  // The URL parser prints IPv6 in its canonical (RFC 5952) form.
  const groups = Array.from({ length: 8 }, (_, i) => (((bytes[2 * i] ?? 0) << 8) | (bytes[2 * i + 1] ?? 0)).toString(16));
  return new URL(`http://[${groups.join(':')}]/`).hostname.slice(1, -1);
}

const systemResolver: Resolver = async (hostname) => {
  const addresses = await dnsLookup(hostname, { all: true, verbatim: true });
  return addresses.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/** Resolves the URL's host and returns the address to connect to, or throws when any is refused. */
async function checkedAddress(url: URL, resolve: Resolver, allowed: ReadonlySet<string>): Promise<ResolvedAddress> {
  const host = hostOf(url);
  const refusal = (address: string): string | null => (allowed.has(canonical(address)) ? null : refusedRange(address));
  const literal = isIP(host);
  if (literal !== 0) {
    const why = refusal(host);
    if (why !== null) throw new SafeFetchError('address', `Refused address ${host} (${why})`);
    return { address: host, family: literal === 6 ? 6 : 4 };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new SafeFetchError('network', `Could not resolve ${host}`);
  }
  const [first] = addresses;
  if (!first) throw new SafeFetchError('network', `No address for ${host}`);
  // Every address must pass: a client may be handed any of them.
  for (const { address } of addresses) {
    const why = refusal(address);
    if (why !== null) throw new SafeFetchError('address', `Refused address ${address} of ${host} (${why})`);
  }
  return first;
}

/**
 * Refuses, without any request or lookup, a URL the guard would refuse on its face: another
 * scheme, credentials, or a literal address (or `localhost`) that is not public. For checking
 * a setting when it is saved; the fetch itself still resolves and checks every hop.
 */
export function checkUrlOnItsFace(input: string, options: Pick<SafeFetchOptions, 'allowAddresses' | 'protocols'> = {}): void {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new SafeFetchError('scheme', 'Not a URL');
  }
  checkScheme(url, options.protocols ?? DEFAULT_PROTOCOLS);
  const host = hostOf(url);
  const allowed = new Set((options.allowAddresses ?? []).map(canonical));
  if (isIP(host) !== 0) {
    const why = allowed.has(canonical(host)) ? null : refusedRange(host);
    if (why !== null) throw new SafeFetchError('address', `Refused address ${host} (${why})`);
  } else if (host === 'localhost' || host.endsWith('.localhost') || host === 'localhost.' || host.endsWith('.localhost.')) {
    throw new SafeFetchError('address', `Refused host ${host} (loopback)`);
  }
}

const DEFAULT_PROTOCOLS: readonly string[] = ['http:', 'https:'];

function checkScheme(url: URL, protocols: readonly string[]): void {
  if (!protocols.includes(url.protocol)) throw new SafeFetchError('scheme', `Refused scheme ${url.protocol}`);
  if (url.username || url.password) throw new SafeFetchError('scheme', 'Credentials in URLs are refused');
}

interface Hop {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

interface RequestSettings {
  method: string;
  headers: Record<string, string>;
  body: Buffer | null;
  maxBytes: number;
}

function requestOnce(url: URL, target: ResolvedAddress, settings: RequestSettings, signal: AbortSignal): Promise<Hop> {
  // The socket connects to the checked address only; the URL's host still names the site
  // (Host header, TLS server name and certificate check).
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const request = client.request(url, { method: settings.method, lookup: pinned, signal, headers: settings.headers }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        response.resume();
        resolve({ status, headers: response.headers, body: Buffer.alloc(0) });
        return;
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > settings.maxBytes) {
        response.destroy();
        reject(new SafeFetchError('size', 'Response too large'));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > settings.maxBytes) {
          response.destroy();
          reject(new SafeFetchError('size', 'Response too large'));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ status, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', (error) => reject(error));
    });
    request.on('error', (error) => reject(signal.aborted ? new SafeFetchError('timeout', 'Timed out') : error instanceof SafeFetchError ? error : new SafeFetchError('network', error.message, { cause: error })));
    request.end(settings.body ?? undefined);
  });
}

/** A guarded response with its headers, for callers that speak the Fetch API. */
interface RawResponse {
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

async function guardedRequest(input: string, options: SafeFetchOptions, request: { method: string; headers: Record<string, string>; body: Buffer | null }): Promise<RawResponse> {
  const maxRedirects = options.redirect === 'manual' ? 0 : (options.maxRedirects ?? 5);
  const resolve = options.resolve ?? systemResolver;
  const allowed = new Set((options.allowAddresses ?? []).map(canonical));
  const protocols = options.protocols ?? DEFAULT_PROTOCOLS;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 5000);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const headers = { accept: options.accept ?? 'text/html,application/xhtml+xml,image/*;q=0.8,*/*;q=0.5', 'user-agent': options.userAgent ?? 'ChorusLinkPreview/1.0', ...request.headers };
  let settings: RequestSettings = { method: request.method, headers, body: request.body, maxBytes: options.maxBytes ?? 2 * 1024 * 1024 };
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new SafeFetchError('scheme', 'Not a URL');
  }
  for (let hop = 0; hop <= maxRedirects; hop += 1) {
    checkScheme(url, protocols);
    const target = await checkedAddress(url, resolve, allowed);
    if (signal.aborted) throw new SafeFetchError('timeout', 'Timed out');
    const response = await requestOnce(url, target, settings, signal);
    const location = typeof response.headers.location === 'string' ? response.headers.location : null;
    if (options.redirect !== 'manual' && response.status >= 300 && response.status < 400 && location !== null) {
      url = new URL(location, url);
      // As browsers do: 307 and 308 repeat the request; the others continue with a GET.
      if (response.status !== 307 && response.status !== 308 && settings.method !== 'GET') {
        const kept = Object.entries(settings.headers).filter(([name]) => !/^content-(type|length)$/i.test(name));
        settings = { ...settings, method: 'GET', headers: Object.fromEntries(kept), body: null };
      }
      continue;
    }
    return { url: url.toString(), status: response.status, headers: response.headers, body: response.body };
  }
  throw new SafeFetchError('redirects', 'Too many redirects');
}

/** GETs a user-supplied http(s) URL under the SSRF guard; throws SafeFetchError when refused. */
export async function safeFetch(input: string, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const response = await guardedRequest(input, options, { method: 'GET', headers: {}, body: null });
  const contentType = response.headers['content-type'] ?? null;
  return { url: response.url, status: response.status, contentType, body: response.body };
}

/** The request options a Fetch-API caller (openid-client's customFetch) passes. */
export interface GuardedFetchInit {
  method?: string;
  headers?: Record<string, string> | Headers;
  body?: unknown;
  redirect?: RequestRedirect;
  signal?: AbortSignal | null;
}

/** Request bodies a guarded fetch sends: text, bytes or form parameters. */
function bodyBytes(body: unknown): { bytes: Buffer | null; type: string | null } {
  if (body === undefined || body === null) return { bytes: null, type: null };
  if (typeof body === 'string') return { bytes: Buffer.from(body), type: 'text/plain;charset=UTF-8' };
  if (body instanceof URLSearchParams) return { bytes: Buffer.from(body.toString()), type: 'application/x-www-form-urlencoded;charset=UTF-8' };
  if (body instanceof ArrayBuffer) return { bytes: Buffer.from(body), type: null };
  if (ArrayBuffer.isView(body)) return { bytes: Buffer.from(body.buffer, body.byteOffset, body.byteLength), type: null };
  throw new SafeFetchError('network', 'Unsupported request body');
}

/** Statuses whose responses have no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A Fetch-API function under the SSRF guard, for libraries that take a custom fetch (the
 * OpenID client's discovery, JWKS and token requests). Redirects are followed, and checked,
 * unless the caller asks for `redirect: 'manual'`, which hands the 3xx back as it came.
 */
export function guardedFetch(options: Omit<SafeFetchOptions, 'redirect' | 'signal' | 'accept'> = {}): (url: string | URL, init?: GuardedFetchInit) => Promise<Response> {
  return async (url, init = {}) => {
    const headers: Record<string, string> = init.headers instanceof Headers ? Object.fromEntries(init.headers.entries()) : { ...init.headers };
    const { bytes, type } = bodyBytes(init.body);
    const hasType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
    if (type !== null && !hasType) headers['content-type'] = type;
    const response = await guardedRequest(String(url), { ...options, redirect: init.redirect === 'manual' ? 'manual' : 'follow', ...(init.signal ? { signal: init.signal } : {}), accept: headers.accept ?? 'application/json' }, {
      method: (init.method ?? 'GET').toUpperCase(),
      headers,
      body: bytes,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, item);
    }
    const result = new Response(NULL_BODY_STATUSES.has(response.status) ? null : new Uint8Array(response.body), { status: response.status, headers: responseHeaders });
    Object.defineProperty(result, 'url', { value: response.url });
    return result;
  };
}
