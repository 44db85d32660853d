import { describe, expect, it } from 'vitest';
import { feedTitle } from './feed-title.ts';

describe('feedTitle', () => {
  it.each([
    [undefined, 'Feed | Acme'],
    [0, 'Feed | Acme'],
    [1, '(1) Feed | Acme'],
    [20, '(20) Feed | Acme'],
    [21, '(20+) Feed | Acme'],
    [5000, '(20+) Feed | Acme'],
  ])('prefixes %s posts', (count, expected) => {
    expect(feedTitle(count, 'Feed | Acme')).toBe(expected);
  });
});
