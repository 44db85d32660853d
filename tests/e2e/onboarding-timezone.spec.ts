/**
 * Onboarding's time-zone Save (accounts spec 5): highlighted (Fluent's primary appearance)
 * only while the chosen zone differs from the saved one.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { signInFreshUser, signUpFreshUser } from './support/fresh-user.ts';

/**
 * Which of Fluent's button appearances the button is painted with: its background is the
 * theme's brand background (primary) or neutral background (secondary), read in its own
 * theme scope. The pointer must not rest on it, as hovering changes the colour.
 */
function appearance(button: Locator): Promise<string> {
  return button.evaluate((element) => {
    const colourOf = (variable: string): string => {
      const probe = document.createElement('span');
      probe.style.backgroundColor = `var(${variable})`;
      element.parentElement?.append(probe);
      const colour = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return colour;
    };
    const background = getComputedStyle(element).backgroundColor;
    if (background === colourOf('--colorBrandBackground')) return 'primary';
    if (background === colourOf('--colorNeutralBackground1')) return 'secondary';
    return `neither (${background})`;
  });
}

/** Picks a zone in the time-zone box by typing part of its name. */
async function chooseZone(page: Page, typed: string, option: RegExp): Promise<void> {
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.fill(typed);
  await zone.click();
  await page.getByRole('option', { name: option }).click();
  await page.mouse.move(0, 0);
}

test('the time-zone Save is highlighted only while the choice differs from the saved zone', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'tzsave');
  await signInFreshUser(page, user);
  await expect(page).toHaveURL(/\/onboarding\?slide=1$/);

  const zone = page.getByRole('combobox', { name: 'Time zone' });
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(zone).toHaveValue(/US\/Eastern|New_York/);
  await page.mouse.move(0, 0);
  await expect.poll(() => appearance(save), { message: 'unchanged: not highlighted' }).toBe('secondary');

  await chooseZone(page, 'Berlin', /Europe\/Berlin/);
  await expect(zone).toHaveValue(/Europe\/Berlin/);
  await expect.poll(() => appearance(save), { message: 'changed: highlighted' }).toBe('primary');

  await save.click();
  await page.mouse.move(0, 0);
  await expect(page.getByRole('listitem').filter({ hasText: 'Your time zone was saved.' })).toBeVisible();
  await expect.poll(() => appearance(save), { message: 'saved: not highlighted' }).toBe('secondary');

  await chooseZone(page, 'Tokyo', /Asia\/Tokyo/);
  await expect(zone).toHaveValue(/Asia\/Tokyo/);
  await expect.poll(() => appearance(save), { message: 'changed again: highlighted' }).toBe('primary');

  // Back to the saved zone: nothing to save any more.
  await chooseZone(page, 'Berlin', /Europe\/Berlin/);
  await expect(zone).toHaveValue(/Europe\/Berlin/);
  await expect.poll(() => appearance(save), { message: 'back to the saved zone: not highlighted' }).toBe('secondary');
});
