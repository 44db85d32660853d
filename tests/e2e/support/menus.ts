import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens a menu with its button and waits until the open menu has moved the focus to its first
 * item, which Fluent's Menu does as it opens; returns the menu's items. Clicking an item before
 * then lost the click in three full runs (the company switcher's Globex once, the account menu's
 * Sign Out twice): the page had scrolled, the menu was still open and nothing was chosen. Once
 * the focus is in the menu, it stays put until an item is chosen or it closes.
 */
export async function openMenu(page: Page, button: Locator): Promise<Locator> {
  await button.click();
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  return items;
}
