import { expect, test } from './support/fixtures.ts';
import { CompanyApi } from './support/api.ts';
import { companyOrigin, DEMO_USERS } from './support/demo.ts';
import { expectFeed, postTitles, signInWithEmail } from './support/sign-in.ts';

test('a Globex user at globex.localhost sees Globex posts and none of Acme', async ({ page, baseURL }) => {
  const acmeApi = await CompanyApi.signIn(companyOrigin(baseURL, 'acme'), DEMO_USERS.acmeUser);
  const acmeTitles = new Set((await acmeApi.allPosts()).map((post) => post.title));
  await acmeApi.dispose();
  const globexApi = await CompanyApi.signIn(companyOrigin(baseURL, 'globex'), DEMO_USERS.globexUser);
  const globexTitles = new Set((await globexApi.allPosts()).map((post) => post.title));
  await globexApi.dispose();
  expect(acmeTitles.size).toBeGreaterThan(0);
  expect(globexTitles.size).toBeGreaterThan(0);

  await page.goto(`${companyOrigin(baseURL, 'globex')}/sign-in`);
  await signInWithEmail(page, DEMO_USERS.globexUser);
  await expectFeed(page, 1);

  const shown = await postTitles(page);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.filter((title) => !globexTitles.has(title))).toEqual([]);
  expect(shown.filter((title) => acmeTitles.has(title))).toEqual([]);
});
