import type { BrandVariants } from '@fluentui/react-components';

type Rgb = readonly [number, number, number];

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** Fluent's own brand ramp, used when a company has no usable tint colour. */
export const DEFAULT_BRAND_VARIANTS: BrandVariants = {
  10: '#061724',
  20: '#082338',
  30: '#0a2e4a',
  40: '#0c3b5e',
  50: '#0e4775',
  60: '#0f548c',
  70: '#115ea3',
  80: '#0f6cbd',
  90: '#2886de',
  100: '#479ef5',
  110: '#62abf5',
  120: '#77b7f7',
  130: '#96c6fa',
  140: '#b4d6fa',
  150: '#cfe4fa',
  160: '#ebf3fc',
};
/** Contrast of white text on the primary brand colour (WCAG AA for normal text). */
export const MIN_CONTRAST_WITH_WHITE = 4.5;
// How far the ends of the ramp move from the base colour towards black and white.
const DARKEST_MIX = 0.85;
const LIGHTEST_MIX = 0.92;
const BASE_INDEX = 7;

/** Reads `#rgb` or `#rrggbb` (the `#` optional); null for anything else. */
export function parseHexColor(value: string): Rgb | null {
  const hex = value.trim().replace(/^#/, '');
  const full = /^[0-9a-f]{3}$/i.test(hex) ? [...hex].map((c) => c + c).join('') : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [parseInt(full.slice(0, 2), 16), parseInt(full.slice(2, 4), 16), parseInt(full.slice(4, 6), 16)];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return [from[0] + (to[0] - from[0]) * amount, from[1] + (to[1] - from[1]) * amount, from[2] + (to[2] - from[2]) * amount];
}

function relativeLuminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two colours. */
export function contrastRatio(a: string, b: string): number {
  const first = parseHexColor(a);
  const second = parseHexColor(b);
  if (!first || !second) return 1;
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Fluent brand ramp (shades 10 to 160) from a company's tint colour. Shade 80 is what the
 * light theme paints primary buttons with, so it is the tint itself, darkened only as much as
 * white button text needs to stay readable; lower shades run towards black, higher towards white.
 */
export function brandVariantsFromTint(tint: string | null | undefined): BrandVariants {
  const parsed = tint ? parseHexColor(tint) : null;
  if (!parsed) return DEFAULT_BRAND_VARIANTS;
  let base: Rgb = parsed;
  for (let step = 1; contrastRatio(toHex(base), '#ffffff') < MIN_CONTRAST_WITH_WHITE && step <= 20; step += 1) {
    base = mix(parsed, BLACK, step * 0.05);
  }
  const shade = (index: number): string =>
    toHex(
      index <= BASE_INDEX
        ? mix(base, BLACK, ((BASE_INDEX - index) / BASE_INDEX) * DARKEST_MIX)
        : mix(base, WHITE, ((index - BASE_INDEX) / (15 - BASE_INDEX)) * LIGHTEST_MIX),
    );
  return {
    10: shade(0),
    20: shade(1),
    30: shade(2),
    40: shade(3),
    50: shade(4),
    60: shade(5),
    70: shade(6),
    80: shade(7),
    90: shade(8),
    100: shade(9),
    110: shade(10),
    120: shade(11),
    130: shade(12),
    140: shade(13),
    150: shade(14),
    160: shade(15),
  };
}
