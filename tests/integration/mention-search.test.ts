/**
 * v2 `GET /api/v2/social/{networkId}/search`: LinkedIn mention candidates, from the real API's
 * Organization Lookup (against a local fake of it, through the SSRF guard) or, for a sandbox
 * link, from the demo directory; 310 when LinkedIn is not linked, 202 with the spec's message
 * when the search fails.
 */
import { ErrorCode, MentionSearchResponse, Network, linkedInMentionUrn, type Mention } from '@chorus/core';
import { linkedinCommentary } from '../../server/src/connectors/linkedin/linkedin-connector.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialAccounts, type UserRow } from '../../server/src/db/schema.ts';
import { NETWORK_SEARCH_FAILED_MESSAGE } from '../../server/src/errors.ts';
import { encryptSecret, keyringOf } from '../../server/src/lib/secrets.ts';
import { createTestContext, get, type TestContext } from '../../server/src/test/app.ts';
import { buildUser, sessionFor, updateCompany } from '../../server/src/test/factories.ts';
import { buildTenants, type Tenants } from '../../server/src/test/fixtures.ts';
import { startFakeLinkedInSearch, type FakeLinkedInSearch } from '../fakes/linkedin-search.ts';

const TOKEN = 'li-member-token';

let t: TestContext;
let f: Tenants;
let linkedin: FakeLinkedInSearch;
let realToken: string;
let sandboxToken: string;

async function link(user: UserRow, externalId: string, isActive = true): Promise<void> {
  await t.db.insert(socialAccounts).values({
    userId: user.id,
    network: Network.LINKEDIN,
    externalId,
    username: 'Linked Person',
    accessToken: encryptSecret(keyringOf(t.config), TOKEN, 'social_accounts.access_token'),
    isActive,
  });
}

const search = (token: string | undefined, q: string, networkId: number = Network.LINKEDIN, subdomain = 'acme') =>
  get(t.app, subdomain, `/api/v2/social/${networkId}/search?q=${encodeURIComponent(q)}&_=1700000000000`, token);

beforeAll(async () => {
  linkedin = await startFakeLinkedInSearch({
    token: TOKEN,
    organizations: [
      { id: 1337, localizedName: 'LinkedIn', vanityName: 'linkedin' },
      { id: 2414183, localizedName: "Ben & Jerry's", vanityName: 'ben-jerry-s' },
    ],
  });
  t = await createTestContext({ env: { LINKEDIN_API_BASE_URL: linkedin.url, CHORUS_FETCH_ALLOW_ADDRESSES: '127.0.0.1' } });
  f = await buildTenants(t.db);
  const real = await buildUser(t.db, [{ company: f.acme }]);
  await link(real, 'li-member-42');
  realToken = await sessionFor(t.db, real);
  const sandbox = await buildUser(t.db, [{ company: f.acme }]);
  await link(sandbox, 'sandbox:sam rivera');
  sandboxToken = await sessionFor(t.db, sandbox);
});
afterAll(async () => {
  await t.close();
  await linkedin.close();
});

describe('real LinkedIn: the Organization Lookup API with the member token', () => {
  it('finds the organization by vanity name and answers the Mention fields', async () => {
    const res = await search(realToken, 'LinkedIn');
    expect(res.statusCode).toBe(200);
    expect(MentionSearchResponse.parse(res.json()).objects).toEqual<Mention[]>([
      { account_id: 'urn:li:organization:1337', account_type: 'organization', index: 0, name: 'LinkedIn', mention_text: 'LinkedIn', screen_name: 'linkedin' },
    ]);
    const sent = linkedin.requests.at(-1);
    expect(sent).toMatchObject({ path: '/rest/organizations', query: { q: 'vanityName', vanityName: 'linkedin' }, authorization: `Bearer ${TOKEN}`, restli: '2.0.0' });
    expect(sent?.version).toMatch(/^\d{6}$/);
  });

  it('takes the allowed punctuation (- _ & \') and answers nothing for an unknown name', async () => {
    expect((await search(realToken, 'ben-jerry-s')).json().objects).toHaveLength(1);
    expect((await search(realToken, "ben&jerry's")).json()).toEqual({ objects: [] });
  });

  it("writes a chosen mention in LinkedIn's commentary format, its URN once", () => {
    expect(linkedInMentionUrn({ account_id: 'urn:li:organization:1337', account_type: 'organization' })).toBe('urn:li:organization:1337');
    expect(linkedInMentionUrn({ account_id: '1337', account_type: 'organization' })).toBe('urn:li:organization:1337');
    expect(linkedInMentionUrn({ account_id: 'urn:li:organization:urn:li:organization:1337', account_type: 'organization' })).toBeNull();
    expect(linkedinCommentary('Hi A (B) [C]', [{ start: 3, length: 9, urn: 'urn:li:organization:7' }])).toBe('Hi @[A \\(B\\) \\[C\\]](urn:li:organization:7)');
  });

  it.each([401, 500, 429])("answers 202 'There was an error searching this network.' when LinkedIn answers %i", async (status) => {
    linkedin.failWith(status);
    try {
      const res = await search(realToken, 'linkedin');
      expect(res.json()).toEqual({ error: ErrorCode.UNKNOWN, message: NETWORK_SEARCH_FAILED_MESSAGE });
    } finally {
      linkedin.failWith(null);
    }
  });
});

describe('sandbox LinkedIn: the demo directory', () => {
  it.each<[string, string[]]>([
    ['cont', ['Contoso']],
    ['WORLD', ['Wide World Importers']],
    ["margie's", ["Margie's Travel"]],
    ['tailspin-toys', ['Tailspin Toys']],
    ['zzz', []],
  ])('%s', async (q, names) => {
    const res = await search(sandboxToken, q);
    expect(res.statusCode).toBe(200);
    const objects = MentionSearchResponse.parse(res.json()).objects;
    expect(objects.map((m) => m.name)).toEqual(names);
    for (const mention of objects) expect(mention).toMatchObject({ account_type: 'organization', account_id: expect.stringMatching(/^urn:li:organization:\d+$/), mention_text: mention.name });
  });
});

describe('refusals', () => {
  it('answers 310 when LinkedIn is not linked, or must be relinked', async () => {
    expect((await search(f.tokens.acmeUser, 'contoso')).json().error).toBe(ErrorCode.NETWORK_NOT_LINKED);
    const stale = await buildUser(t.db, [{ company: f.acme }]);
    await link(stale, 'li-member-43', false);
    expect((await search(await sessionFor(t.db, stale), 'contoso')).json().error).toBe(ErrorCode.NETWORK_NOT_LINKED);
  });

  it.each<[string, string, number]>([
    ['fewer than 3 characters', 'ab', Network.LINKEDIN],
    ['a space', 'ab cd', Network.LINKEDIN],
    ['other punctuation', 'acme!', Network.LINKEDIN],
    ['another network (X)', 'contoso', Network.TWITTER],
    ['another network (Facebook)', 'contoso', Network.FACEBOOK],
    ['no network', 'contoso', 0],
  ])('refuses %s with 201', async (_name, q, networkId) => {
    const res = await search(sandboxToken, q, networkId);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('refuses a company that turned LinkedIn off (403)', async () => {
    await updateCompany(t.db, f.acme.id, { featureToggles: { ...f.acme.featureToggles, linkedin_enabled: false } });
    try {
      // Once the host's company cache (two seconds) has the change.
      await expect.poll(async () => (await search(sandboxToken, 'contoso')).json().error, { timeout: 10_000, interval: 200 }).toBe(ErrorCode.FORBIDDEN);
    } finally {
      await updateCompany(t.db, f.acme.id, { featureToggles: f.acme.featureToggles });
    }
    await expect.poll(async () => (await search(sandboxToken, 'contoso')).statusCode, { timeout: 10_000, interval: 200 }).toBe(200);
  });

  it('answers 401 without a session and to a session of another company', async () => {
    expect((await search(undefined, 'contoso')).statusCode).toBe(401);
    expect((await search(sandboxToken, 'contoso', Network.LINKEDIN, 'globex')).statusCode).toBe(401);
  });
});
