import { describe, expect, it } from 'vitest';
import { slidesFor } from './use-slide-count.ts';

describe('slidesFor', () => {
  it.each([
    [0, 1],
    [320, 1],
    [653, 2],
    [900, 3],
    [1200, 4],
    [2400, 4],
  ])('fits %i px with %i slide(s)', (width, slides) => {
    expect(slidesFor(width)).toBe(slides);
  });
});
