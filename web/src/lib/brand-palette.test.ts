import { describe, expect, it } from 'vitest';
import { brandVariantsFromTint, contrastRatio, DEFAULT_BRAND_VARIANTS, MIN_CONTRAST_WITH_WHITE, parseHexColor } from './brand-palette.ts';

const SHADES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const;

function luminanceOrder(tint: string): number[] {
  const variants = brandVariantsFromTint(tint);
  return SHADES.map((shade) => contrastRatio(variants[shade], '#000000'));
}

describe('parseHexColor', () => {
  it.each([
    ['#0f6cbd', [15, 108, 189]],
    ['0F6CBD', [15, 108, 189]],
    ['#fff', [255, 255, 255]],
    ['  #000000 ', [0, 0, 0]],
  ])('reads %s', (input, rgb) => {
    expect(parseHexColor(input)).toEqual(rgb);
  });

  it.each(['', 'blue', '#12345', '#1234567', 'rgb(0,0,0)', '#ggg'])('rejects %j', (input) => {
    expect(parseHexColor(input)).toBeNull();
  });
});

describe('brandVariantsFromTint', () => {
  it('keeps a dark enough tint as shade 80', () => {
    expect(brandVariantsFromTint('#0F6CBD')[80]).toBe('#0f6cbd');
    expect(brandVariantsFromTint('#6b2c91')[80]).toBe('#6b2c91');
  });

  it('falls back to the Fluent ramp for missing or invalid colours', () => {
    expect(brandVariantsFromTint(null)).toBe(DEFAULT_BRAND_VARIANTS);
    expect(brandVariantsFromTint('not a colour')).toBe(DEFAULT_BRAND_VARIANTS);
  });

  it('darkens a light tint until white text on it is readable', () => {
    for (const tint of ['#ffcc00', '#8fd3ff', '#ffffff']) {
      const base = brandVariantsFromTint(tint)[80];
      expect(contrastRatio(base, '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST_WITH_WHITE);
    }
  });

  it('produces sixteen shades that only get lighter', () => {
    for (const tint of ['#0f6cbd', '#c50f1f', '#107c10', '#ffcc00']) {
      const order = luminanceOrder(tint);
      expect(order).toHaveLength(16);
      for (let i = 1; i < order.length; i += 1) {
        expect(order[i]).toBeGreaterThan(order[i - 1] ?? 0);
      }
    }
  });

  it('returns lower-case six-digit hex colours', () => {
    for (const value of Object.values(brandVariantsFromTint('#ABC'))) {
      expect(value).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});
