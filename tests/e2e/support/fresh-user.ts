import { expect, request } from '@playwright/test';
import type { Page } from '@playwright/test';
import { postAsSite, waitForMail } from './outbox.ts';
import { signInWithEmail } from './sign-in.ts';

/** The password of users made by `signUpFreshUser`. */
export const FRESH_PASSWORD = 'Fresh!2026x';

/** A new user at a company, made through self sign-up so demo users stay untouched. */
export interface FreshUser {
  readonly email: string;
  readonly firstName: string;
}

/**
 * Signs a new person up at the company of `siteOrigin` (self sign-up, `POST /api/v1/auth/sign-up`;
 * acme allows it for acme.example addresses) and confirms the address with the mailed link, so
 * they may share, comment, suggest and link like anyone (sign-up.spec.ts covers the unconfirmed
 * state). Node does not resolve `*.localhost`, so the calls go to 127.0.0.1 with the company's
 * Host header.
 */
export async function signUpFreshUser(siteOrigin: string, prefix: string): Promise<FreshUser> {
  const since = new Date(Date.now() - 1000).toISOString();
  const site = new URL(siteOrigin);
  const email = `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@acme.example`;
  const firstName = `Fresh${prefix.replace(/[^a-z]/gi, '')}`;
  const context = await request.newContext({ baseURL: `http://127.0.0.1:${site.port}`, extraHTTPHeaders: { Host: site.host } });
  const response = await context.post('/api/v1/auth/sign-up', {
    data: { first_name: firstName, last_name: 'Person', username: email, password: FRESH_PASSWORD, timezone: 'US/Eastern', agree: true, company_name: 'Acme Corporation' },
  });
  expect(response.ok(), `self sign-up of ${email}`).toBe(true);
  await context.dispose();
  const mail = await waitForMail(siteOrigin, 'email-confirmation', email, since);
  const code = new URL(mail.links[0] ?? siteOrigin).searchParams.get('code');
  expect(await postAsSite(siteOrigin, '/api/v1/auth/email/confirm', { code }), `confirmation of ${email}`).toBe(200);
  return { email, firstName };
}

/** Signs the fresh user in through the e-mail sign-in screen. */
export async function signInFreshUser(page: Page, user: FreshUser): Promise<void> {
  await page.goto('/sign-in');
  await signInWithEmail(page, user.email, FRESH_PASSWORD);
}

/** A new member lands on onboarding (from the feed); Skip returns to the feed. */
export async function skipOnboarding(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/onboarding\?slide=1$/);
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/$/);
}
