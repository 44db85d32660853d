/**
 * Fetching user-supplied URLs from the server without reaching inside our network (SSRF):
 * http and https only; every hostname is resolved and refused when any of its addresses is
 * private, loopback, link-local or otherwise not public (IPv4, IPv6 and IPv4-mapped IPv6);
 * the connection goes to the address that was checked (no second lookup to rebind); each
 * redirect hop is checked again; bodies and time are capped.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

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
  constructor(reason: SafeFetchFailure, message: string) {
    super(message);
    this.name = 'SafeFetchError';
    this.reason = reason;
  }
}

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (with an embedded dotted quad expanded). */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad?.[1]) {
    const parts = quad[1].split('.').map(Number);
    const [a = 0, b = 0, c = 0, d = 0] = parts;
    text = `${text.slice(0, -quad[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail].map((g) => Number.parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64 or 6to4), if any. */
function embeddedIpv4(groups: readonly number[]): string | null {
  const quad = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (deprecated compatible form).
  if (firstFiveZero && (g5 === 0xffff || g5 === 0)) return quad(g6, g7);
  // 64:ff9b::a.b.c.d (NAT64 well-known prefix).
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return quad(g6, g7);
  // 2002:AABB:CCDD::/48 (6to4).
  if (g0 === 0x2002) return quad(g1, g2);
  return null;
}

/** True for an address the server may connect to: public unicast, not ours or anyone's LAN. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(address);
  if (groups === null) return false;
  if (blocked.check(address, 'ipv6')) return false;
  // An address that carries an IPv4 one reaches that IPv4 host, so it is judged by it.
  const v4 = embeddedIpv4(groups);
  return v4 === null || !blocked.check(v4, 'ipv4');
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
  const permitted = (address: string) => allowed.has(address) || isPublicAddress(address);
  const literal = isIP(host);
  if (literal !== 0) {
    if (!permitted(host)) throw new SafeFetchError('address', `Refused address ${host}`);
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
  const refused = addresses.find((a) => !permitted(a.address));
  if (refused) throw new SafeFetchError('address', `Refused address ${refused.address} of ${host}`);
  return first;
}

interface Hop {
  status: number;
  location: string | null;
  contentType: string | null;
  body: Buffer;
}

function requestOnce(url: URL, target: ResolvedAddress, options: Required<Pick<SafeFetchOptions, 'maxBytes' | 'accept'>>, signal: AbortSignal): Promise<Hop> {
  // The socket connects to the checked address only; the URL's host still names the site
  // (Host header, TLS server name and certificate check).
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const request = client.request(
      url,
      { method: 'GET', lookup: pinned, signal, headers: { accept: options.accept, 'user-agent': 'ChorusLinkPreview/1.0' } },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = typeof response.headers.location === 'string' ? response.headers.location : null;
        const contentType = response.headers['content-type'] ?? null;
        if (status >= 300 && status < 400) {
          response.resume();
          resolve({ status, location, contentType, body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          response.destroy();
          reject(new SafeFetchError('size', 'Response too large'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(new SafeFetchError('size', 'Response too large'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, location, contentType, body: Buffer.concat(chunks) }));
        response.on('error', (error) => reject(error));
      },
    );
    request.on('error', (error) => reject(signal.aborted ? new SafeFetchError('timeout', 'Timed out') : error instanceof SafeFetchError ? error : new SafeFetchError('network', error.message)));
    request.end();
  });
}

/** GETs a user-supplied http(s) URL under the SSRF guard; throws SafeFetchError when refused. */
export async function safeFetch(input: string, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const maxRedirects = options.maxRedirects ?? 5;
  const resolve = options.resolve ?? systemResolver;
  const allowed = new Set(options.allowAddresses ?? []);
  const settings = { maxBytes: options.maxBytes ?? 2 * 1024 * 1024, accept: options.accept ?? 'text/html,application/xhtml+xml,image/*;q=0.8,*/*;q=0.5' };
  const signal = AbortSignal.timeout(options.timeoutMs ?? 5000);
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new SafeFetchError('scheme', 'Not a URL');
  }
  for (let hop = 0; hop <= maxRedirects; hop += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('scheme', `Refused scheme ${url.protocol}`);
    if (url.username || url.password) throw new SafeFetchError('scheme', 'Credentials in URLs are refused');
    const target = await checkedAddress(url, resolve, allowed);
    if (signal.aborted) throw new SafeFetchError('timeout', 'Timed out');
    const response = await requestOnce(url, target, settings, signal);
    if (response.status >= 300 && response.status < 400 && response.location !== null) {
      url = new URL(response.location, url);
      continue;
    }
    return { url: url.toString(), status: response.status, contentType: response.contentType, body: response.body };
  }
  throw new SafeFetchError('redirects', 'Too many redirects');
}
