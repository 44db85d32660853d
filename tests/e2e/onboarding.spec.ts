import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { signInFreshUser, signUpFreshUser } from './support/fresh-user.ts';
import { expectFeed } from './support/sign-in.ts';

const ONBOARDING_URL = /\/onboarding\?slide=1$/;

function onboardingEvents(page: Page): Promise<unknown> {
  return page.evaluate(async () => (await fetch('/api/v1/cs/onboarding')).json());
}

test('a new user is sent from the feed to onboarding, saves the time zone and gets started', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'onboard');
  await signInFreshUser(page, user);

  await expect(page).toHaveURL(ONBOARDING_URL);
  await expect(page.getByRole('heading', { name: 'Welcome to Acme Corporation', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Link your social networks' })).toBeVisible();
  const getStarted = page.getByRole('button', { name: 'Get Started' });
  await expect(getStarted).toBeDisabled();
  await expect(page.getByText('Link a network or save your time zone to get started.')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue(/US\/Eastern|New_York/);
  await zone.fill('Berlin');
  await zone.click();
  await page.getByRole('option', { name: /Europe\/Berlin/ }).click();
  await expect(zone).toHaveValue(/Europe\/Berlin/);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Your time zone was saved.' })).toBeVisible();
  await expect(getStarted).toBeEnabled();

  await getStarted.click();
  await expect(page).toHaveURL(/\/$/);
  await expectFeed(page);
  expect(await onboardingEvents(page)).toEqual({ objects: [{ event: 'finished' }] });

  // Back on the feed later: the finished event keeps the user there.
  const checked = page.waitForResponse((response) => response.url().includes('/api/v1/cs/onboarding'));
  await page.reload();
  await checked;
  await expectFeed(page);
  await expect(page).toHaveURL(/\/$/);
});

test('Escape ends onboarding as skipped and returns to the feed', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'escape');
  await signInFreshUser(page, user);
  await expect(page).toHaveURL(ONBOARDING_URL);
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeDisabled();

  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/$/);
  await expectFeed(page);
  expect(await onboardingEvents(page)).toEqual({ objects: [{ event: 'skipped' }] });
});

test('slide 1 is the only slide', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'slides');
  await signInFreshUser(page, user);
  await expect(page).toHaveURL(ONBOARDING_URL);
  await page.goto('/onboarding?slide=2');
  await expect(page).toHaveURL(ONBOARDING_URL);
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await onboardingEvents(page)).toEqual({ objects: [{ event: 'skipped' }] });
});

test('the buttons show once both steps have loaded, where they stay', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'steady');
  // The time zones answer only when the test lets them: a slow network, made certain.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/common/timezone*', async (route) => {
    await released;
    await route.continue();
  });
  await signInFreshUser(page, user);
  await expect(page).toHaveURL(ONBOARDING_URL);
  await expect(page.getByRole('heading', { name: 'Welcome to Acme Corporation', level: 1 })).toBeVisible();
  // While a step is loading, one spinner stands for both, and nothing below it can be pressed yet.
  await expect(page.getByRole('progressbar', { name: 'Loading…' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Link your social networks' })).toHaveCount(0);

  release();
  const skip = page.getByRole('button', { name: 'Skip' });
  await expect(skip).toBeVisible();
  const shown = await skip.boundingBox();
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'LinkedIn' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  expect(await skip.boundingBox()).toEqual(shown);
  await skip.click();
  await expect(page).toHaveURL(/\/$/);
  expect(await onboardingEvents(page)).toEqual({ objects: [{ event: 'skipped' }] });
});
