import { expect, test, toast } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { CompanyApi } from './support/api.ts';
import { ACME_USER_STATE, DEMO_USERS } from './support/demo.ts';
import { expectNoHorizontalOverflow } from './support/screens.ts';
import { expectFeed, signInWithEmail } from './support/sign-in.ts';

/**
 * The admin console's suggestions queue (issue 47, `/admin/suggestions`): a member's suggestion
 * is approved into a draft that the admin edits and publishes, and the member can open it; another
 * is rejected with a reason and a note; both decisions show in the audit log; a member is refused.
 * Each test suggests its own content (a unique title), since specs share Acme in parallel.
 */
const SUGGEST = '/api/v1/post/suggestion/mobile';

/** A title no other spec or run uses. */
function uniqueTitle(what: string): string {
  return `${what} ${Date.now().toString(36)}${test.info().workerIndex}`;
}

test('a member’s suggestion is approved into a draft, published from the editor, opened by the member, and logged', async ({ page, baseURL }) => {
  const title = uniqueTitle('Our booth at the expo');
  const member = await CompanyApi.signIn(baseURL ?? '', DEMO_USERS.acmeUser);
  const admin = await CompanyApi.signIn(baseURL ?? '', DEMO_USERS.acmeAdmin);
  let postId: number | null = null;
  try {
    expect((await member.sendForm(SUGGEST, { content: `${title}\nCome and see us in hall 3.` })).status).toBe(200);

    await page.goto('/sign-in');
    await signInWithEmail(page, DEMO_USERS.acmeAdmin);
    await expectFeed(page, 1);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Suggestions' }).click();
    await expect(page).toHaveURL(/\/admin\/suggestions$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Suggestions' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Waiting for review' })).toHaveAttribute('aria-selected', 'true');

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card.getByText('Suggested by Sam Rivera')).toBeVisible();
    await expect(card.getByText('Come and see us in hall 3.')).toBeVisible();
    expect(await wcagViolations(page, 'main')).toEqual([]);

    await card.getByRole('button', { name: 'Approve and edit' }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/\d+$/);
    postId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByRole('heading', { level: 1, name: 'Edit post' })).toBeVisible();
    await expect(page.getByText('Status: Draft')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    // Not in the library yet: a draft is the console's only.
    expect((await member.send('GET', `/api/v4/post/${postId}`)).body).toMatchObject({ error: 662 });

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(toast(page, 'Post saved and published.')).toBeVisible();
    await expect(page.getByText('Status: Live')).toBeVisible();
    // The member opens it in the library, credited as its suggester.
    await expect.poll(async () => (await member.send('GET', `/api/v4/post/${postId}`)).status).toBe(200);
    expect((await member.send('GET', `/api/v4/post/${postId}`)).body).toMatchObject({ title, properties: { suggested_by: { name: 'Sam Rivera' } } });

    // Out of the queue.
    await page.goto('/admin/suggestions');
    await expect(page.getByRole('heading', { level: 2, name: /suggestions? waiting$/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

    // The audit log has the approval and the publication, by the admin.
    await page.goto('/admin/audit');
    await page.getByRole('combobox', { name: 'Kind of change' }).selectOption({ label: 'Suggestions' });
    const approval = page.getByRole('listitem').filter({ hasText: 'Approved a suggestion' }).filter({ hasText: title });
    await expect(approval.getByText('Avery Morgan')).toBeVisible();
  } finally {
    if (postId !== null) expect((await admin.send('POST', '/api/v1/admin/posts/actions', { action: 'delete', ids: [postId] })).status).toBe(200);
    await member.dispose();
    await admin.dispose();
  }
});

test('a suggestion is rejected on a phone with a reason and a note, and shows under Rejected', async ({ page, baseURL }) => {
  const title = uniqueTitle('Our rival’s new product');
  const member = await CompanyApi.signIn(baseURL ?? '', DEMO_USERS.acmeUser);
  try {
    expect((await member.sendForm(SUGGEST, { content: title })).status).toBe(200);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/sign-in');
    await signInWithEmail(page, 'creator@acme.example');
    await expectFeed(page, 1);
    await page.goto('/admin/suggestions');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card).toBeVisible();
    await expectNoHorizontalOverflow(page, 'suggestions queue at 375 px');

    await card.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject this suggestion?' });
    await expect(dialog.getByRole('radio', { name: 'It is not right for the library' })).toBeChecked();
    await dialog.getByRole('radio', { name: 'It is not on brand' }).check();
    const note = dialog.getByRole('textbox', { name: 'Note to the member (optional)' });
    // Over the limit: said next to the field, and nothing can be sent.
    await note.fill('x'.repeat(501));
    await expect(dialog.getByText('The note may be up to 500 characters.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Reject suggestion' })).toBeDisabled();
    await note.fill('Thanks! We do not post about competitors.');
    await expect(dialog.getByText('41 of 500 characters')).toBeVisible();
    expect(await wcagViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Reject suggestion' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, `“${title}” was rejected.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Rejected' }).click();
    const rejected = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(rejected.getByText('It is not on brand')).toBeVisible();
    await expect(rejected.getByText('Note: Thanks! We do not post about competitors.')).toBeVisible();
    await expect(rejected.getByText(/^Rejected by Casey Nguyen on /)).toBeVisible();
    await expect(rejected.getByRole('button', { name: 'Approve after all' })).toBeVisible();
    await expect(rejected.getByRole('button', { name: 'Reject' })).toHaveCount(0);
    await expectNoHorizontalOverflow(page, 'rejected suggestions at 375 px');
  } finally {
    await member.dispose();
  }
});

test.describe('a plain member', () => {
  test.use({ storageState: ACME_USER_STATE });

  test('is refused the suggestions queue by the screen and by the server', async ({ page, baseURL }) => {
    await page.goto('/admin/suggestions');
    await expect(page.getByText('Only content creators, managers and admins can review suggestions.')).toBeVisible();
    const member = await CompanyApi.signIn(baseURL ?? '', DEMO_USERS.acmeUser);
    try {
      expect((await member.send('GET', '/api/v1/admin/suggestions')).status).toBe(403);
      expect((await member.send('POST', '/api/v1/admin/suggestions/1/reject', { reason: 'generic' })).status).toBe(403);
    } finally {
      await member.dispose();
    }
  });
});
