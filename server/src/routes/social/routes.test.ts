import { AUTH_COOKIE, ErrorCode, FacebookStatusResponse, LANGUAGE_COOKIE, LinkedNetwork, SocialNetworksResponse, type LinkableNetwork } from '@chorus/core';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../auth/sessions.ts';
import { socialTokensOf } from '../../commands/social-link.ts';
import { DEFAULT_FEATURE_TOGGLES } from '../../db/defaults.ts';
import { oneTimeTokens, socialAccounts, type CompanyRow, type UserRow } from '../../db/schema.ts';
import { createTestContext, get, hostOf, post, type TestContext } from '../../test/app.ts';
import { buildCompany, buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;
/** A company with X turned off, and a member of it. */
let noTwitter: CompanyRow;
let noTwitterUser: UserRow;
let noTwitterToken: string;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  noTwitter = await buildCompany(t.db, { subdomain: 'notwitter', featureToggles: { ...DEFAULT_FEATURE_TOGGLES, twitter_enabled: false } });
  noTwitterUser = await buildUser(t.db, [{ company: noTwitter }]);
  noTwitterToken = await sessionFor(t.db, noTwitterUser);
});
afterAll(() => t.close());

function location(res: LightMyRequestResponse): URL {
  const header = res.headers.location;
  if (typeof header !== 'string') throw new Error(`expected a redirect, got ${res.statusCode}: ${res.body}`);
  return new URL(header, `http://${hostOf('acme')}`);
}

/** A browser navigation on a company host, carrying the session cookie as the web app keeps it. */
function navigate(subdomain: string, url: URL | string, token?: string): Promise<LightMyRequestResponse> {
  const target = typeof url === 'string' ? url : `${url.pathname}${url.search}`;
  const headers: Record<string, string> = { host: hostOf(subdomain), accept: 'text/html' };
  if (token) headers.cookie = `${AUTH_COOKIE}=${token}`;
  return t.app.inject({ method: 'GET', url: target, headers });
}

/** POST link-{network}: the consent url. */
async function startLink(subdomain: string, token: string, network: LinkableNetwork, body: Record<string, unknown> = {}): Promise<URL> {
  const res = await post(t.app, subdomain, `/api/v1/social/link-${network}`, body, token);
  expect(res.statusCode).toBe(200);
  return new URL((res.json() as { url: string }).url);
}

/** Consent page, Allow with an account name: the callback url the sandbox network sends the browser to. */
async function consent(subdomain: string, token: string, consentUrl: URL, name: string): Promise<URL> {
  const page = await navigate(subdomain, consentUrl, token);
  expect(page.statusCode).toBe(200);
  const decide = new URL(`${consentUrl.pathname.replace(/authorize$/, 'decide')}`, consentUrl);
  decide.searchParams.set('state', consentUrl.searchParams.get('state') ?? '');
  decide.searchParams.set('decision', 'allow');
  decide.searchParams.set('name', name);
  return location(await navigate(subdomain, decide, token));
}

/** The whole round trip: link, consent, callback; the url the browser ends on. */
async function linkThroughSandbox(subdomain: string, token: string, network: LinkableNetwork, name: string, body: Record<string, unknown> = {}): Promise<URL> {
  const callback = await consent(subdomain, token, await startLink(subdomain, token, network, body), name);
  return location(await navigate(subdomain, callback, token));
}

async function networks(subdomain: string, token: string): Promise<SocialNetworksResponse> {
  const res = await get(t.app, subdomain, '/api/v1/social/networks', token);
  expect(res.statusCode).toBe(200);
  return SocialNetworksResponse.parse(res.json());
}

describe('GET /api/v1/social/networks', () => {
  it('gives an empty object for each enabled network that is not linked', async () => {
    expect(await networks('acme', f.tokens.acmeAdmin)).toEqual({ twitter: {}, facebook: {}, linkedin: {} });
  });

  it('leaves out networks the company turned off', async () => {
    expect(await networks('notwitter', noTwitterToken)).toEqual({ facebook: {}, linkedin: {} });
  });

  it('needs a session', async () => {
    const res = await get(t.app, 'acme', '/api/v1/social/networks');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ErrorCode.NOT_SIGNED_IN);
  });

  it('refuses a user of another company', async () => {
    const res = await get(t.app, 'acme', '/api/v1/social/networks', f.tokens.globexUser);
    expect(res.statusCode).toBe(401);
  });
});

describe('linking through the sandbox network', () => {
  it('comes back to the share resume route it was given, and ignores any other return path', async () => {
    const returnTo = '/post-share/twitter/7?content=Hello%20there';
    const back = await linkThroughSandbox('acme', f.tokens.acmeAdmin, 'twitter', 'Resumed at X', { return_to: returnTo });
    expect(`${back.pathname}${back.search}`).toBe(returnTo);
    await post(t.app, 'acme', '/api/v1/social/unlink-twitter', {}, f.tokens.acmeAdmin);
    for (const elsewhere of ['https://evil.example/post-share/twitter/7', '//evil.example/post-share/x', '/settings?x=1', '/post-sharex']) {
      const landed = await linkThroughSandbox('acme', f.tokens.acmeAdmin, 'twitter', 'Elsewhere', { return_to: elsewhere });
      expect(landed.href).toBe('http://acme.localhost:3000/settings?network=twitter');
      await post(t.app, 'acme', '/api/v1/social/unlink-twitter', {}, f.tokens.acmeAdmin);
    }
  });

  it('links LinkedIn, shows it, chooses a company page, goes back to personal and unlinks', async () => {
    const token = f.tokens.acmeUser;
    const consentUrl = await startLink('acme', token, 'linkedin', { is_element: false, onboarding: false });
    expect(consentUrl.origin).toBe('http://acme.localhost:3000');
    expect(consentUrl.pathname).toBe('/api/v1/social/sandbox/linkedin/authorize');
    const state = consentUrl.searchParams.get('state') ?? '';
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored hashed, bound to the user and company.
    const [stored] = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.tokenHash, hashToken(state)));
    expect(stored).toMatchObject({ kind: 'social-link-state', userId: f.acmeUser.id, companyId: f.acme.id });

    const page = await navigate('acme', consentUrl, token);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<h1>Link your LinkedIn account (sandbox)</h1>');
    expect(page.body).toContain('Acme Corporation asks to share posts to LinkedIn');

    const callback = await consent('acme', token, consentUrl, 'Sam at LinkedIn');
    expect(callback.pathname).toBe('/api/v1/social/callback/linkedin');
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const landed = location(await navigate('acme', callback, token));
    expect(landed.href).toBe('http://acme.localhost:3000/settings?network=linkedin');

    const res = await get(t.app, 'acme', '/api/v1/social/networks', token);
    expect(res.body).not.toContain('sandbox-');
    expect(res.body).not.toContain('token');
    const linkedin = LinkedNetwork.parse(SocialNetworksResponse.parse(res.json()).linkedin);
    expect(linkedin).toMatchObject({ username: 'Sam at LinkedIn', linkedAccountName: 'Sam at LinkedIn', is_active: true, page_id: null });
    expect(linkedin.pages.map((p) => p.name)).toEqual(['Acme Corporation', 'Acme Corporation Careers']);
    const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.userId, f.acmeUser.id));
    expect(row?.network).toBe(3);
    // Encrypted at rest (finding 17); the app reads the network's token back.
    expect(row?.accessToken).toMatch(/^v1:/);
    expect(row && socialTokensOf(t.config, row).accessToken).toMatch(/^sandbox-/);

    const companyPage = linkedin.pages[1]?.id ?? '';
    const chosen = await post(t.app, 'acme', '/api/v1/social/use-page', { action: 'use-company', company: companyPage }, token);
    expect(chosen.statusCode).toBe(200);
    expect(LinkedNetwork.parse(chosen.json()).page_id).toBe(companyPage);
    expect(chosen.body).not.toContain('sandbox-');
    expect(LinkedNetwork.parse((await networks('acme', token)).linkedin).page_id).toBe(companyPage);

    const personal = await post(t.app, 'acme', '/api/v1/social/use-page', { action: 'use-company', company: null }, token);
    expect(LinkedNetwork.parse(personal.json()).page_id).toBeNull();

    const unlinked = await post(t.app, 'acme', '/api/v1/social/unlink-linkedin', {}, token);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toEqual({ success: true });
    expect((await networks('acme', token)).linkedin).toEqual({});
    const again = await post(t.app, 'acme', '/api/v1/social/unlink-linkedin', {}, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ErrorCode.NETWORK_NOT_LINKED);
  });

  it('refuses a replayed state and a replayed code', async () => {
    const token = f.tokens.acmeAdmin;
    const callback = await consent('acme', token, await startLink('acme', token, 'twitter'), 'Avery on X');
    expect(location(await navigate('acme', callback, token)).searchParams.get('social_error')).toBeNull();
    const replay = location(await navigate('acme', callback, token));
    expect(replay.pathname).toBe('/settings');
    expect(replay.searchParams.get('social_error')).toBe('invalid');

    // A fresh state cannot carry a code that was already exchanged.
    const fresh = await startLink('acme', token, 'twitter');
    const withOldCode = new URL(callback);
    withOldCode.searchParams.set('state', fresh.searchParams.get('state') ?? '');
    expect(location(await navigate('acme', withOldCode, token)).searchParams.get('social_error')).toBe('invalid');
  });

  it('accepts the callback only from the user who started the link', async () => {
    const callback = await consent('acme', f.tokens.multi, await startLink('acme', f.tokens.multi, 'facebook'), 'Stranger');
    expect(location(await navigate('acme', callback, f.tokens.acmeAdmin)).searchParams.get('social_error')).toBe('invalid');
    expect(location(await navigate('acme', callback)).searchParams.get('social_error')).toBe('invalid');
    expect((await networks('acme', f.tokens.acmeAdmin)).facebook).toEqual({});
    // The refused attempts used nothing up: the owner still finishes the link.
    expect(location(await navigate('acme', callback, f.tokens.multi)).searchParams.get('social_error')).toBeNull();
    expect(LinkedNetwork.parse((await networks('acme', f.tokens.multi)).facebook).username).toBe('Stranger');
  });

  it('does not accept a state of another company', async () => {
    const callback = await consent('acme', f.tokens.multi, await startLink('acme', f.tokens.multi, 'twitter'), 'Taylor');
    const atGlobex = location(await navigate('globex', callback, f.tokens.multiGlobex));
    expect(atGlobex.host).toBe('globex.localhost:3000');
    expect(atGlobex.searchParams.get('social_error')).toBe('invalid');
  });

  it('returns to onboarding when linking from onboarding, and reports a denial', async () => {
    const token = f.tokens.multi;
    const consentUrl = await startLink('acme', token, 'twitter', { onboarding: 1 });
    const deny = new URL(consentUrl.href.replace('/authorize', '/decide'));
    deny.searchParams.set('decision', 'deny');
    const callback = location(await navigate('acme', deny, token));
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.has('code')).toBe(false);
    const back = location(await navigate('acme', callback, token));
    expect(`${back.pathname}${back.search}`).toBe('/onboarding?slide=1&social_error=denied');

    const linked = await linkThroughSandbox('acme', token, 'twitter', 'Taylor on X', { onboarding: true });
    expect(`${linked.pathname}${linked.search}`).toBe('/onboarding?slide=1');
  });

  it('asks again for an empty account name', async () => {
    const consentUrl = await startLink('acme', f.tokens.acmeAdmin, 'facebook');
    const decide = new URL(consentUrl.href.replace('/authorize', '/decide'));
    decide.searchParams.set('decision', 'allow');
    const res = await navigate('acme', decide, f.tokens.acmeAdmin);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Please enter an account name.');
  });

  it('relinks an inactive account, keeping its chosen page', async () => {
    const user = await buildUser(t.db, [{ company: f.acme }]);
    const token = await sessionFor(t.db, user);
    await linkThroughSandbox('acme', token, 'facebook', 'Relinker');
    const facebook = LinkedNetwork.parse((await networks('acme', token)).facebook);
    const pageId = facebook.pages[0]?.id ?? '';
    expect((await post(t.app, 'acme', '/api/v1/social/use-page', { action: 'use-page', page: pageId }, token)).statusCode).toBe(200);
    await t.db.update(socialAccounts).set({ isActive: false }).where(eq(socialAccounts.userId, user.id));
    expect(LinkedNetwork.parse((await networks('acme', token)).facebook).is_active).toBe(false);

    await linkThroughSandbox('acme', token, 'facebook', 'Relinker');
    const rows = await t.db.select().from(socialAccounts).where(and(eq(socialAccounts.userId, user.id), eq(socialAccounts.network, 2)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ isActive: true, pageId });
  });

  it('shows the consent page in the user’s own language, else the language cookie, else the browser’s', async () => {
    const page = (url: URL, headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: hostOf('acme'), accept: 'text/html', ...headers } });
    const consentUrl = await startLink('acme', f.tokens.acmeUser, 'linkedin');

    // Without the session cookie the page cannot know the user: the visitor's language.
    const french = await page(consentUrl, { 'accept-language': 'fr-CA' });
    expect(french.statusCode).toBe(200);
    expect(french.body).toContain('<html lang="fr-CA">');
    expect(french.body).toContain('<h1>Associer votre compte LinkedIn (bac à sable)</h1>');
    const german = await page(consentUrl, { 'accept-language': 'fr-CA', cookie: `${LANGUAGE_COOKIE}=de-DE` });
    expect(german.body).toContain('<html lang="de-DE">');
    expect(german.body).toContain('<h1>Ihr Konto bei LinkedIn verknüpfen (Sandbox)</h1>');

    // Signed in, the user's stored language wins over the cookie and the browser.
    const english = await page(consentUrl, { 'accept-language': 'fr-CA', cookie: `${AUTH_COOKIE}=${f.tokens.acmeUser}; ${LANGUAGE_COOKIE}=de-DE` });
    expect(english.body).toContain('<html lang="en-US">');
    expect(english.body).toContain('<h1>Link your LinkedIn account (sandbox)</h1>');
    const spanish = await buildUser(t.db, [{ company: f.acme }], { language: 'es-ES' });
    const spanishToken = await sessionFor(t.db, spanish);
    const spanishConsent = await startLink('acme', spanishToken, 'twitter');
    const own = await page(spanishConsent, { 'accept-language': 'fr-CA', cookie: `${AUTH_COOKIE}=${spanishToken}; ${LANGUAGE_COOKIE}=de-DE` });
    expect(own.body).toContain('<html lang="es-ES">');
    expect(own.body).toContain('<h1>Vincular tu cuenta de Twitter (entorno de pruebas)</h1>');

    const decide = new URL(spanishConsent.href.replace('/authorize', '/decide'));
    decide.searchParams.set('decision', 'allow');
    const noName = await page(decide, { cookie: `${AUTH_COOKIE}=${spanishToken}` });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain('Introduce un nombre de cuenta.');
  });
});

describe('POST /api/v1/social/link-{network}', () => {
  it('refuses networks that cannot be linked', async () => {
    const res = await post(t.app, 'acme', '/api/v1/social/link-instagram', {}, f.tokens.acmeUser);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(ErrorCode.NOT_FOUND);
  });

  it('refuses a network the company turned off', async () => {
    const res = await post(t.app, 'notwitter', '/api/v1/social/link-twitter', {}, noTwitterToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(ErrorCode.FORBIDDEN);
  });

  it('validates its flags', async () => {
    const res = await post(t.app, 'acme', '/api/v1/social/link-twitter', { is_element: 'yes' }, f.tokens.acmeUser);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('needs a session, of this company', async () => {
    expect((await post(t.app, 'acme', '/api/v1/social/link-twitter', {})).statusCode).toBe(401);
    expect((await post(t.app, 'acme', '/api/v1/social/link-twitter', {}, f.tokens.globexUser)).statusCode).toBe(401);
  });

  it('serves no consent page for a network the company turned off', async () => {
    const res = await navigate('notwitter', '/api/v1/social/sandbox/twitter/authorize?state=x', noTwitterToken);
    expect(res.statusCode).toBe(403);
  });

  it('sends an unknown state away from the consent page', async () => {
    const res = await navigate('acme', '/api/v1/social/sandbox/twitter/authorize?state=nonsense', f.tokens.acmeUser);
    expect(location(res).searchParams.get('social_error')).toBe('invalid');
  });
});

describe('POST /api/v1/social/unlink-{network}', () => {
  it('refuses a network the company turned off', async () => {
    const res = await post(t.app, 'notwitter', '/api/v1/social/unlink-twitter', {}, noTwitterToken);
    expect(res.statusCode).toBe(403);
  });

  it('needs a session, of this company', async () => {
    expect((await post(t.app, 'acme', '/api/v1/social/unlink-twitter', {})).statusCode).toBe(401);
    expect((await post(t.app, 'acme', '/api/v1/social/unlink-twitter', {}, f.tokens.globexUser)).statusCode).toBe(401);
  });

  it('cannot remove another user’s link', async () => {
    const owner = await buildUser(t.db, [{ company: f.globex }]);
    const ownerToken = await sessionFor(t.db, owner);
    await linkThroughSandbox('globex', ownerToken, 'linkedin', 'Globex owner');
    const res = await post(t.app, 'acme', '/api/v1/social/unlink-linkedin', {}, f.tokens.globexUser);
    expect(res.statusCode).toBe(401);
    expect(await t.db.select().from(socialAccounts).where(eq(socialAccounts.userId, owner.id))).toHaveLength(1);
  });
});

describe('POST /api/v1/social/use-page', () => {
  it('validates the action and its page', async () => {
    for (const body of [{}, { action: 'use-page' }, { action: 'use-other', page: 'x' }, { action: 'use-company', company: '' }]) {
      const res = await post(t.app, 'acme', '/api/v1/social/use-page', body, f.tokens.acmeUser);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    }
  });

  it('refuses a page the account does not have', async () => {
    const user = await buildUser(t.db, [{ company: f.acme }]);
    const token = await sessionFor(t.db, user);
    await linkThroughSandbox('acme', token, 'facebook', 'Page picker');
    const res = await post(t.app, 'acme', '/api/v1/social/use-page', { action: 'use-page', page: 'someone-elses-page' }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: ErrorCode.MISSING_OR_INCORRECT, issues: [{ path: 'page' }] });
  });

  it('says 310 for a network that is not linked', async () => {
    const user = await buildUser(t.db, [{ company: f.acme }]);
    const res = await post(t.app, 'acme', '/api/v1/social/use-page', { action: 'use-page', page: null }, await sessionFor(t.db, user));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(ErrorCode.NETWORK_NOT_LINKED);
  });

  it('refuses a network the company turned off', async () => {
    const company = await buildCompany(t.db, { featureToggles: { ...DEFAULT_FEATURE_TOGGLES, facebook_enabled: false } });
    const user = await buildUser(t.db, [{ company }]);
    const res = await post(t.app, company.subdomain, '/api/v1/social/use-page', { action: 'use-page', page: null }, await sessionFor(t.db, user));
    expect(res.statusCode).toBe(403);
  });

  it('needs a session, of this company', async () => {
    expect((await post(t.app, 'acme', '/api/v1/social/use-page', { action: 'use-page', page: null })).statusCode).toBe(401);
    expect((await post(t.app, 'acme', '/api/v1/social/use-page', { action: 'use-page', page: null }, f.tokens.globexUser)).statusCode).toBe(401);
  });
});

describe('GET /api/v1/social/networks/facebook', () => {
  it('gives the account id and chosen page, or nulls', async () => {
    const user = await buildUser(t.db, [{ company: f.acme }]);
    const token = await sessionFor(t.db, user);
    const before = await get(t.app, 'acme', '/api/v1/social/networks/facebook', token);
    expect(FacebookStatusResponse.parse(before.json())).toEqual({ page_id: null, id: null });

    await linkThroughSandbox('acme', token, 'facebook', 'Fiona Page');
    const facebook = LinkedNetwork.parse((await networks('acme', token)).facebook);
    const pageId = facebook.pages[0]?.id ?? '';
    await post(t.app, 'acme', '/api/v1/social/use-page', { action: 'use-page', page: pageId }, token);
    const after = await get(t.app, 'acme', '/api/v1/social/networks/facebook', token);
    expect(after.json()).toEqual({ page_id: pageId, id: facebook.id });
  });

  it('refuses when the company turned Facebook off', async () => {
    const company = await buildCompany(t.db, { featureToggles: { ...DEFAULT_FEATURE_TOGGLES, facebook_enabled: false } });
    const user = await buildUser(t.db, [{ company }]);
    const res = await get(t.app, company.subdomain, '/api/v1/social/networks/facebook', await sessionFor(t.db, user));
    expect(res.statusCode).toBe(403);
  });

  it('needs a session, of this company', async () => {
    expect((await get(t.app, 'acme', '/api/v1/social/networks/facebook')).statusCode).toBe(401);
    expect((await get(t.app, 'acme', '/api/v1/social/networks/facebook', f.tokens.globexUser)).statusCode).toBe(401);
  });
});
