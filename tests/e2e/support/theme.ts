import type { FrameLocator } from '@playwright/test';

/**
 * Relative luminance (0 dark to 1 light) of the background the app paints: the background of
 * the innermost Fluent provider, which carries the theme's neutral background colour.
 */
export async function backgroundLuminance(tab: FrameLocator): Promise<number> {
  const colour = await tab.locator('.fui-FluentProvider').first().evaluate((element) => getComputedStyle(element).backgroundColor);
  const channels = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(colour);
  if (channels === null) {
    throw new Error(`Unexpected background colour ${colour}`);
  }
  const [red, green, blue] = channels.slice(1, 4).map((channel) => Number(channel) / 255);
  return 0.2126 * (red ?? 0) + 0.7152 * (green ?? 0) + 0.0722 * (blue ?? 0);
}
