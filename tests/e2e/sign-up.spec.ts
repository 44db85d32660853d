import { wcagViolations } from './support/axe.ts';
import { companyOrigin } from './support/demo.ts';
import { expect, test } from './support/fixtures.ts';
import { skipOnboarding } from './support/fresh-user.ts';
import { acmeInvite } from './support/invites.ts';
import { readOutbox, waitForMail } from './support/outbox.ts';
import { expectFeed } from './support/sign-in.ts';

const PASSWORD = 'Welcome!2026';

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@acme.example`;
}

test('a v2 invite signs Nora up with her invited work e-mail and lands her on the feed', async ({ page }) => {
  const invite = acmeInvite(2);
  await page.goto(`/sign-up?code=${encodeURIComponent(invite.code)}`);

  await expect(page.getByRole('heading', { name: 'Join Acme Corporation' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Nora');
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('Newhire');
  const email = page.getByRole('textbox', { name: 'Work email' });
  await expect(email).toHaveValue('new.hire@acme.example');
  await expect(email).toBeDisabled();

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Mismatch!2026');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await page.getByRole('textbox', { name: 'Confirm password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await skipOnboarding(page);
  await expectFeed(page);
  await expect(page.getByRole('button', { name: /^Account menu for Nora Newhire/ })).toBeVisible();
});

test('a v1 group invite lets a person type their own e-mail', async ({ page }) => {
  const invite = acmeInvite(1);
  await page.goto(`/sign-up?code=${encodeURIComponent(invite.code)}`);
  const email = page.getByRole('textbox', { name: 'Email' });
  await expect(email).toBeEnabled();
  await expect(page.getByRole('textbox', { name: 'Confirm password' })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'First name' }).fill('Gabe');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Group');
  await email.fill('not-an-email');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  // Anyone holding a group link can type any address: it must be confirmed before the app opens.
  const address = uniqueEmail('gabe');
  await email.fill(address);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('region', { name: 'Confirm your email address' })).toContainText(`follow the link we sent to ${address}.`);
  await expect(page.getByRole('article')).toHaveCount(0);
});

test('an invalid invite link says so and leads to sign-in', async ({ page }) => {
  await page.goto('/sign-up?code=no-such-invite');
  const toast = page.getByRole('listitem', { name: 'Sign Up problem' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAccessibleDescription('Invite link is no longer valid.');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('on a phone the invite offers to continue in the app', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const invite = acmeInvite(1);
  await page.goto(`/sign-up?code=${encodeURIComponent(invite.code)}`);
  await expect(page.getByRole('link', { name: 'Continue in the app' })).toHaveAttribute(
    'href',
    `chorus://sign-up?${new URLSearchParams({ code: invite.code, subdomain: 'acme' }).toString()}`,
  );
  await context.close();
});

test('self sign-up takes only acme.example addresses, signs the new user in unconfirmed, and the mailed link confirms them', async ({ page, baseURL }) => {
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'New here? Sign up' }).click();
  await expect(page).toHaveURL(/\/self-sign-up$/);

  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Please enter your first name')).toBeVisible();
  await expect(page.getByText('Please enter your username')).toBeVisible();

  await page.getByRole('textbox', { name: 'First name' }).fill('Sally');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Self');
  const email = page.getByRole('textbox', { name: 'Email' });
  await email.fill('sally@');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);

  // An address outside Acme's sign-up domain is refused on the field.
  await email.fill('attacker@evil.example');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText("Please sign up with your work e-mail address: this company's sign-up is open only to its own e-mail domains.")).toBeVisible();
  await expect(page).toHaveURL(/\/self-sign-up$/);

  const address = uniqueEmail('sally');
  const since = new Date(Date.now() - 1000).toISOString();
  await email.fill(address);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  // Until the address is confirmed, every page is the confirm-your-e-mail screen (the server
  // answers nothing else), onboarding and the feed alike; it passes axe.
  const screen = page.getByRole('region', { name: 'Confirm your email address' });
  await expect(screen).toContainText(`follow the link we sent to ${address}.`);
  await expect(page.getByRole('button', { name: /^Link / })).toHaveCount(0);
  const first = await waitForMail(baseURL, 'email-confirmation', address, since);
  expect(await wcagViolations(page)).toEqual([]);
  for (const path of ['/onboarding?slide=1', '/my-shares']) {
    await page.goto(path);
    await expect(screen).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'My Shares' })).toHaveCount(0);

  // It resends the mail; checking again before following the link changes nothing.
  await screen.getByRole('button', { name: 'Resend the email' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: `We sent a new confirmation link to ${address}.` })).toBeVisible();
  await expect.poll(async () => (await readOutbox(baseURL)).filter((mail) => mail.kind === 'email-confirmation' && mail.to === address).length).toBe(2);
  await screen.getByRole('button', { name: 'I have confirmed it' }).click();
  await expect(screen).toBeVisible();
  const latest = await waitForMail(baseURL, 'email-confirmation', address, first.created);
  const link = latest.links.find((candidate) => candidate !== first.links[0]) ?? latest.links[0] ?? '';
  expect(link).toMatch(new RegExp(`^${companyOrigin(baseURL, 'acme')}/confirm-email\\?code=[A-Za-z0-9_-]{43}$`));

  // Following the link confirms the address; back in the app, onboarding and the feed open.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email address confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await skipOnboarding(page);
  await expectFeed(page);
  await expect(page.getByRole('button', { name: /^Account menu for Sally Self/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your email address' })).toHaveCount(0);

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email confirmation problem' })).toBeVisible();
  await expect(page.getByText('This confirmation link is no longer valid.')).toBeVisible();
});

test('self sign-up is not offered where the company does not allow it', async ({ page, baseURL }) => {
  const globex = new URL(baseURL ?? '');
  globex.hostname = 'globex.localhost';
  await page.goto(new URL('/sign-in', globex).toString());
  await expect(page.getByRole('link', { name: 'Sign in with Email' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New here? Sign up' })).toHaveCount(0);
  await page.goto(new URL('/self-sign-up', globex).toString());
  await expect(page).toHaveURL(/\/sign-in$/);
});
