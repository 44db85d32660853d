import { Network } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startJobRunner, type JobRunner } from '../../jobs/job-runner.ts';
import { recordShareOutcome } from '../../lib/metrics.ts';
import { REFRESH_SHARE_MAX } from '../../lib/read-cache.ts';
import { createTestContext, get, post, type TestContext } from '../../test/app.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

const TOKEN = 'scrape-token-0123456789abcdef';

let open: TestContext;
let guarded: TestContext;
let off: TestContext;
let f: Tenants;
let runner: JobRunner;

beforeAll(async () => {
  open = await createTestContext({ env: { CHORUS_METRICS: 'on', CHORUS_CACHE_TTL_MS: '5000' } });
  f = await buildTenants(open.db);
  runner = await startJobRunner({ database: open.database, config: open.config, work: false, notifier: null, log: open.app.log });
  guarded = await createTestContext({ env: { CHORUS_METRICS_TOKEN: TOKEN } });
  off = await createTestContext();
});
afterAll(async () => {
  await runner.stop();
  await Promise.all([open.close(), guarded.close(), off.close()]);
});

const scrape = (t: TestContext, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/metrics', headers: { host: '10.0.0.9:3000', ...headers } });

/** The value of one series in the exposition text, or null when absent. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('is not found unless switched on', async () => {
    const res = await scrape(off);
    expect(res.statusCode).toBe(404);
  });

  it('with a token, refuses a scraper without it or with another', async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer wrong-token-0123456789' }, { authorization: TOKEN }];
    for (const headers of attempts) {
      const res = await scrape(guarded, headers);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
    const res = await scrape(guarded, { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
  });

  it('reports HTTP latency by route pattern, never the raw URL', async () => {
    await get(open.app, 'acme', '/api/v4/post/987654', f.tokens.acmeUser);
    const text = (await scrape(open)).body;
    expect(text).toMatch(/chorus_http_request_duration_seconds_count\{method="GET",route="\/api\/v4\/post\/:id",status="\d{3}"\} [1-9]/);
    expect(text).not.toContain('987654');
  });

  it('reports job counts and lateness by queue', async () => {
    await open.app.inject({ method: 'GET', url: '/health', headers: { host: 'localhost' } });
    await runner.enqueueMailRequest({ kind: 'recovery', companyId: f.acme.id, email: 'nobody@acme.test' });
    const text = (await scrape(open)).body;
    expect(sample(text, 'chorus_jobs{queue="mail-request",state="created"}')).toBe(1);
    expect(sample(text, 'chorus_jobs{queue="mail-request",state="failed"}')).toBe(0);
    expect(sample(text, 'chorus_job_lateness_seconds{queue="mail-request"}')).toBeGreaterThanOrEqual(0);
  });

  it('reports share outcomes by network through recordShareOutcome, settled states only', async () => {
    const linkedinPublished = 'chorus_share_outcomes_total{network="linkedin",outcome="published"}';
    const before = (await scrape(open)).body;
    recordShareOutcome(Network.LINKEDIN, 'published');
    recordShareOutcome(Network.LINKEDIN, 'published');
    recordShareOutcome(Network.TWITTER, 'failed');
    recordShareOutcome(Network.FACEBOOK, 'unconfirmed');
    // Not outcomes: a share waiting or on its way.
    recordShareOutcome(Network.LINKEDIN, 'queued');
    recordShareOutcome(Network.LINKEDIN, 'publishing');
    const text = (await scrape(open)).body;
    expect(sample(text, linkedinPublished)).toBe((sample(before, linkedinPublished) ?? 0) + 2);
    expect(sample(text, 'chorus_share_outcomes_total{network="twitter",outcome="failed"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'chorus_share_outcomes_total{network="facebook",outcome="unconfirmed"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('outcome="queued"');
    expect(text).not.toContain('outcome="publishing"');
  });

  it('reports cache hits and misses (the session cache of a repeated signed-in read)', async () => {
    const before = (await scrape(open)).body;
    const hits = sample(before, 'chorus_cache_lookups_total{cache="sessions",result="hit"}') ?? 0;
    const misses = sample(before, 'chorus_cache_lookups_total{cache="sessions",result="miss"}') ?? 0;
    await get(open.app, 'acme', `/api/v1/user/${f.acmeAdmin.id}`, f.tokens.acmeAdmin);
    await get(open.app, 'acme', `/api/v1/user/${f.acmeAdmin.id}`, f.tokens.acmeAdmin);
    const after = (await scrape(open)).body;
    expect(sample(after, 'chorus_cache_lookups_total{cache="sessions",result="miss"}')).toBeGreaterThanOrEqual(misses + 1);
    expect(sample(after, 'chorus_cache_lookups_total{cache="sessions",result="hit"}')).toBeGreaterThanOrEqual(hits + 1);
  });

  it('reports background refreshes of entries read late in their life', async () => {
    const replaced = 'chorus_cache_refreshes_total{cache="sessions",outcome="replaced"}';
    const before = sample((await scrape(open)).body, replaced) ?? 0;
    const read = () => get(open.app, 'acme', `/api/v1/user/${f.acmeUser.id}`, f.tokens.acmeUser);
    // A minute on, every entry of the earlier tests has expired: the first read computes a new one.
    const computed = Date.now() + 60_000;
    try {
      vi.useFakeTimers({ toFake: ['Date'], now: computed });
      expect((await read()).statusCode).toBe(200);
      // Past the latest refresh point of the 5 s limit, still within it: answered from the
      // entry, which is computed again meanwhile.
      vi.setSystemTime(computed + 5000 * (REFRESH_SHARE_MAX + 1) / 2);
      expect((await read()).statusCode).toBe(200);
      await expect.poll(async () => sample((await scrape(open)).body, replaced) ?? 0).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers GET only', async () => {
    expect((await post(open.app, 'acme', '/metrics', {})).statusCode).toBe(404);
  });
});
