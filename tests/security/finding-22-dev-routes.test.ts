/**
 * Finding 22: the development outbox (/dev/outbox, mails with sign-in links) answered any Host
 * on every interface. Outside production the server now listens on loopback unless HOST says
 * otherwise, and the outbox answers only a loopback connection naming a loopback host: from
 * elsewhere, or through DNS rebinding (a foreign name pointing at us), it is a plain 404.
 */
import { ErrorCode } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { isLoopbackHost } from '../../server/src/lib/loopback.ts';
import { createTestContext, type TestContext } from '../../server/src/test/app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

function outbox(path: string, remoteAddress: string, host: string) {
  return t.app.inject({ method: 'GET', url: path, headers: { host, accept: 'text/html' }, remoteAddress });
}

const LOOPBACK_HOSTS = ['localhost', 'localhost:3000', 'acme.localhost:3000', 'app.localhost', 'ACME.LOCALHOST:3000', '127.0.0.1:3000', '127.0.0.1', '[::1]:3000', '[::1]'];
const FOREIGN_HOSTS = ['evil.example.com', 'evil.example.com:3000', 'localhost.evil.example', 'localhost.evil.example:3000', '127.0.0.1.nip.io:3000', '10.0.0.5:3000', '[::2]:3000', 'localhost:3000@evil'];
const LOOPBACK_ADDRESSES = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];
const FOREIGN_ADDRESSES = ['10.0.0.5', '192.168.1.20', '127.0.0.2', '::ffff:10.0.0.5', '2001:db8::1'];

describe('finding 22: development routes answer only this machine', () => {
  it('answer a loopback connection naming a loopback host', async () => {
    for (const address of LOOPBACK_ADDRESSES) {
      for (const host of LOOPBACK_HOSTS) {
        for (const path of ['/dev/outbox', '/dev/outbox.html']) {
          expect((await outbox(path, address, host)).statusCode, `${path} from ${address} to ${host}`).toBe(200);
        }
      }
    }
  });

  it('are absent (404) to a connection from another machine, whatever the host', async () => {
    for (const address of FOREIGN_ADDRESSES) {
      for (const host of [...LOOPBACK_HOSTS, 'evil.example.com']) {
        for (const path of ['/dev/outbox', '/dev/outbox.html']) {
          const res = await outbox(path, address, host);
          expect(res.statusCode, `${path} from ${address} to ${host}`).toBe(404);
          expect(res.json()).toEqual({ error: ErrorCode.NOT_FOUND, message: 'Not found.' });
        }
      }
    }
  });

  it('are absent (404) to a loopback connection naming a foreign host (DNS rebinding)', async () => {
    for (const host of FOREIGN_HOSTS) {
      const res = await outbox('/dev/outbox', '127.0.0.1', host);
      expect(res.statusCode, host).toBe(404);
      expect(res.json()).toEqual({ error: ErrorCode.NOT_FOUND, message: 'Not found.' });
    }
  });

  it('answer the same 404 as a path that does not exist', async () => {
    const absent = await outbox('/dev/nothing', '127.0.0.1', 'localhost:3000');
    const refused = await outbox('/dev/outbox', '10.0.0.5', 'localhost:3000');
    expect(refused.statusCode).toBe(absent.statusCode);
    expect(refused.body).toBe(absent.body);
  });

  it('are not registered at all in production', async () => {
    const production = await createTestContext({ production: true });
    try {
      const res = await production.app.inject({ method: 'GET', url: '/dev/outbox', headers: { host: 'localhost:3000' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });

  it('recognise loopback hosts with one rule', () => {
    for (const host of LOOPBACK_HOSTS) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of FOREIGN_HOSTS) expect(isLoopbackHost(host), host).toBe(false);
    expect(isLoopbackHost(undefined)).toBe(false);
    expect(isLoopbackHost('')).toBe(false);
  });
});

describe('finding 22: the listen address', () => {
  it('is loopback outside production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
  });

  it('is every interface in production', () => {
    const production = loadConfig({ NODE_ENV: 'production', CHORUS_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'), CHORUS_BASE_DOMAIN: 'chorus.example.com' });
    expect(production.host).toBe('0.0.0.0');
  });

  it('is what HOST says when set', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
  });
});
