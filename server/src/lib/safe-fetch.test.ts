import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkUrlOnItsFace, guardedFetch, ipv6Bytes, isPublicAddress, refusedRange, safeFetch, SafeFetchError, type Resolver } from './safe-fetch.ts';
import { refusal } from '../test/refusal.ts';

let server: http.Server;
let port: number;
/** The local test server's address: loopback, so reachable only through the allow-list. */
const HOST = '127.0.0.2';

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/page') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><head><meta property="og:image" content="/a.jpg"></head></html>');
    } else if (request.url === '/to-loopback') {
      response.writeHead(302, { location: `http://127.0.0.1:${port}/page` });
      response.end();
    } else if (request.url === '/to-public-name') {
      response.writeHead(302, { location: `http://images.example.com:${port}/page` });
      response.end();
    } else if (request.url === '/to-page') {
      response.writeHead(301, { location: '/page' });
      response.end();
    } else if (request.url === '/big') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('x'.repeat(5000));
    } else if (request.url === '/slow') {
      setTimeout(() => response.end('late'), 2000);
    } else if (request.url === '/echo') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json', 'x-extra': 'yes' });
        response.end(JSON.stringify({ method: request.method, type: request.headers['content-type'] ?? null, body: Buffer.concat(chunks).toString() }));
      });
    } else if (request.url === '/see-other') {
      response.writeHead(303, { location: '/echo' });
      response.end();
    } else if (request.url === '/empty') {
      response.writeHead(204);
      response.end();
    } else if (request.url === '/loop') {
      response.writeHead(302, { location: '/loop' });
      response.end();
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A fake DNS: every name resolves to 127.0.0.1, like a rebinding attacker's domain. */
const toLoopback: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
/** A fake DNS answering a public and a private address for the same name. */
const mixed: Resolver = async () => [
  { address: '93.184.216.34', family: 4 },
  { address: '10.0.0.5', family: 4 },
];

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '2002:7f00:1::1',
    '::ffff:0:127.0.0.1',
    '64:ff9b:1::a00:1',
    // Forms that carry an IPv4 address are refused whatever that address is (finding 16).
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('safeFetch', () => {
  it('refuses a public-looking hostname that resolves to 127.0.0.1', async () => {
    expect(await refusal(safeFetch(`http://images.example.com:${port}/page`, { resolve: toLoopback }))).toBe('address');
  });

  it('refuses a name when any of its addresses is private', async () => {
    expect(await refusal(safeFetch(`http://mixed.example.com:${port}/page`, { resolve: mixed }))).toBe('address');
  });

  it('refuses loopback and private literals, IPv6 and IPv4-mapped included', async () => {
    for (const url of [`http://127.0.0.1:${port}/page`, `http://[::1]:${port}/page`, `http://[::ffff:127.0.0.1]:${port}/page`, 'http://169.254.169.254/latest/meta-data', 'http://2130706433/']) {
      expect(await refusal(safeFetch(url))).toBe('address');
    }
  });

  it('refuses other schemes and credentials in the URL', async () => {
    expect(await refusal(safeFetch('file:///etc/passwd'))).toBe('scheme');
    expect(await refusal(safeFetch('ftp://example.com/'))).toBe('scheme');
    expect(await refusal(safeFetch(`http://user:pw@${HOST}:${port}/page`, { allowAddresses: [HOST] }))).toBe('scheme');
  });

  it('reads a local page only through the explicit allow-list', async () => {
    const page = await safeFetch(`http://${HOST}:${port}/page`, { allowAddresses: [HOST] });
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('og:image');
    expect(page.contentType).toBe('text/html');
  });

  it('connects to the address it checked, keeping the name for the Host header', async () => {
    const page = await safeFetch(`http://allowed.example.com:${port}/page`, { resolve: async () => [{ address: HOST, family: 4 }], allowAddresses: [HOST] });
    expect(page.status).toBe(200);
  });

  it('checks every redirect hop: a redirect to 127.0.0.1 is refused', async () => {
    // The test server (127.0.0.2) is allowed; the redirect target 127.0.0.1 is not.
    const direct = safeFetch(`http://${HOST}:${port}/to-loopback`, { allowAddresses: [HOST] });
    expect(await refusal(direct)).toBe('address');
    // A redirect to a name that resolves to loopback is refused the same way.
    const resolve: Resolver = async (host) => [{ address: host === 'start.example.com' ? HOST : '127.0.0.1', family: 4 }];
    const viaName = safeFetch(`http://start.example.com:${port}/to-public-name`, { resolve, allowAddresses: [HOST] });
    expect(await refusal(viaName)).toBe('address');
  });

  it('follows a redirect whose target passes the guard', async () => {
    const page = await safeFetch(`http://${HOST}:${port}/to-page`, { allowAddresses: [HOST] });
    expect(page.status).toBe(200);
    expect(page.url).toBe(`http://${HOST}:${port}/page`);
  });

  it('limits size, redirects and time', async () => {
    expect(await refusal(safeFetch(`http://${HOST}:${port}/big`, { allowAddresses: [HOST], maxBytes: 1000 }))).toBe('size');
    expect(await refusal(safeFetch(`http://${HOST}:${port}/loop`, { allowAddresses: [HOST], maxRedirects: 3 }))).toBe('redirects');
    expect(await refusal(safeFetch(`http://${HOST}:${port}/slow`, { allowAddresses: [HOST], timeoutMs: 200 }))).toBe('timeout');
  });
});

describe('ipv6Bytes and refusedRange', () => {
  it('reads every spelling of one address to the same bytes', () => {
    const spellings = ['::ffff:0:127.0.0.1', '::FFFF:0:7F00:1', '0:0:0:0:ffff:0:7f00:1', '0000:0000:0000:0000:ffff:0000:7f00:0001'];
    const [first, ...others] = spellings.map((s) => Array.from(ipv6Bytes(s) ?? []));
    expect(first).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 127, 0, 0, 1]);
    for (const other of others) expect(other).toEqual(first);
  });

  it('refuses what does not parse and names the range it refuses', () => {
    for (const bad of ['1::2::3', '1:2:3:4:5:6:7:8:9', '::ffff:1.2.3', '12345::1', 'fe80::1%eth0']) expect(ipv6Bytes(bad)).toBeNull();
    expect(refusedRange('::ffff:0:7f00:1')).toBe('IPv4-translated');
    expect(refusedRange('64:ff9b:1::1')).toBe('local-use NAT64');
    expect(refusedRange('::ffff:7f00:1')).toBe('IPv4-mapped');
    expect(refusedRange('2001:0:1::1')).toBe('Teredo');
    expect(refusedRange('8.8.8.8')).toBeNull();
  });
});

describe('checkUrlOnItsFace', () => {
  it('refuses literal inside addresses, localhost, other schemes and credentials without a request', () => {
    for (const url of ['http://127.0.0.1:9/', 'http://[::ffff:0:7f00:1]/', 'http://169.254.169.254/', 'http://localhost:3000/', 'http://idp.localhost/', 'http://0x7f.1/']) {
      expect(() => checkUrlOnItsFace(url)).toThrow(SafeFetchError);
    }
    expect(() => checkUrlOnItsFace('http://accounts.example.com/', { protocols: ['https:'] })).toThrow(/Refused scheme/);
    expect(() => checkUrlOnItsFace('https://u:p@accounts.example.com/')).toThrow(/Credentials/);
    expect(() => checkUrlOnItsFace('https://accounts.google.com/', { protocols: ['https:'] })).not.toThrow();
    expect(() => checkUrlOnItsFace('http://127.0.0.1:9/', { allowAddresses: ['127.0.0.1'] })).not.toThrow();
  });
});

describe('guardedFetch', () => {
  it('sends a form POST and hands back status, headers and body as a Fetch Response', async () => {
    const fetchGuarded = guardedFetch({ allowAddresses: [HOST] });
    const response = await fetchGuarded(`http://${HOST}:${port}/echo`, { method: 'POST', headers: { accept: 'application/json' }, body: new URLSearchParams({ grant_type: 'authorization_code' }), redirect: 'manual' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-extra')).toBe('yes');
    expect(await response.json()).toEqual({ method: 'POST', type: 'application/x-www-form-urlencoded;charset=UTF-8', body: 'grant_type=authorization_code' });
  });

  it('hands a redirect back under redirect: manual, and follows 303 with a GET otherwise', async () => {
    const fetchGuarded = guardedFetch({ allowAddresses: [HOST] });
    const manual = await fetchGuarded(`http://${HOST}:${port}/see-other`, { method: 'POST', body: 'x', redirect: 'manual' });
    expect(manual.status).toBe(303);
    const followed = await fetchGuarded(`http://${HOST}:${port}/see-other`, { method: 'POST', body: 'x' });
    expect(await followed.json()).toEqual({ method: 'GET', type: null, body: '' });
    expect((await fetchGuarded(`http://${HOST}:${port}/empty`)).status).toBe(204);
  });

  it('refuses inside addresses and, when asked, plain http', async () => {
    expect(await refusal(guardedFetch()(`http://127.0.0.1:${port}/echo`))).toBe('address');
    expect(await refusal(guardedFetch({ allowAddresses: [HOST], protocols: ['https:'] })(`http://${HOST}:${port}/echo`))).toBe('scheme');
  });

  it('matches the allow-list in any spelling of the address', async () => {
    const response = await guardedFetch({ allowAddresses: ['0:0:0:0:0:0:0:1'] })('http://[::1]:1/').catch((error: unknown) => error);
    // Allowed through the guard: the failure is the closed port, not a refusal.
    expect(response).toBeInstanceOf(SafeFetchError);
    expect((response as SafeFetchError).reason).toBe('network');
  });
});
