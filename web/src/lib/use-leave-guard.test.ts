import { describe, expect, it } from 'vitest';
import { appPath } from './use-leave-guard.ts';

const origin = 'https://acme.chorus.example';

describe('appPath', () => {
  it.each([
    { url: `${origin}/`, base: '/', expected: '/' },
    { url: `${origin}/topic/4?sort=latest#top`, base: '/', expected: '/topic/4?sort=latest#top' },
    { url: `${origin}/tab/privacy`, base: '/tab/', expected: '/privacy' },
    { url: `${origin}/tab/privacy`, base: '/tab', expected: '/privacy' },
    { url: `${origin}/tab`, base: '/tab/', expected: null },
    { url: `${origin}/other/privacy`, base: '/tab/', expected: null },
    { url: 'https://globex.chorus.example/', base: '/', expected: null },
  ])('$url under $base is $expected', ({ url, base, expected }) => {
    expect(appPath(new URL(url), base, origin)).toBe(expected);
  });
});
