import { describe, expect, it } from 'vitest';
import { safeNextPath } from './social-sign-in.ts';

describe('safeNextPath', () => {
  it.each([
    ['/settings', '/settings'],
    ['/post/12?x=1', '/post/12?x=1'],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['https://evil.example/', null],
    ['settings', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});
