import { openInTeamsHarness } from '../teams-harness/index.ts';
import { expect, test } from './support/fixtures.ts';
import { CompanyApi } from './support/api.ts';
import { ACME_USER_STATE, DEMO_USERS } from './support/demo.ts';

test.use({ storageState: ACME_USER_STATE });

test('a Teams deep link post:<id> opens that post in the tab', async ({ page, baseURL }) => {
  const api = await CompanyApi.signIn(new URL(baseURL ?? '').origin, DEMO_USERS.acmeUser);
  const posts = await api.allPosts();
  await api.dispose();
  const post = posts[Math.min(5, posts.length - 1)];
  if (post === undefined) {
    throw new Error('The demo data has no Acme posts');
  }

  const harness = await openInTeamsHarness(page, { subPageId: `post:${post.id}` });
  await expect(harness.tab.getByRole('dialog').getByRole('heading', { name: post.title })).toBeVisible();
  expect(harness.tabPath()).toBe(`/tab/post/${post.id}`);
});
