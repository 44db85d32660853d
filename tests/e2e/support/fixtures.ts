import { test as base, type Page } from '@playwright/test';

/**
 * The suites' `test`. Every page runs offline: the browser resolves no name but the suite's own
 * (see the host rules in playwright.config.ts), so nothing depends on the internet; teams-js, for
 * one, fetches its list of valid origins from a CDN at load, and that request fails at once.
 */
export const test = base;

export { expect } from '@playwright/test';

/** A toast showing the text (the Toaster also announces it, so the text appears twice). */
export function toast(page: Page, text: string) {
  return page.getByRole('listitem').filter({ hasText: text });
}
