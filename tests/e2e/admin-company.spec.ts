import { expect, test, toast } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { CompanyApi } from './support/api.ts';
import { ACME_USER_STATE, DEMO_USERS } from './support/demo.ts';
import { expectNoHorizontalOverflow } from './support/screens.ts';
import { expectFeed, signInWithEmail } from './support/sign-in.ts';

/**
 * The admin console's company settings (issue 47, `/admin/company`): a switch an admin saves
 * applies to members at once, the change is in the audit log, and a manager is refused. The
 * switch is "Share by e-mail", which no other spec relies on (specs share Acme in parallel);
 * it is turned back on through the API whatever happens.
 */
const FEATURES = '/api/v1/company/settings/features';

test('an admin turns Share by e-mail off, a member’s cards lose it at once, and the audit log has the change', async ({ page, browser, baseURL }) => {
  const admin = await CompanyApi.signIn(baseURL ?? '', DEMO_USERS.acmeAdmin);
  const memberContext = await browser.newContext({ storageState: ACME_USER_STATE });
  try {
    const member = await memberContext.newPage();
    await member.goto('/');
    await expectFeed(member, 1);
    const linked = member.getByRole('article').filter({ has: member.getByRole('button', { name: 'Copy link' }) }).first();
    await expect(linked.getByRole('button', { name: 'Share via email' })).toBeVisible();

    await page.goto('/sign-in');
    await signInWithEmail(page, DEMO_USERS.acmeAdmin);
    await expectFeed(page, 1);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Company settings' }).click();
    await expect(page).toHaveURL(/\/admin\/company$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Company settings' })).toBeVisible();
    const email = page.getByRole('switch', { name: 'Share by e-mail' });
    await expect(email).toBeChecked();
    await expect(email).toHaveAccessibleDescription('Members can send a post by e-mail.');
    expect(await wcagViolations(page, 'main')).toEqual([]);

    await email.uncheck();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Company settings saved.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    // The member's next read has it: the cards offer no e-mail share.
    await member.reload();
    await expectFeed(member, 1);
    await expect(linked.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(member.getByRole('button', { name: 'Share via email' })).toHaveCount(0);

    await page.goto('/admin/audit');
    await page.getByRole('combobox', { name: 'Kind of change' }).selectOption({ label: 'Company' });
    const entry = page.getByRole('listitem').filter({ hasText: 'Changed the company settings' }).first();
    await expect(entry.getByText('Avery Morgan')).toBeVisible();
    await entry.getByRole('button', { name: 'Show changes' }).click();
    await expect(entry.getByRole('rowheader', { name: 'Share by e-mail' })).toBeVisible();

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/admin/company');
    await expect(page.getByRole('switch', { name: 'Share by e-mail' })).not.toBeChecked();
    await expectNoHorizontalOverflow(page, 'company settings at 375 px');
  } finally {
    expect((await admin.send('PUT', FEATURES, { feature_toggles: { share_via_email_enabled: true } })).status).toBe(200);
    await memberContext.close();
    await admin.dispose();
  }
});

test('a manager is refused the company settings by the screen and by the server', async ({ page, baseURL }) => {
  await page.goto('/sign-in');
  await signInWithEmail(page, 'manager@acme.example');
  await expectFeed(page, 1);
  await page.goto('/admin');
  await expect(page.getByRole('link', { name: 'Company settings' })).toHaveCount(0);
  await page.goto('/admin/company');
  await expect(page.getByText('Only admins can change the company settings.')).toBeVisible();
  const manager = await CompanyApi.signIn(baseURL ?? '', 'manager@acme.example');
  try {
    expect((await manager.send('GET', FEATURES)).status).toBe(403);
    expect((await manager.send('PUT', FEATURES, { feature_toggles: { share_via_email_enabled: false } })).status).toBe(403);
  } finally {
    await manager.dispose();
  }
});
