import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/app.ts';

let t: TestContext;
let production: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  production = await createTestContext({ env: { NODE_ENV: 'production', CHORUS_SECRET_KEY: '0000000000000000000000000000000000000000000000000000000000000000' } });
  const base = { text: 'body', html: '<p>body</p>', language: 'en-US' };
  await t.db.insert(outboxMails).values([
    { ...base, kind: 'recovery', to: 'old@acme.test', subject: 'Older', links: ['http://acme.localhost:3000/a'], created: new Date('2026-01-01T00:00:00Z') },
    { ...base, kind: 'magic-link', to: 'new@acme.test', subject: 'Newer <b>', links: ['http://acme.localhost:3000/b?x=1&y=2'], created: new Date('2026-01-02T00:00:00Z') },
  ]);
});
afterAll(async () => {
  await t.close();
  await production.close();
});

describe('GET /dev/outbox', () => {
  it('lists mails newest first on any loopback host (finding 22 refuses the others)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox', headers: { host: 'anything.example' } })).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox', headers: { host: 'globex.localhost:3000' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { to: 'new@acme.test', subject: 'Newer <b>', text: 'body', html: '<p>body</p>', links: ['http://acme.localhost:3000/b?x=1&y=2'], created: '2026-01-02T00:00:00.000Z', kind: 'magic-link' },
      { to: 'old@acme.test', subject: 'Older', text: 'body', html: '<p>body</p>', links: ['http://acme.localhost:3000/a'], created: '2026-01-01T00:00:00.000Z', kind: 'recovery' },
    ]);
  });

  it('shows a readable page with escaped data and clickable links', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox.html', headers: { host: 'acme.localhost:3000' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<h2>Newer &lt;b&gt;</h2>');
    expect(res.body).toContain('<a href="http://acme.localhost:3000/b?x=1&amp;y=2">');
    expect(res.body.indexOf('Newer')).toBeLessThan(res.body.indexOf('Older'));
  });

  it.each(['/dev/outbox', '/dev/outbox.html'])('does not exist in production: %s', async (url) => {
    await production.db.insert(outboxMails).values({ kind: 'recovery', to: 'a@acme.test', subject: 's', text: 't', html: 'h', language: 'en-US' });
    for (const accept of [undefined, 'application/json', 'text/html,application/xhtml+xml,*/*;q=0.8', '*/*']) {
      const headers: Record<string, string> = { host: 'acme.localhost' };
      if (accept !== undefined) headers.accept = accept;
      const res = await production.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, `Accept: ${accept ?? '(none)'}`).toBe(404);
      expect(res.body).not.toContain('a@acme.test');
    }
  });
});
