import { test as setup } from './support/fixtures.ts';
import { ACME_USER_STATE, DEMO_USERS } from './support/demo.ts';
import { expectFeed, signInWithEmail } from './support/sign-in.ts';

setup('sign in once as user@acme.example', async ({ page }) => {
  await page.goto('/sign-in');
  await signInWithEmail(page, DEMO_USERS.acmeUser);
  await expectFeed(page);
  await page.context().storageState({ path: ACME_USER_STATE });
});
