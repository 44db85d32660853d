import { openInTeamsHarness } from '../teams-harness/index.ts';
import { expect, test } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { blockStorage, storageAccess } from './support/blocked-storage.ts';
import { CompanyApi } from './support/api.ts';
import { DEMO_USERS } from './support/demo.ts';
import { EMAIL_OPTION, expectFeed, signInWithEmail } from './support/sign-in.ts';
import { pauseClock, runClockTo, runClockUntil } from './support/page-timing.ts';
import { backgroundLuminance } from './support/theme.ts';

test('opened outside Teams the tab goes straight to sign-in', async ({ page }) => {
  await page.goto('/tab/');
  await expect(page).toHaveURL(/\/tab\/sign-in$/);
  await expect(page.getByRole('link', { name: EMAIL_OPTION })).toBeVisible();
});

test('a user signs in inside the Teams frame and gets the feed there', async ({ page }) => {
  const harness = await openInTeamsHarness(page);
  await signInWithEmail(harness.tab, DEMO_USERS.acmeUser);
  await expectFeed(harness.tab);
  expect(harness.tabPath()).toMatch(/^\/tab\/?$/);

  const funcs = (await harness.received()).map((message) => message.func);
  expect(funcs).toEqual(expect.arrayContaining(['initialize', 'getContext', 'appInitialization.success']));
  expect(funcs).toContain('registerHandler');
});

test('the tab follows the Teams theme: dark at start, light after a theme change', async ({ page }) => {
  const harness = await openInTeamsHarness(page, { theme: 'dark' });
  await expect(harness.tab.getByRole('link', { name: EMAIL_OPTION })).toBeVisible();
  await expect.poll(() => backgroundLuminance(harness.tab)).toBeLessThan(0.25);

  await harness.sendThemeChange('default');
  await expect.poll(() => backgroundLuminance(harness.tab)).toBeGreaterThan(0.85);
});

test('the Teams locale fr-ca gives the French interface', async ({ page }) => {
  const harness = await openInTeamsHarness(page, { locale: 'fr-ca' });
  await harness.tab.getByRole('link', { name: 'Se connecter avec un courriel' }).click();
  await expect(harness.tab.getByRole('textbox', { name: 'Mot de passe', exact: true })).toBeVisible();
  await expect(harness.tab.getByRole('button', { name: 'Login', exact: true })).toBeHidden();
});

// A Teams tab is a third-party frame: Chromium's default profile blocks its storage there, and
// even reading `localStorage` throws a SecurityError. The tab must start all the same.
for (const storage of ['allowed', 'blocked'] as const) {
  test(`with no Teams host answering, the tab waits 2.5 s and then goes to sign-in (storage ${storage})`, async ({ page }) => {
    if (storage === 'blocked') await blockStorage(page, 'frames');
    await page.clock.install();
    await pauseClock(page);
    const harness = await openInTeamsHarness(page, { mode: 'silent' });

    await expect.poll(async () => (await harness.received()).map((message) => message.func)).toContain('initialize');
    expect(await storageAccess(harness.tabFrame(), 'localStorage')).toBe(storage === 'blocked' ? 'SecurityError' : 'readable');
    await page.clock.runFor(2400);
    expect(harness.tabPath()).toBe('/tab/');
    await expect(harness.tab.getByRole('link', { name: EMAIL_OPTION })).toHaveCount(0);

    await page.clock.runFor(100);
    await page.clock.resume();
    await expect(harness.tab.getByRole('link', { name: EMAIL_OPTION })).toBeVisible();
    expect(harness.tabPath()).toBe('/tab/sign-in');
    await harness.tab.getByRole('link', { name: EMAIL_OPTION }).click();
    await expect(harness.tab.getByRole('textbox', { name: 'Email', exact: true })).toBeVisible();
    await expect(harness.tab.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
  });
}

test('with storage blocked in the Teams frame, a user signs in there and gets the feed', async ({ page }) => {
  await blockStorage(page, 'frames');
  const harness = await openInTeamsHarness(page);
  await signInWithEmail(harness.tab, DEMO_USERS.acmeUser);
  await expectFeed(harness.tab);
  expect(await storageAccess(harness.tabFrame(), 'localStorage')).toBe('SecurityError');
  expect(harness.tabPath()).toMatch(/^\/tab\/?$/);
});

test('with storage blocked, /sign-in shows the sign-in options and the email form', async ({ page }) => {
  await blockStorage(page, 'everywhere');
  await page.goto('/sign-in');
  await expect(page.getByRole('link', { name: EMAIL_OPTION })).toBeVisible();
  expect(await storageAccess(page, 'localStorage')).toBe('SecurityError');
  expect(await storageAccess(page, 'sessionStorage')).toBe('SecurityError');
  await page.getByRole('link', { name: EMAIL_OPTION }).click();
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
});

test('a deep link opened while signed out leads through sign-in to that post', async ({ page, baseURL }) => {
  const api = await CompanyApi.signIn(new URL(baseURL ?? '').origin, DEMO_USERS.acmeUser);
  const [post] = await api.allPosts();
  await api.dispose();
  if (post === undefined) {
    throw new Error('The demo data has no Acme posts');
  }

  const harness = await openInTeamsHarness(page, { subPageId: `post:${post.id}` });
  await signInWithEmail(harness.tab, DEMO_USERS.acmeUser);
  await expect(harness.tab.getByRole('dialog').getByRole('heading', { name: post.title })).toBeVisible();
  expect(harness.tabPath()).toBe(`/tab/post/${post.id}`);
});

test('the Teams connector page explains Chorus inside Teams, and goes to sign-in anywhere else', async ({ page }) => {
  const harness = await openInTeamsHarness(page, { tabPath: '/ms-teams' });
  await expect(harness.tab.getByRole('heading', { name: 'Chorus in Microsoft Teams', level: 1 })).toBeVisible();
  await expect(harness.tab.getByText('The Chorus bot posts a card in the channel whenever a new post is published.')).toBeVisible();
  expect(harness.tabPath()).toBe('/ms-teams');
  const funcs = (await harness.received()).map((message) => message.func);
  expect(funcs).toEqual(expect.arrayContaining(['initialize', 'appInitialization.success']));
  expect(await wcagViolations(page, 'iframe')).toEqual([]);

  await page.goto('/ms-teams');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('link', { name: EMAIL_OPTION })).toBeVisible();
});

test('the Teams connector page waits 2.5 s for a silent Teams host before going to sign-in', async ({ page }) => {
  // On the paused page clock, moved by hand: in steps until the page shows it is connecting (it
  // loads its auth area on timers), then a millisecond a step until teams-js has said
  // 'initialize'. The page sets its 2.5 s timer just before that message, so counted from the
  // message's arrival on the same clock, the tab still waits at 2 s and has gone to sign-in by
  // 2.5 s, however slow the machine.
  await page.clock.install();
  await pauseClock(page);
  const harness = await openInTeamsHarness(page, { mode: 'silent', tabPath: '/ms-teams' });
  const connecting = harness.tab.getByText('Connecting to Microsoft Teams…');
  await runClockUntil(page, () => connecting.isVisible());
  const initialize = async () => (await harness.received()).find((message) => message.func === 'initialize');
  await runClockUntil(page, async () => (await initialize()) !== undefined, 1);
  const initializedAt = (await initialize())?.at ?? Number.NaN;

  await runClockTo(page, initializedAt + 2000);
  await expect(connecting).toBeVisible();
  expect(harness.tabPath()).toBe('/ms-teams');

  await runClockTo(page, initializedAt + 2500);
  await page.clock.resume();
  await expect(harness.tab.getByRole('link', { name: EMAIL_OPTION })).toBeVisible();
  expect(harness.tabPath()).toBe('/sign-in');
});
