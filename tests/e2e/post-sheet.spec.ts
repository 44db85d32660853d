import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { ACME_USER_STATE } from './support/demo.ts';
import { openScreen, SIGNED_IN_SCREENS } from './support/screens.ts';

/**
 * What of the open post sheet lies outside the visible window (without a scrollbar or its gutter),
 * sticks out of the sheet, or sits in a box narrower than its content (clipped or scrolling
 * sideways): each entry names the element and its horizontal extent. All empty when it fits.
 */
async function sheetOverflow(page: Page): Promise<{ outside: string[]; pastEdge: string[]; clipped: string[] }> {
  return page.getByRole('dialog').evaluate((dialog) => {
    // What a fixed box can show: the window less any scrollbar or the gutter the open dialog keeps for it.
    const probe = document.body.appendChild(Object.assign(document.createElement('div'), { style: 'position:fixed;left:0;right:0;top:0;height:1px' }));
    const visible = probe.getBoundingClientRect().width;
    probe.remove();
    const sheet = dialog.getBoundingClientRect();
    const left = Math.max(sheet.left, 0);
    const right = Math.min(sheet.right, visible);
    const name = (element: Element): string => {
      const label = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().slice(0, 30);
      return `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')} "${label}"`;
    };
    const outside: string[] = [];
    const pastEdge: string[] = [];
    const clipped: string[] = [];
    if (sheet.left < -0.5 || sheet.right > visible + 0.5) outside.push(`the sheet ${Math.round(sheet.left)}..${Math.round(sheet.right)} in a ${visible} px window`);
    for (const element of dialog.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // Visually hidden text (1 px, clipped) is for screen readers only.
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') continue;
      const extent = `${Math.round(box.left)}..${Math.round(box.right)}`;
      const control = element.matches('button, a[href], input, textarea, select, [role="button"], [role="tab"], [role="radio"], [role="checkbox"], img, video');
      if (control && (box.left < -0.5 || box.right > visible + 0.5)) outside.push(`${name(element)} ${extent} in a ${visible} px window`);
      if (box.left < left - 0.5 || box.right > right + 0.5) pastEdge.push(`${name(element)} ${extent} (sheet ${Math.round(left)}..${Math.round(right)})`);
      if (style.overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1) clipped.push(`${name(element)} content ${element.scrollWidth} px in ${element.clientWidth} px`);
    }
    if (dialog.scrollWidth > dialog.clientWidth + 1) clipped.push(`the sheet: content ${dialog.scrollWidth} px in ${dialog.clientWidth} px`);
    return { outside, pastEdge, clipped };
  });
}

for (const width of [320, 375]) {
  test.describe(`the post sheet at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, storageState: ACME_USER_STATE });

    test('fits the window: nothing overflows sideways and every control is inside', async ({ page }) => {
      test.setTimeout(240_000);
      await openScreen(page, SIGNED_IN_SCREENS[0] ?? { name: 'feed', path: '/', heading: 'Your feed' });
      await expect(page.getByRole('article').first()).toBeVisible();
      const ids = (await page.getByRole('article').evaluateAll((articles) => articles.map((a) => a.getAttribute('data-post-id')))).filter((id): id is string => id !== null).slice(0, 6);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) {
        await page.goto(`/post/${id}`);
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByRole('button', { name: 'Close' }).last()).toBeVisible();
        await expect(dialog.getByRole('progressbar')).toHaveCount(0);
        const found = await sheetOverflow(page);
        expect(found, `post ${id} at ${width} px`).toEqual({ outside: [], pastEdge: [], clipped: [] });
      }
    });
  });
}
