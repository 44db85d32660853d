/**
 * Findings 4 and 11 (issue 52): a LinkedIn mention's display `name` came from the request and
 * went into the published text unchecked and unescaped (prohibited terms and `](` passed), the
 * link preview's title and description were published unchecked, and the mention URN was
 * doubled (`urn:li:organization:urn:li:organization:…`), which breaks every real mention.
 * Now the name comes from the Organization Lookup API, mentions travel as spans beside the
 * text (the connector writes the markup, so a caption's own markup stays words), the whole
 * published text and the preview are checked against the company's rules, and the URN is
 * written once. Tried against the LinkedIn fake with the Posts API's wire format.
 */
import { ErrorCode, Network, type Mention } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedTokens } from '../../server/src/commands/social-link.ts';
import { companies, companyCompliance, shares, socialAccounts, type CompanyRow, type PostRow, type UserRow } from '../../server/src/db/schema.ts';
import { deliverShare } from '../../server/src/jobs/deliver-share.ts';
import { connectorPublisher } from '../../server/src/jobs/deliver-share-publisher.ts';
import { createTestContext, post, type TestContext } from '../../server/src/test/app.ts';
import { buildCompany, buildPost, buildUser, sessionFor } from '../../server/src/test/factories.ts';
import { startFakeLinkedinApi, type FakeLinkedinApi } from '../../server/src/test/fakes/linkedin-api.ts';
import { eq } from '../../server/src/test/rows.ts';

let t: TestContext;
let li: FakeLinkedinApi;
let company: CompanyRow;
let target: PostRow;
let user: UserRow;
let token: string;

function mention(values: Partial<Mention> = {}): Mention {
  return { account_id: 'urn:li:organization:1337', account_type: 'organization', index: 5, name: 'LinkedIn', mention_text: '@Link', screen_name: null, ...values };
}

function shareTo(body: Record<string, unknown>) {
  return post(t.app, company.subdomain, `/api/v3/share/linkedin/${target.id}`, { channel_id: 1, ...body }, token);
}

/** The commentary of the newest post LinkedIn received. */
function lastCommentary(): string | undefined {
  return li.posts.at(-1)?.body.commentary as string | undefined;
}

async function sharesOfUser(): Promise<number> {
  return (await t.db.select().from(shares).where(eq(shares.userId, user.id))).length;
}

beforeAll(async () => {
  li = await startFakeLinkedinApi();
  li.tokens.set('li-mention-token', 'li-mentioner');
  li.organizations.set('1337', 'LinkedIn');
  li.organizations.set('4242', 'Guaranteed Returns Ltd');
  t = await createTestContext({ env: { LINKEDIN_CLIENT_ID: 'li-client', LINKEDIN_CLIENT_SECRET: 'li-secret', LINKEDIN_API_BASE_URL: li.baseUrl, CHORUS_FETCH_ALLOW_ADDRESSES: '127.0.0.1' } });
  company = await buildCompany(t.db);
  await t.db.update(companies).set({ featureToggles: { ...company.featureToggles, compliance_enabled: true } }).where(eq(companies.id, company.id));
  await t.db.insert(companyCompliance).values({ companyId: company.id, prohibited: ['guaranteed returns'] });
  target = await buildPost(t.db, company, { url: 'https://example.com/mentions' });
  user = await buildUser(t.db, [{ company }]);
  token = await sessionFor(t.db, user, company);
  await t.db.insert(socialAccounts).values({ userId: user.id, network: Network.LINKEDIN, externalId: 'li-mentioner', username: 'Mentioner', ...storedTokens(t.config, { accessToken: 'li-mention-token', refreshToken: null }) });
});

afterAll(async () => {
  await t.close();
  await li.close();
});

describe('findings 4 and 11: LinkedIn mentions and the preview', () => {
  it('publishes the mention once-URN with the lookup name, whatever name the request gave', async () => {
    const res = await shareTo({ content: `Meet @Link ${Date.now()}`, mentions: [mention({ name: 'Totally ](urn:li:organization:1) Not' })] });
    expect(res.json()).toMatchObject({ error: null, share: { state: 'published' } });
    const commentary = lastCommentary() ?? '';
    expect(commentary).toMatch(/^Meet @\[LinkedIn\]\(urn:li:organization:1337\) \d+$/);
    expect(commentary).not.toContain('urn:li:organization:urn:li');
    expect(commentary).not.toContain('Totally');
  });

  it('takes a bare organization id and writes its URN once', async () => {
    const res = await shareTo({ content: `Meet @Link again ${Date.now()}`, mentions: [mention({ account_id: '1337' })] });
    expect(res.json()).toMatchObject({ error: null, share: { state: 'published' } });
    expect(lastCommentary()).toContain('@[LinkedIn](urn:li:organization:1337)');
  });

  it("keeps a caption's own mention markup as escaped words (no injected mention)", async () => {
    const res = await shareTo({ content: `See @[Evil](urn:li:organization:1) ${Date.now()}`, mentions: [] });
    expect(res.json()).toMatchObject({ error: null, share: { state: 'published' } });
    expect(lastCommentary()).toMatch(/^See \\@\\\[Evil\\\]\\\(urn:li:organization:1\\\) \d+$/);
  });

  it('checks the published text: an organization whose name is a prohibited term is refused (470), nothing sent', async () => {
    const before = li.posts.length;
    const count = await sharesOfUser();
    const res = await shareTo({ content: 'Meet @Link today', mentions: [mention({ account_id: 'urn:li:organization:4242', name: 'Harmless' })] });
    expect(res.json().error).toBe(ErrorCode.REPHRASE);
    expect(li.posts.length).toBe(before);
    expect(await sharesOfUser()).toBe(count);
  });

  it('refuses a mention LinkedIn does not know, or a person it cannot look up (201), nothing sent', async () => {
    const before = li.posts.length;
    const count = await sharesOfUser();
    for (const bad of [mention({ account_id: 'urn:li:organization:999' }), mention({ account_id: 'urn:li:person:42', account_type: 'person' }), mention({ account_id: 'urn:li:organization:urn:li:organization:1337' })]) {
      const res = await shareTo({ content: 'Meet @Link today', mentions: [bad] });
      expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    }
    expect(li.posts.length).toBe(before);
    expect(await sharesOfUser()).toBe(count);
  });

  it("checks the link preview's title and description against the company's rules (470)", async () => {
    const before = li.posts.length;
    for (const snippet of [{ title: 'Guaranteed returns inside', description: null }, { title: 'Fine', description: 'Our guaranteed returns' }]) {
      const res = await shareTo({ content: 'A fine caption', mentions: [], snippet: { domain: null, image: null, ...snippet } });
      expect(res.json().error).toBe(ErrorCode.REPHRASE);
    }
    expect(li.posts.length).toBe(before);
  });

  it('a queued share with a mention publishes it at its time with the lookup name and one URN', async () => {
    const content = `Queued @Link ${Date.now()}`;
    const res = await post(t.app, company.subdomain, '/api/v4/post/deferred', { network: Network.LINKEDIN, post: target.id, time: new Date(Date.now() + 86_400_000).toISOString(), content, mentions: [mention({ index: 7, name: 'Evil ](x)' })] }, token);
    expect(res.statusCode).toBe(200);
    const id = (res.json() as { id: number }).id;
    await t.db.update(shares).set({ dueAt: new Date(Date.now() - 1000) }).where(eq(shares.id, id));
    const deps = { db: t.db, publisher: connectorPublisher({ db: t.db, config: t.config, media: t.app.chorus.media }), leaseMs: 60_000 };
    expect(await deliverShare(deps, id)).toBe('published');
    expect(lastCommentary()).toMatch(/^Queued @\[LinkedIn\]\(urn:li:organization:1337\) \d+$/);
  });
});
