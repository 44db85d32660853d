/**
 * Finding 24 (issue 52): each share call by a member with no linked network wrote a one-time
 * token row (the link flow's state), 18,225 rows after 30 s at 100 connections. The link flow's
 * state is now reissued: a new one takes the place of the member's earlier state for the same
 * network, so repeated calls keep at most one row per member and network, and the newest link
 * flow still works (the replaced ones answer as invalid).
 */
import { AUTH_COOKIE, ShareResponse } from '@chorus/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { oneTimeTokens, socialAccounts, type UserRow } from '../../server/src/db/schema.ts';
import { createTestContext, hostOf, post, type TestContext } from '../../server/src/test/app.ts';
import { buildPost, buildUser, sessionFor } from '../../server/src/test/factories.ts';
import { buildTenants, type Tenants } from '../../server/src/test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

async function linkStates(user: UserRow) {
  // (drizzle-orm is the server's dependency, so the rows are filtered here.)
  const rows = (await t.db.select().from(oneTimeTokens)).filter((row) => row.userId === user.id && row.kind === 'social-link-state');
  return rows.map((row) => (row.data as { network: string }).network).sort();
}

it('50 share calls without a linked network keep one link-flow token per member and network, and the newest flow links', async () => {
  const user = await buildUser(t.db, [{ company: f.acme }]);
  const other = await buildUser(t.db, [{ company: f.acme }]);
  const token = await sessionFor(t.db, user, f.acme);
  const otherToken = await sessionFor(t.db, other, f.acme);
  const row = await buildPost(t.db, f.acme);
  const share = (network: string, session = token) => post(t.app, 'acme', `/api/v3/share/${network}/${row.id}`, { content: 'Not linked yet' }, session);

  const urls: string[] = [];
  for (let i = 0; i < 25; i += 1) {
    const answers = await Promise.all([share('linkedin'), share('linkedin')]);
    for (const answer of answers) {
      const body = ShareResponse.parse(answer.json());
      expect(body.error).toBe(203);
      urls.push(body.url ?? '');
    }
  }
  expect(await linkStates(user)).toEqual(['linkedin']);
  // Another network has its own state; another member keeps theirs.
  expect(ShareResponse.parse((await share('twitter')).json()).error).toBe(203);
  const theirs = ShareResponse.parse((await share('linkedin', otherToken)).json());
  expect(theirs.error).toBe(203);
  expect(await linkStates(user)).toEqual(['linkedin', 'twitter']);
  expect(await linkStates(other)).toEqual(['linkedin']);

  // The flow of the newest answer links the network; a replaced one does not.
  const nav = (url: URL) => t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: hostOf('acme'), accept: 'text/html', cookie: `${AUTH_COOKIE}=${token}` } });
  const decided = async (consentUrl: string) => {
    const consent = new URL(consentUrl);
    const decide = new URL(consent.pathname.replace(/\/authorize$/, '/decide'), consent);
    decide.searchParams.set('state', consent.searchParams.get('state') ?? '');
    decide.searchParams.set('decision', 'allow');
    decide.searchParams.set('name', 'Linked');
    const callback = new URL(String((await nav(decide)).headers.location));
    return new URL(String((await nav(callback)).headers.location));
  };
  const stale = await decided(urls[0] ?? '');
  expect(stale.searchParams.get('social_error')).toBe('invalid');
  expect((await t.db.select().from(socialAccounts)).filter((l) => l.userId === user.id)).toEqual([]);
  const live = await decided(ShareResponse.parse((await share('linkedin')).json()).url ?? '');
  expect(live.searchParams.get('social_error')).toBeNull();
  const links = (await t.db.select().from(socialAccounts)).filter((l) => l.userId === user.id);
  expect(links.map((l) => l.network)).toEqual([3]);
  // Linked now: the share goes through and writes no further state.
  expect(ShareResponse.parse((await share('linkedin')).json()).error).toBeNull();
  expect(await linkStates(user)).toEqual(['linkedin', 'twitter']);
});
