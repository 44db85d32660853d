import { test as base, type Page } from '@playwright/test';

/**
 * The suites' `test`: every page runs offline, so nothing depends on the internet. teams-js,
 * for one, fetches its list of valid origins from a CDN at load; that request is refused.
 * Loopback addresses (the suite's server, local pages) stay reachable.
 */
export const test = base.extend<{ blockInternet: undefined }>({
  blockInternet: [
    async ({ context }, use) => {
      await context.route(/^https?:\/\/(?![a-z0-9-]+\.localhost[:/]|localhost[:/]|127\.\d+\.\d+\.\d+[:/])/i, (route) =>
        route.abort('internetdisconnected'),
      );
      await use(undefined);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';

/** A toast showing the text (the Toaster also announces it, so the text appears twice). */
export function toast(page: Page, text: string) {
  return page.getByRole('listitem').filter({ hasText: text });
}
