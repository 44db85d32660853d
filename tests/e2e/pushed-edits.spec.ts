import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { CompanyApi } from './support/api.ts';
import { DEMO_USERS } from './support/demo.ts';
import { FRESH_PASSWORD, signInFreshUser, signUpFreshUser, skipOnboarding } from './support/fresh-user.ts';

// Phone first (spec: the member decides on a phone as well as at a desk).
test.use({ viewport: { width: 375, height: 812 } });

/** A toast showing the text (the Toaster also announces it, so the text appears twice). */
function toast(page: Page, text: string) {
  return page.getByRole('listitem').filter({ hasText: text });
}

/** Two live posts open to Facebook: a profile queues without a link (a reminder at its time). */
async function twoFacebookPosts(page: Page): Promise<[number, number]> {
  const posts = await page.evaluate(async () => {
    const response = await fetch(`/api/v4/post/?results_per_page=100&_=${Date.now()}`);
    return ((await response.json()) as { objects: { id: number; facebook: boolean; url: string | null }[] }).objects;
  });
  const open = posts.filter((post) => post.facebook && post.url !== null);
  const [first, second] = open;
  if (!first || !second) throw new Error('the Acme demo library has fewer than two posts open to Facebook');
  return [first.id, second.id];
}

test('an admin pushes edits to queued posts: the member accepts one (new caption) and rejects the other (kept)', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'pushed');
  await signInFreshUser(page, user);
  await skipOnboarding(page);
  const [first, second] = await twoFacebookPosts(page);

  const member = await CompanyApi.signIn(baseURL ?? '', user.email, FRESH_PASSWORD);
  const stamp = Date.now();
  const time = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const kept = await member.send('POST', '/api/v4/post/deferred', { network: 2, post: first, time, content: `Mine to accept ${stamp}` });
  const other = await member.send('POST', '/api/v4/post/deferred', { network: 2, post: second, time, content: `Mine to keep ${stamp}` });
  expect([kept.status, other.status]).toEqual([200, 200]);
  await member.dispose();

  const admin = await CompanyApi.signIn(baseURL ?? '', DEMO_USERS.acmeAdmin);
  const toAccept = await admin.send('POST', `/api/v4/admin/post/deferred/${(kept.body as { id: number }).id}/pushed-edit`, { content: `Approved wording ${stamp}`, reason: 'Legal review' });
  const toReject = await admin.send('POST', `/api/v4/admin/post/deferred/${(other.body as { id: number }).id}/pushed-edit`, { content: `Other wording ${stamp}`, reason: 'Brand tone' });
  expect([toAccept.status, toReject.status]).toEqual([200, 200]);
  await admin.dispose();

  await page.goto('/my-shares?type_id=queued');
  await expect(page.getByRole('tab', { name: 'Queued', selected: true })).toBeVisible();
  const accepting = page.getByRole('article').filter({ hasText: `Mine to accept ${stamp}` });
  await expect(accepting.getByText('Your admin suggested an edit')).toBeVisible();
  await expect(accepting.getByText('Reason: Legal review')).toBeVisible();
  await expect(accepting.getByText(`Approved wording ${stamp}`)).toBeVisible();
  expect(await wcagViolations(page, 'main')).toEqual([]);
  // Keyboard: the Accept button takes focus and Enter decides.
  const accept = accepting.getByRole('button', { name: 'Accept the admin\'s edit of your Facebook post' });
  await accept.focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Admin edits to your queued post were accepted. You may still edit this post further.').first()).toBeVisible();
  const accepted = page.getByRole('article').filter({ hasText: `Approved wording ${stamp}` });
  await expect(accepted).toBeVisible();
  await expect(accepted.getByText('Your admin suggested an edit')).toBeHidden();
  await expect(page.getByRole('article').filter({ hasText: `Mine to accept ${stamp}` })).toHaveCount(0);

  const rejecting = page.getByRole('article').filter({ hasText: `Mine to keep ${stamp}` });
  await rejecting.getByRole('button', { name: 'Reject the admin\'s edit of your Facebook post' }).click();
  await expect(toast(page, 'Admin edits to your queued post were rejected. You may still edit this post further.').first()).toBeVisible();
  await expect(rejecting.getByText('Your admin suggested an edit')).toBeHidden();
  await expect(rejecting).toBeVisible();
  await expect(page.getByText(`Other wording ${stamp}`)).toHaveCount(0);
  // The page fits the phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
