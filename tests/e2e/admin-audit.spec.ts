import { expect, test } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { CompanyApi } from './support/api.ts';
import { ACME_USER_STATE, DEMO_USERS } from './support/demo.ts';
import { expectNoHorizontalOverflow } from './support/screens.ts';
import { expectFeed, signInWithEmail } from './support/sign-in.ts';

/**
 * The admin console's audit log (issue 47, `/admin/audit`): a change saved
 * shows at once with who made it and what it was before and after; managers read it too, and
 * a plain member is refused.
 */
const SETTINGS = '/api/v1/company/settings/compliance';

test('an admin saves a compliance change, then finds it in the audit log with their name and the change', async ({ page, baseURL }) => {
  // A term no other spec's caption holds: Acme's lists are shared by the whole suite, and this
  // test takes out only its own term afterwards (never a snapshot, which would undo another
  // worker's change made meanwhile).
  const term = `zq-audit-${Date.now().toString(36)}${test.info().workerIndex}`;
  const admin = await CompanyApi.signIn(baseURL ?? '', DEMO_USERS.acmeAdmin);
  try {
    await page.goto('/sign-in');
    await signInWithEmail(page, DEMO_USERS.acmeAdmin);
    await expectFeed(page, 1);
    // Saved through the API, read and written back at once: the screen's save would send the
    // lists as loaded, and could undo a term another worker's spec saved meanwhile.
    const before = (await admin.send('GET', SETTINGS)).body as { prohibited: string[] };
    expect((await admin.send('PUT', SETTINGS, { ...before, prohibited: [...before.prohibited, term] })).status).toBe(200);

    await page.goto('/admin');
    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();

    // Unfiltered, the change is on the first page (other workers may have written newer entries).
    const entries = page.getByRole('list', { name: /^\d+ entr(y|ies)$/ }).getByRole('listitem');
    const compliance = entries.filter({ hasText: 'Changed the compliance lists' }).first();
    await expect(compliance.getByText('Avery Morgan')).toBeVisible();
    await expect(compliance.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);

    // Filtered to compliance changes and to the term: only that entry is left.
    await page.getByRole('combobox', { name: 'Kind of change' }).selectOption({ label: 'Compliance' });
    await page.getByRole('searchbox', { name: 'Search the log' }).fill(term);
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('heading', { name: '1 entry' })).toBeVisible();
    const entry = entries.filter({ hasText: 'Changed the compliance lists' });
    await expect(entry).toHaveCount(1);
    await expect(entry.getByText('Avery Morgan')).toBeVisible();

    // Its change, before and after, behind the disclosure.
    await entry.getByRole('button', { name: 'Show changes' }).click();
    const changes = entry.getByRole('table');
    await expect(changes.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Prohibited terms' }) })).toContainText(`Added: ${term}`);
    await expect(entry.getByRole('button', { name: 'Hide changes' })).toHaveAttribute('aria-expanded', 'true');
    expect(await wcagViolations(page, 'main')).toEqual([]);

    // A filter nothing matches says so; clearing the filters brings the whole log back.
    await page.getByRole('combobox', { name: 'Kind of change' }).selectOption({ label: 'Invitations' });
    await expect(page.getByText('No entry matches these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search the log' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Kind of change' })).toHaveValue('all');
    await expect(compliance).toBeVisible();

    // On a phone the entries stack, and nothing scrolls sideways, with the changes open too.
    await page.setViewportSize({ width: 375, height: 812 });
    await compliance.getByRole('button', { name: 'Show changes' }).click();
    await expect(compliance.getByRole('table')).toBeVisible();
    await expectNoHorizontalOverflow(page, 'audit log at 375 px');
  } finally {
    const current = (await admin.send('GET', SETTINGS)).body as { prohibited: string[] };
    expect((await admin.send('PUT', SETTINGS, { ...current, prohibited: current.prohibited.filter((entry) => entry !== term) })).status).toBe(200);
    await admin.dispose();
  }
});

test('a manager opens the audit log from the admin landing', async ({ page }) => {
  await page.goto('/sign-in');
  await signInWithEmail(page, 'manager@acme.example');
  await expectFeed(page, 1);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^\d+ entr(y|ies)$/ })).toBeVisible();
  await expect(page.getByText('Only managers and admins can read the audit log.')).toHaveCount(0);
});

test.describe('a plain member', () => {
  test.use({ storageState: ACME_USER_STATE });

  test('is refused the audit log, and the server refuses them too', async ({ page, baseURL }) => {
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expect(page.getByText('Only managers and admins can read the audit log.')).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search the log' })).toHaveCount(0);
    const member = await CompanyApi.signIn(baseURL ?? '', DEMO_USERS.acmeUser);
    try {
      expect((await member.send('GET', '/api/v1/admin/audit')).status).toBe(403);
    } finally {
      await member.dispose();
    }
  });
});
