import { expect, test, toast } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { CompanyApi } from './support/api.ts';
import { DEMO_USERS } from './support/demo.ts';
import { expectFeed, signInWithEmail } from './support/sign-in.ts';

/** What a member's caption box hears from the server for `content` on a live post. */
async function memberCheck(baseURL: string, content: string): Promise<{ type_id: number | null; content_prohibited_set: string[] }> {
  const api = await CompanyApi.signIn(baseURL, DEMO_USERS.acmeUser);
  try {
    const posts = await api.send('GET', '/api/v4/post/?results_per_page=1');
    const postId = (posts.body as { objects: { id: number }[] }).objects[0]?.id;
    const { status, body } = await api.send('POST', '/api/v2/compliance/validate', { post_id: postId, network_id: 3, content, session_index: 1 });
    expect(status).toBe(200);
    const answer = body as { type_id: number | null; content_metadata: { content_prohibited_set: string[] } };
    return { type_id: answer.type_id, content_prohibited_set: answer.content_metadata.content_prohibited_set };
  } finally {
    await api.dispose();
  }
}

test('an admin adds a prohibited term, imports a list, tries a caption, saves, and members are held to it at once', async ({ page, baseURL }) => {
  // Terms no other spec's caption holds: Acme's lists are shared by the whole suite, and this test puts them back.
  const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
  const typed = `zq-typed-${stamp}`;
  const imported = `zq-imported-${stamp}`;
  await page.goto('/sign-in');
  await signInWithEmail(page, DEMO_USERS.acmeAdmin);
  await expectFeed(page, 1);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Compliance lists' }).click();
  await expect(page).toHaveURL(/\/admin\/compliance$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Compliance' })).toBeVisible();
  const prohibited = page.getByRole('region', { name: /^Prohibited terms/ });
  const save = page.getByRole('button', { name: 'Save changes' });
  await expect(save).toBeDisabled();

  // Typed: an empty term and a repeat are refused beside the field.
  const field = prohibited.getByRole('textbox', { name: 'Add a prohibited term' });
  await prohibited.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(prohibited.getByText('Enter a term.')).toBeVisible();
  await field.fill(typed);
  await field.press('Enter');
  await expect(prohibited.getByRole('list', { name: 'Prohibited terms' }).getByText(typed, { exact: true })).toBeVisible();
  await field.fill(typed.toUpperCase());
  await field.press('Enter');
  await expect(prohibited.getByText('This term is on the list already.')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  // Imported: a file that is not UTF-8 adds nothing; a text file adds its new terms.
  const fileInput = prohibited.locator('input[type="file"]');
  await fileInput.setInputFiles({ name: 'latin1.txt', mimeType: 'text/plain', buffer: Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]) });
  await expect(prohibited.getByText('This file is not UTF-8 text. Save it as UTF-8 and import it again. Nothing was added.')).toBeVisible();
  await fileInput.setInputFiles({ name: 'terms.txt', mimeType: 'text/plain', buffer: Buffer.from(`\n${imported}\r\n${typed}\n\n`, 'utf8') });
  await expect(prohibited.getByText('Added 1 term from terms.txt (1 already on the list). Save changes to keep them.')).toBeVisible();
  await expect(prohibited.getByRole('list', { name: 'Prohibited terms' }).getByText(imported, { exact: true })).toBeVisible();

  // The try-it box runs the matcher on the lists as they stand, before saving.
  const sample = page.getByRole('textbox', { name: 'Sample caption' });
  await sample.fill(`Our launch, with ${imported} inside.`);
  await expect(page.getByText('Prohibited terms used. Please rephrase to share.')).toBeVisible();
  await expect(page.locator('mark', { hasText: imported })).toBeVisible();
  await sample.fill('Proud of what our team shipped.');
  await expect(page.getByText('No term on the lists appears in this caption.')).toBeVisible();

  // A threshold that is not a whole number holds the save back.
  const threshold = page.getByRole('spinbutton', { name: 'Most limited terms per caption' });
  const savedThreshold = await threshold.inputValue();
  await threshold.fill('1.5');
  await expect(page.getByText('Enter a whole number from 0 to 1000.')).toBeVisible();
  await expect(save).toBeDisabled();
  await threshold.fill(savedThreshold);
  expect(await wcagViolations(page, 'main')).toEqual([]);

  expect((await memberCheck(baseURL ?? '', `Try ${imported} today`)).type_id).toBeNull();
  await save.click();
  await expect(toast(page, 'Compliance lists saved.').first()).toBeVisible();
  await expect(save).toBeDisabled();
  const held = await memberCheck(baseURL ?? '', `Try ${imported} today`);
  expect(held).toEqual({ type_id: 1, content_prohibited_set: [imported] });

  // Saved for good: a reload shows both; then they are removed and saved again.
  await page.reload();
  const list = page.getByRole('region', { name: /^Prohibited terms/ }).getByRole('list', { name: 'Prohibited terms' });
  await expect(list.getByText(imported, { exact: true })).toBeVisible();
  for (const term of [typed, imported]) await page.getByRole('button', { name: `Remove ${term}` }).click();
  await expect(list.getByText(imported, { exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Compliance lists saved.').first()).toBeVisible();
  expect((await memberCheck(baseURL ?? '', `Try ${imported} today`)).type_id).toBeNull();
});

test('a manager is told only admins edit the compliance lists, and is not shown the way there', async ({ page }) => {
  await page.goto('/sign-in');
  await signInWithEmail(page, 'manager@acme.example');
  await expectFeed(page, 1);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin view' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Compliance lists' })).toHaveCount(0);
  await page.goto('/admin/compliance');
  await expect(page.getByText('Only company admins can edit the compliance lists.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
});
