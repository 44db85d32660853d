import { createDarkTheme } from '@fluentui/react-components';
import type { BrandVariants, Theme } from '@fluentui/react-components';

/**
 * The dark theme of a brand, following Fluent's guidance: lighter brand shades for text and
 * links on dark backgrounds. Its own module so that only people in dark mode load it.
 */
export function brandDarkTheme(brand: BrandVariants): Theme {
  return { ...createDarkTheme(brand), colorBrandForeground1: brand[110], colorBrandForeground2: brand[120], colorBrandForegroundLink: brand[120] };
}
