import { request } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { DEMO_PASSWORD, DEMO_USERS, companyOrigin } from './support/demo.ts';
import { acmeInvite } from './support/invites.ts';
import { expectFeed, signInWithEmail } from './support/sign-in.ts';
import { chooseMenuItem, openMenu } from './support/menus.ts';
import { postAsSite, waitForMail } from './support/outbox.ts';

/** A fresh password that meets the policy (fresh users only: demo users are shared by every spec). */
const FRESH_PASSWORD = 'Fresh!pass26';
const WARNING_TITLE = 'Time zone mismatch';

interface FreshUser {
  id: number;
  email: string;
  token: string;
}

/** An API call on a company site: Node does not resolve `*.localhost`, so the Host header picks the tenant. */
async function siteRequest(baseURL: string | undefined, subdomain: string, token?: string) {
  const site = new URL(companyOrigin(baseURL, subdomain));
  return request.newContext({
    baseURL: `http://127.0.0.1:${site.port}`,
    extraHTTPHeaders: { Host: site.host, ...(token ? { 'X-AUTH-TOKEN': token } : {}) },
  });
}

/**
 * A new Acme user (through the seeded group invite, saved time zone UTC, the address confirmed)
 * who has skipped onboarding, so the feed opens directly. Specs change only such users' settings.
 */
async function freshAcmeUser(baseURL: string | undefined, label: string): Promise<FreshUser> {
  const email = `top-bar-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@acme.example`;
  const since = new Date(Date.now() - 1000).toISOString();
  const api = await siteRequest(baseURL, 'acme');
  const signUp = await api.post(`/api/v1/auth/sign-up/invite/${encodeURIComponent(acmeInvite(1).code)}`, {
    data: { first_name: 'Tess', last_name: 'Zone', username: email, password: FRESH_PASSWORD, confirm_password: FRESH_PASSWORD },
  });
  expect(signUp.ok(), 'sign-up through the group invite').toBe(true);
  const { token, user } = (await signUp.json()) as { token: string; user: { id: number; timezone: string } };
  expect(user.timezone).toBe('UTC');
  await api.dispose();
  // Anyone may type any address on a group invite: it opens the app once the mailed link confirms it.
  const mail = await waitForMail(companyOrigin(baseURL, 'acme'), 'email-confirmation', email, since);
  const code = new URL(mail.links[0] ?? companyOrigin(baseURL, 'acme')).searchParams.get('code');
  expect(await postAsSite(companyOrigin(baseURL, 'acme'), '/api/v1/auth/email/confirm', { code }), `confirmation of ${email}`).toBe(200);
  const signedIn = await siteRequest(baseURL, 'acme', token);
  expect((await signedIn.post('/api/v1/cs/event', { data: { event: 'skipped' } })).ok(), 'skip onboarding').toBe(true);
  await signedIn.dispose();
  return { id: user.id, email, token };
}

async function savedTimezone(baseURL: string | undefined, user: FreshUser): Promise<string> {
  const api = await siteRequest(baseURL, 'acme', user.token);
  const response = await api.get(`/api/v1/user/${user.id}`);
  expect(response.ok()).toBe(true);
  const { timezone } = (await response.json()) as { timezone: string };
  await api.dispose();
  return timezone;
}

async function signInFresh(page: Page, user: FreshUser): Promise<void> {
  await page.goto('/sign-in');
  await signInWithEmail(page, user.email, FRESH_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Latest' })).toBeVisible();
}

/** The user menu has loaded (a lazy chunk), so the top bar is complete. */
async function expectTopBarLoaded(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
}

test.describe('time-zone mismatch warning', () => {
  // The saved zone of a fresh user is UTC; the browser is in Tokyo (UTC+9, no daylight saving).
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('shows the zones and its actions, and the top bar passes axe', async ({ page, baseURL }) => {
    const user = await freshAcmeUser(baseURL, 'show');
    await signInFresh(page, user);
    await expect(page.getByRole('banner').getByText(WARNING_TITLE)).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Your computer uses Asia/Tokyo, your settings use UTC.');
    await expect(page.getByRole('link', { name: 'Go to settings' })).toHaveAttribute('href', '/settings#application-timezone');
    await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ignore' })).toBeVisible();
    await expectTopBarLoaded(page);

    expect(await wcagViolations(page, 'header')).toEqual([]);
  });

  test('the page paints once with it: the cards do not move down when its code arrives late', async ({ page, baseURL }) => {
    const user = await freshAcmeUser(baseURL, 'first-paint');
    await signInFresh(page, user);
    await expect(page.getByRole('banner').getByText(WARNING_TITLE)).toBeVisible();
    // Where the page's content began in the frame that first showed a card.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('main article') === null) return;
        observer.disconnect();
        const top = document.querySelector('main')?.getBoundingClientRect().top ?? null;
        Object.assign(window, { __mainTopAtFirstCard: top });
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    // A slow network: the warning's code arrives well after the feed (routing also turns the cache off).
    await page.route(/\/assets\/timezone-warning-bar-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.reload();
    await expect(page.getByRole('banner').getByText(WARNING_TITLE)).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    const tops = await page.evaluate(() => ({
      atFirstCard: (window as unknown as { __mainTopAtFirstCard?: number | null }).__mainTopAtFirstCard ?? null,
      now: document.querySelector('main')?.getBoundingClientRect().top ?? null,
      scrolled: window.scrollY,
    }));
    expect(tops.scrolled).toBe(0);
    expect(tops.atFirstCard).not.toBeNull();
    expect(tops.now).toBe(tops.atFirstCard);
  });

  test('Ignore hides it for a week with an expiry cookie, across reloads', async ({ page, baseURL }) => {
    const user = await freshAcmeUser(baseURL, 'ignore');
    await signInFresh(page, user);
    const warning = page.getByRole('banner').getByText(WARNING_TITLE);
    await expect(warning).toBeVisible();

    const before = Date.now();
    await page.getByRole('button', { name: 'Ignore' }).click();
    await expect(warning).toHaveCount(0);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'timezone_warning_hidden_until');
    expect(cookie, 'the Ignore cookie').toBeDefined();
    const hiddenUntil = Number(cookie?.value);
    expect(hiddenUntil).toBeGreaterThanOrEqual(before + 604_800_000);
    expect(hiddenUntil).toBeLessThanOrEqual(Date.now() + 604_800_000);

    await page.reload();
    await expectFeed(page);
    await expectTopBarLoaded(page);
    await expect(warning).toHaveCount(0);

    // Without the cookie the same page warns again: the cookie is what hides it.
    await page.context().clearCookies({ name: 'timezone_warning_hidden_until' });
    await page.reload();
    await expect(warning).toBeVisible();
    expect(await savedTimezone(baseURL, user)).toBe('UTC');
  });

  test('a stale Ignore cookie no longer hides it', async ({ page, baseURL }) => {
    const user = await freshAcmeUser(baseURL, 'stale');
    const origin = new URL(companyOrigin(baseURL, 'acme'));
    await page.context().addCookies([{ name: 'timezone_warning_hidden_until', value: String(Date.now() - 1000), domain: origin.hostname, path: '/' }]);
    await signInFresh(page, user);
    await expect(page.getByRole('banner').getByText(WARNING_TITLE)).toBeVisible();
  });

  test('Update saves the system zone, confirms and hides the warning', async ({ page, baseURL }) => {
    const user = await freshAcmeUser(baseURL, 'update');
    await signInFresh(page, user);
    const warning = page.getByRole('banner').getByText(WARNING_TITLE);
    await expect(warning).toBeVisible();
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Timezone updated to match system timezone' })).toBeVisible();
    await expect(warning).toHaveCount(0);
    expect(await savedTimezone(baseURL, user)).toBe('Asia/Tokyo');

    await page.reload();
    await expectFeed(page);
    await expectTopBarLoaded(page);
    await expect(warning).toHaveCount(0);
  });
});

test.describe('time-zone match', () => {
  // Etc/UTC is the saved UTC under another name: it must not warn.
  test.use({ timezoneId: 'Etc/UTC' });

  test('an alias of the saved zone does not warn', async ({ page, baseURL }) => {
    const user = await freshAcmeUser(baseURL, 'alias');
    await signInFresh(page, user);
    await expectTopBarLoaded(page);
    await expect(page.getByRole('banner').getByText(WARNING_TITLE)).toHaveCount(0);
  });
});

test.describe('company switcher', () => {
  test.use({ timezoneId: 'Europe/London' });

  test('multi@acme.example switches to Globex and lands signed in on globex.localhost', async ({ page, baseURL }) => {
    await page.goto('/sign-in');
    await signInWithEmail(page, 'multi@acme.example');
    await expectFeed(page);
    // One other company: the simple menu.
    const items = await openMenu(page, page.getByRole('button', { name: 'Switch company (current: Acme Corporation)' }));
    await expect(items).toHaveText(['Globex']);
    await chooseMenuItem(items.first());

    const globex = companyOrigin(baseURL, 'globex');
    await page.waitForURL((url) => url.origin === globex && url.pathname === '/');
    await expectFeed(page);
    await expect(page.getByRole('banner')).toContainText('Globex');
    await expect(page.getByRole('button', { name: 'Switch company (current: Globex)' })).toBeVisible();
    const globexCookies = await page.context().cookies(globex);
    expect(globexCookies.some((c) => c.name === 'pb_token' && c.value !== '')).toBe(true);
  });

});

test.describe('user@acme.example', () => {
  test('a user of one company has no switcher, and a plain user no view switcher', async ({ page }) => {
    await page.goto('/sign-in');
    await signInWithEmail(page, DEMO_USERS.acmeUser);
    await expectFeed(page);
    await expectTopBarLoaded(page);
    await expect(page.getByRole('button', { name: /^Switch company/ })).toHaveCount(0);
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /^Change to/ })).toHaveCount(0);
  });
});

test.describe('view switcher', () => {
  test('the dashboard is enabled for Acme (company id 1) and not for Globex by default', async ({ baseURL }) => {
    for (const [subdomain, email, enabled] of [
      ['acme', 'manager@acme.example', true],
      ['globex', DEMO_USERS.globexUser, false],
    ] as const) {
      const api = await siteRequest(baseURL, subdomain);
      const signIn = await api.post('/api/v1/auth/sign-in', { data: { email, password: DEMO_PASSWORD } });
      const { token } = (await signIn.json()) as { token: string };
      await api.dispose();
      const signedIn = await siteRequest(baseURL, subdomain, token);
      const config = await signedIn.get('/api/v1/config/info');
      expect(((await config.json()) as { dashboard_enabled: boolean }).dashboard_enabled).toBe(enabled);
      await signedIn.dispose();
    }
  });

  for (const [email, label] of [
    ['manager@acme.example', 'Change to Admin View'],
    ['creator@acme.example', 'Change to Content Creator View'],
  ] as const) {
    test(`${email} gets '${label}' leading to /#/dashboard`, async ({ page }) => {
      await page.goto('/sign-in');
      await signInWithEmail(page, email);
      await expectFeed(page);
      await page.getByRole('button', { name: /^Account menu for/ }).click();
      await expect(page.getByRole('menuitem', { name: label })).toHaveAttribute('href', '/#/dashboard');
    });
  }
});
