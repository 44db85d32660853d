import type { Frame, Page } from '@playwright/test';

/**
 * Blocks web storage as Chromium's default profile does in a third-party frame (a Teams tab):
 * reading `window.localStorage` or `window.sessionStorage` throws a `SecurityError`, from
 * before the app starts. `where: 'frames'` blocks it only in framed documents (the tab inside
 * the Teams harness), `'everywhere'` in top-level pages too.
 */
export async function blockStorage(page: Page, where: 'frames' | 'everywhere'): Promise<void> {
  await page.addInitScript((onlyFrames) => {
    if (onlyFrames && window === window.top) return;
    for (const name of ['localStorage', 'sessionStorage'] as const) {
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException(`Failed to read the '${name}' property from 'Window': Access is denied for this document.`, 'SecurityError');
        },
      });
    }
  }, where === 'frames');
}

/** How reading `window[name]` in the page or frame ends: 'readable', or the error's name. */
export function storageAccess(target: Pick<Page | Frame, 'evaluate'>, name: 'localStorage' | 'sessionStorage'): Promise<string> {
  return target.evaluate((storage) => {
    try {
      return typeof window[storage].getItem === 'function' ? 'readable' : 'no getItem';
    } catch (error) {
      return error instanceof DOMException ? error.name : String(error);
    }
  }, name);
}
