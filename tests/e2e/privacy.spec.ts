import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { CompanyApi } from './support/api.ts';
import { wcagViolations } from './support/axe.ts';
import { companyOrigin } from './support/demo.ts';
import { FRESH_PASSWORD, signInFreshUser, signUpFreshUser, type FreshUser } from './support/fresh-user.ts';
import { waitForMail } from './support/outbox.ts';
import { apiCallTimes, pageNow, pauseClock, recordApiCalls, runClockTo, whileClockRuns } from './support/page-timing.ts';
import { signInWithEmail } from './support/sign-in.ts';

/** Signs a fresh user in and opens /privacy. */
async function openPrivacy(page: Page, user: FreshUser): Promise<void> {
  await signInFreshUser(page, user);
  await expect(page).toHaveURL(/\/onboarding/);
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
}

/** The signed-in user's id, as the server stores it. */
async function signedInUserId(page: Page): Promise<number> {
  const data = (await page.evaluate(async () => (await fetch('/api/v1/user/personal-data')).json())) as { profile: { id: number } };
  return data.profile.id;
}

/** The value the admin's confirmation page lists under a label (Name, Email, User ID). */
function requesterDetail(admin: Page, label: string) {
  return admin.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
}

/** Requests deletion from /privacy with the password, then signs out from the countdown. */
async function requestDeletion(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account' });
  await dialog.getByLabel('Password').fill(FRESH_PASSWORD);
  await dialog.getByRole('button', { name: 'Request deletion' }).click();
  const countdown = page.getByRole('alertdialog', { name: 'Done' });
  await expect(countdown.getByText('Your deletion request will be processed by an admin')).toBeVisible();
  await countdown.getByRole('button', { name: 'Sign out now' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
}

/** The confirmation link of the user's deletion request, from the mail to admin@acme.example since `since`. */
async function mailedDeletionLink(baseURL: string | undefined, user: FreshUser, since: string): Promise<string> {
  // Both deletion tests mail the admin, perhaps at the same time: take this user's request.
  const mail = await waitForMail(baseURL, 'deletion-request', 'admin@acme.example', since, (m) => m.text.includes(user.email));
  expect(mail.text).toContain(user.email);
  const link = mail.links.find((url) => url.includes('/confirm-user-deletion?delete_code='));
  expect(link).toBeDefined();
  return link ?? '';
}

/** What `makePersonalData` stored for the user. */
interface MadeData {
  readonly comment: { id: number; postId: number; content: string };
  readonly likedPostId: number;
  readonly bookmarkedPostId: number;
  readonly showInLeaderBoard: boolean;
  readonly emailPostShared: boolean;
}

/**
 * Makes the user real data through the API, as the app would: a comment, a like, a bookmark,
 * a changed time zone and two changed settings (each flipped from its default).
 */
async function makePersonalData(baseURL: string | undefined, user: FreshUser): Promise<MadeData> {
  const api = await CompanyApi.signIn(companyOrigin(baseURL, 'acme'), user.email, FRESH_PASSWORD);
  try {
    const [first, second] = await api.allPosts();
    if (!first || !second) throw new Error('The demo library has fewer than two posts');
    const content = `A remark for the export ${Date.now()}`;
    const commented = await api.send('POST', `/api/v2/post/${first.id}/comment/new`, { content });
    expect(commented.status, 'comment').toBe(200);
    const commentId = (commented.body as { comment: { id: number } }).comment.id;
    expect((await api.send('POST', `/api/v2/post/${first.id}/reaction/type/1`)).status, 'like').toBe(200);
    expect((await api.send('POST', `/api/v2/post/${second.id}/bookmark`)).status, 'bookmark').toBe(200);

    const before = (await api.send('GET', `/api/v1/user/personal-data?_=${Date.now()}`)).body as {
      profile: { id: number };
      settings: { leader_board: { show_in_leader_board: boolean }; notifications: { email_post_shared: boolean } };
    };
    const showInLeaderBoard = !before.settings.leader_board.show_in_leader_board;
    const emailPostShared = !before.settings.notifications.email_post_shared;
    const saved = await api.send('POST', `/api/v1/user/${before.profile.id}`, {
      timezone: 'Europe/Berlin',
      user_settings: { leader_board: { show_in_leader_board: showInLeaderBoard }, notifications: { email_post_shared: emailPostShared } },
    });
    expect(saved.status, 'settings').toBe(200);
    return { comment: { id: commentId, postId: first.id, content }, likedPostId: first.id, bookmarkedPostId: second.id, showInLeaderBoard, emailPostShared };
  } finally {
    await api.dispose();
  }
}

/** In onboarding, links LinkedIn through the sandbox network's consent page. */
async function linkSandboxLinkedIn(page: Page, accountName: string): Promise<void> {
  const card = page.getByRole('region', { name: 'LinkedIn' });
  await card.getByRole('button', { name: 'Link LinkedIn' }).click();
  await page.getByRole('textbox', { name: 'Account name' }).fill(accountName);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(card.getByText(`Linked as ${accountName}`)).toBeVisible();
}

/** What a deactivated account's owner is told at sign-in (493). */
const DEACTIVATED_MESSAGE = 'This account is deactivated. Your data is kept: ask an administrator of your company to reactivate it, then sign in again.';

/** The sign-in attempt of a removed account fails: a deleted one with the 302 message, a deactivated one with 493's. */
async function expectSignInRefused(page: Page, email: string, message = 'Wrong username or password.'): Promise<void> {
  await page.goto('/sign-in');
  await signInWithEmail(page, email, FRESH_PASSWORD);
  const toast = page.getByRole('listitem', { name: 'Authentication problem' });
  await expect(toast).toHaveAccessibleDescription(message);
  await expect(page).toHaveURL(/\/sign-in\/email$/);
}

test('the privacy page shows and downloads the personal data as personalData.json', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'privacy');
  const made = await makePersonalData(baseURL, user);
  await signInFreshUser(page, user);
  await expect(page).toHaveURL(/\/onboarding/);
  await linkSandboxLinkedIn(page, 'Exported Linker');
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/legal/terms');
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/legal/privacy');
  expect(await wcagViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'View' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your personal data' });
  await expect(dialog).toContainText(`"username": "${user.email}"`);
  await expect(dialog).toContainText(`"first_name": "${user.firstName}"`);
  expect(await wcagViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('personalData.json');
  const text = await readFile(await download.path(), 'utf8');
  const data = JSON.parse(text) as Record<string, unknown>;
  expect(data['profile']).toMatchObject({ username: user.email, first_name: user.firstName, last_name: 'Person', timezone: 'Europe/Berlin' });
  expect(data['companies']).toEqual([expect.objectContaining({ subdomain: 'acme', company_name: 'Acme Corporation', role: 3 })]);
  expect(data['queue']).toMatchObject({ items: [] });
  for (const key of ['settings', 'social_accounts', 'shares', 'comments', 'likes', 'bookmarks', 'followed_topics', 'events']) expect(data).toHaveProperty(key);
  // Exactly what the user made, and nothing of anyone else's.
  expect(data['comments']).toEqual([expect.objectContaining({ id: made.comment.id, post_id: made.comment.postId, content: made.comment.content })]);
  expect(data['likes']).toEqual([expect.objectContaining({ post_id: made.likedPostId, type: 1 })]);
  expect(data['bookmarks']).toEqual([expect.objectContaining({ post_id: made.bookmarkedPostId })]);
  expect(data['social_accounts']).toEqual([expect.objectContaining({ network: 3, username: 'Exported Linker', is_active: true })]);
  expect(data['settings']).toMatchObject({
    leader_board: { show_in_leader_board: made.showInLeaderBoard },
    notifications: { email_post_shared: made.emailPostShared },
  });
  // No secrets, under any key or in any value.
  for (const secret of ['token', 'secret', 'password']) expect(text.toLowerCase(), `personalData.json mentions '${secret}'`).not.toContain(secret);
  expect(text).not.toContain(FRESH_PASSWORD);
});

test('deactivation asks for the password, counts down 10 s, signs out, and the account can no longer sign in', async ({ page, baseURL }) => {
  // The countdown runs on the page clock, which the test moves by hand once the password is right.
  await page.clock.install();
  await recordApiCalls(page, ['/api/v1/auth/sign-out']);
  const user = await signUpFreshUser(baseURL ?? '', 'deactivate');
  await openPrivacy(page, user);

  await page.getByRole('button', { name: 'Deactivate account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate your account' });
  await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(dialog.getByText('Please enter your password')).toBeVisible();
  await dialog.getByLabel('Password').fill('Not-my-password1!');
  await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(dialog.getByText('Incorrect password. Please enter correct password.')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  await dialog.getByLabel('Password').fill(FRESH_PASSWORD);
  const pausedAt = await pauseClock(page);
  await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
  const countdown = page.getByRole('alertdialog', { name: 'Done' });
  await expect(countdown.getByText('Your account has been deactivated')).toBeVisible();
  await expect(countdown.getByText('You will be signed out in 10 seconds.')).toBeVisible();
  // axe-core waits on the page's timers, so the clock moves (a millisecond a step) while it runs.
  expect(await whileClockRuns(page, wcagViolations(page))).toEqual([]);

  // Then the clock moves a second at a time, and each second the countdown shows one less.
  const firstSecond = Math.floor(((await pageNow(page)) - pausedAt) / 1000) + 1;
  for (let second = firstSecond; second <= 9; second += 1) {
    await runClockTo(page, pausedAt + second * 1000);
    const left = 10 - second;
    await expect(countdown.getByText(`You will be signed out in ${left} ${left === 1 ? 'second' : 'seconds'}.`)).toBeVisible();
  }
  await runClockTo(page, pausedAt + 9900);
  await expect(countdown.getByText('You will be signed out in 1 second.')).toBeVisible();
  expect(await apiCallTimes(page, '/api/v1/auth/sign-out'), 'no sign-out before 10 s').toEqual([]);
  await expect(page).toHaveURL(/\/privacy$/);

  // The countdown signs out by itself once 10 seconds have passed.
  await runClockTo(page, pausedAt + 10_300);
  await expect.poll(() => apiCallTimes(page, '/api/v1/auth/sign-out'), { message: 'one sign-out' }).toHaveLength(1);
  const [signOut] = await apiCallTimes(page, '/api/v1/auth/sign-out');
  expect((signOut ?? 0) - pausedAt).toBeGreaterThanOrEqual(10_000);
  expect((signOut ?? 0) - pausedAt).toBeLessThanOrEqual(10_250);
  await page.clock.resume();
  await expect(page).toHaveURL(/\/sign-in$/);

  await expectSignInRefused(page, user.email, DEACTIVATED_MESSAGE);
});

test('a deletion request reaches admin@acme.example, who confirms it by typing DELETE', async ({ page, browser, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'delete');
  await openPrivacy(page, user);
  const userId = await signedInUserId(page);
  const since = new Date(Date.now() - 1000).toISOString();

  await requestDeletion(page);
  const link = await mailedDeletionLink(baseURL, user, since);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await admin.goto(link);
    // Signed out: sign-in keeps delete_code and returns to the confirmation afterwards.
    await expect(admin).toHaveURL(/\/sign-in\?.*delete_code=/);
    await signInWithEmail(admin, 'admin@acme.example');
    await expect(admin).toHaveURL(/\/confirm-user-deletion\?delete_code=/);
    await expect(admin.getByRole('heading', { name: 'Confirm user deletion' })).toBeVisible();
    await expect(admin.getByText(user.email)).toBeVisible();
    await expect(admin.getByText(`${user.firstName} Person`)).toBeVisible();
    await expect(requesterDetail(admin, 'User ID')).toHaveText(String(userId));
    expect(await wcagViolations(admin)).toEqual([]);

    const confirm = admin.getByRole('button', { name: 'Confirm', exact: true });
    await expect(confirm).toBeDisabled();
    const typed = admin.getByLabel('Type DELETE to confirm');
    await typed.fill('delete');
    await expect(confirm).toBeDisabled();
    await typed.fill('DELETE');
    await expect(confirm).toBeEnabled();
    await expect(admin.getByRole('button', { name: 'Reject' })).toBeEnabled();
    await confirm.click();
    await expect(admin.getByText('The account has been deleted').first()).toBeVisible();

    // The link is used up.
    await admin.reload();
    await expect(admin.getByText('Failed to get user info due to invalid delete token.')).toBeVisible();
  } finally {
    await adminContext.close();
  }

  await expectSignInRefused(page, user.email);
});

test('an admin rejects a deletion request: the requester is shown with their user ID and can still sign in', async ({ page, browser, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'keep');
  await openPrivacy(page, user);
  const userId = await signedInUserId(page);
  const since = new Date(Date.now() - 1000).toISOString();
  await requestDeletion(page);
  const link = await mailedDeletionLink(baseURL, user, since);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await admin.goto(link);
    await signInWithEmail(admin, 'admin@acme.example');
    await expect(admin).toHaveURL(/\/confirm-user-deletion\?delete_code=/);
    await expect(requesterDetail(admin, 'Name')).toHaveText(`${user.firstName} Person`);
    await expect(requesterDetail(admin, 'Email')).toHaveText(user.email);
    await expect(requesterDetail(admin, 'User ID')).toHaveText(String(userId));

    // Rejecting needs no typed DELETE.
    await expect(admin.getByRole('button', { name: 'Confirm', exact: true })).toBeDisabled();
    await admin.getByRole('button', { name: 'Reject' }).click();
    await expect(admin.getByText('The deletion request has been rejected').first()).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Confirm', exact: true })).toHaveCount(0);

    // The request is closed: its link no longer names anyone.
    await admin.reload();
    await expect(admin.getByText('Failed to get user info due to invalid delete token.')).toBeVisible();
  } finally {
    await adminContext.close();
  }

  // The account is kept: the requester signs in again.
  await signInFreshUser(page, user);
  await expect(page).toHaveURL(/\/onboarding\?slide=1$/);
  expect(await signedInUserId(page)).toBe(userId);
});
