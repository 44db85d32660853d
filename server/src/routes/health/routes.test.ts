import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestContext, type TestContext } from '../../test/app.ts';
import { openTestDatabase } from '../../test/database.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('GET /health', () => {
  it('reports the database as ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health', headers: { host: 'localhost:3000' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 when the database cannot answer', async () => {
    const broken = await openTestDatabase();
    const app = await buildApp({ config: t.config, database: broken.handle, logger: false });
    await broken.dispose();
    const res = await app.inject({ method: 'GET', url: '/health', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ database: 'unavailable' });
    await app.close();
  });
});
