import { openInTeamsHarness } from '../teams-harness/index.ts';
import { expect, test } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { CompanyApi } from './support/api.ts';
import { DEMO_USERS } from './support/demo.ts';
import { EMAIL_OPTION, expectFeed, signInWithEmail } from './support/sign-in.ts';
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

test('with no Teams host answering, the tab waits 2.5 s and then goes to sign-in', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-03-02T09:00:00Z') });
  await page.clock.pauseAt(new Date('2026-03-02T09:00:01Z'));
  const harness = await openInTeamsHarness(page, { mode: 'silent' });

  await expect.poll(async () => (await harness.received()).map((message) => message.func)).toContain('initialize');
  await page.clock.runFor(2400);
  expect(harness.tabPath()).toBe('/tab/');
  await expect(harness.tab.getByRole('link', { name: EMAIL_OPTION })).toHaveCount(0);

  await page.clock.runFor(100);
  await page.clock.resume();
  await expect(harness.tab.getByRole('link', { name: EMAIL_OPTION })).toBeVisible();
  expect(harness.tabPath()).toBe('/tab/sign-in');
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
  // Real time here: the page reaches teams-js only after the auth area has loaded, which a
  // paused clock would hold up. The wait is measured on the harness page's own clock, from the
  // moment it received teams-js's 'initialize' to when the tab has gone to sign-in; only that
  // lower bound is checked, which load on the machine cannot break.
  const harness = await openInTeamsHarness(page, { mode: 'silent', tabPath: '/ms-teams' });
  await expect(harness.tab.getByText('Connecting to Microsoft Teams…')).toBeVisible();
  await expect.poll(async () => (await harness.received()).map((message) => message.func)).toContain('initialize');
  const initialize = (await harness.received()).find((message) => message.func === 'initialize');

  await expect(harness.tab.getByRole('link', { name: EMAIL_OPTION })).toBeVisible();
  const signInShown = await harness.now();
  expect(harness.tabPath()).toBe('/sign-in');
  expect(signInShown - (initialize?.at ?? signInShown)).toBeGreaterThanOrEqual(2000);
});
