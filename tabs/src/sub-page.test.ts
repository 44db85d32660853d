import { describe, expect, it } from 'vitest';
import { pathForSubPageId } from './sub-page.ts';

describe('pathForSubPageId', () => {
  it.each([
    ['post:123', '/post/123'],
    [' post:42 ', '/post/42'],
    ['post:a1b2-c3', '/post/a1b2-c3'],
    ['post:', undefined],
    ['post:1/../../admin', undefined],
    ['topic:5', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('turns %s into %s', (subPageId, expected) => {
    expect(pathForSubPageId(subPageId)).toBe(expected);
  });
});
