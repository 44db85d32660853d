import { expect, test } from './support/fixtures.ts';
import { expectFeed, signInWithEmail } from './support/sign-in.ts';

/**
 * The view switcher and the admin view's addresses (`/#/dashboard`, `/redirect` with
 * from_admin_view) open the admin landing page at /admin: what the person's role can do today
 * and what is coming, behind the company's dashboard gate.
 */
test.describe('admin landing page', () => {
  test("a manager's 'Change to Admin View' opens /admin, not the feed", async ({ page }) => {
    await page.goto('/sign-in');
    await signInWithEmail(page, 'manager@acme.example');
    await expectFeed(page, 1);
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    const item = page.getByRole('menuitem', { name: 'Change to Admin View' });
    await expect(item).toHaveAttribute('href', '/#/dashboard');
    await item.click();
    await expect(page).toHaveURL(/\/admin\?next=%2Fdashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin view' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Coming to the console' })).toBeVisible();
    await expect(page.getByText('Organising topics and subscribing people to them')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Suggestions' })).toHaveAttribute('href', '/admin/suggestions');
    await expect(page.getByRole('heading', { name: 'Deletion requests' })).toHaveCount(0);
  });

  test('an admin opening /#/dashboard lands on /admin and can open a deletion request from its link', async ({ page, baseURL }) => {
    await page.goto('/sign-in');
    await signInWithEmail(page, 'admin@acme.example');
    await expectFeed(page, 1);
    await page.goto('/#/dashboard?from_admin_view=1');
    await expect(page).toHaveURL(/\/admin\?next=%2Fdashboard&from_admin_view=1$/);
    await expect(page.getByRole('heading', { name: 'Deletion requests' })).toBeVisible();
    const field = page.getByRole('textbox', { name: 'Link or code from the e-mail' });
    await field.fill('not a link');
    await page.getByRole('button', { name: 'Open request' }).click();
    await expect(page.getByText('Paste the whole link from the e-mail, or the code after delete_code=.')).toBeVisible();
    await field.fill(`${baseURL ?? ''}/confirm-user-deletion?delete_code=Abcdefgh12345678`);
    await page.getByRole('button', { name: 'Open request' }).click();
    await expect(page).toHaveURL(/\/confirm-user-deletion\?delete_code=Abcdefgh12345678$/);
  });

  test('a content creator arriving through /redirect finds the posts and sees what is coming for creators', async ({ page }) => {
    await page.goto('/sign-in?from_admin_view=1&next=%2Fposts');
    await signInWithEmail(page, 'creator@acme.example');
    await expect(page).toHaveURL(/\/admin\?next=%2Fposts&from_admin_view=1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Content creator view' })).toBeVisible();
    await expect(page.getByText('How your posts perform')).toBeVisible();
    // A creator writes posts, but does not edit the compliance lists.
    await expect(page.getByRole('link', { name: 'Posts' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Suggestions' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Compliance lists' })).toHaveCount(0);
  });

  test('a plain user, and a company without the dashboard, are told the admin view is not available', async ({ page, baseURL }) => {
    await page.goto('/sign-in');
    await signInWithEmail(page, 'user@acme.example');
    await expectFeed(page, 1);
    await page.goto('/admin');
    await expect(page.getByText('Your role does not include the admin view.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the library' }).click();
    await expectFeed(page, 1);
    const globex = new URL(baseURL ?? '');
    globex.hostname = 'globex.localhost';
    await page.goto(`${globex.origin}/sign-in`);
    await signInWithEmail(page, 'user@globex.example');
    await expectFeed(page, 1);
    await page.goto(`${globex.origin}/admin`);
    await expect(page.getByText('The admin view is not available')).toBeVisible();
  });
});
