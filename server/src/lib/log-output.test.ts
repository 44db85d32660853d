import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../test/app.ts';
import { openTestDatabase, type TestDatabase } from '../test/database.ts';
import { logDestination } from './log-output.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

let dir: string;
let db: TestDatabase;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-log-'));
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('log output', () => {
  it('is JSON unless the pretty format is chosen (the default in development only)', () => {
    expect(logDestination({ logFormat: 'json' })).toBeUndefined();
    expect(testConfig(dir).logFormat).toBe('json');
    expect(testConfig(dir, { NODE_ENV: 'development' }).logFormat).toBe('pretty');
    expect(testConfig(dir, { LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  });

  it('writes one readable line per request in the pretty format, with codes masked', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const config = { ...testConfig(dir), logLevel: 'info' as const, logFormat: 'pretty' as const };
    const app = await buildApp({ config, database: db.handle, logStream: logDestination(config, out) });
    try {
      await app.inject({ method: 'GET', url: '/health', headers: { host: 'acme.localhost:3000' } });
      await app.inject({ method: 'GET', url: '/api/v1/user/confirm/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789', headers: { host: 'acme.localhost:3000' } });
    } finally {
      await app.close();
    }
    const lines = text.split('\n').filter((line) => line.includes(' ms'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/health 200 \d+ ms$/);
    expect(lines[1]).toContain('/api/v1/user/confirm/[redacted]');
    expect(text).not.toContain('AbCdEfGhIjKlMnOpQrStUvWxYz0123456789');
    expect(text).not.toContain('incoming request');
    expect(text).not.toContain('{"level"');
  });
});
