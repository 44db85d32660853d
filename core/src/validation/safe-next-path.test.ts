import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next-path.ts';

describe('safeNextPath', () => {
  it.each([
    ['/', '/'],
    ['/feed', '/feed'],
    ['/post/12', '/post/12'],
    ['/posts/3?tab=a', '/posts/3?tab=a'],
    ['/topic/3?sort_by=latest', '/topic/3?sort_by=latest'],
    ['/settings#social-twitter', '/settings#social-twitter'],
    ['/a/../post/1', '/post/1'],
    ['/search?q=a%20b', '/search?q=a%20b'],
    ['/a/%2fb', '/a/%2fb'],
  ])('accepts the app path %j as %j', (input, expected) => {
    expect(safeNextPath(input)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    42,
    '',
    'feed',
    'post/12',
    ' /post/1',
    '//evil.example',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    '/path\\..\\x',
    'https://evil.example/',
    'http:/evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,x',
    '/%2f%2fevil.example',
    '/%2F%2Fevil.example',
    '%2f%2fevil.example',
    '/%5cevil.example',
    '/%5Cevil.example',
    '/%252f%252fevil.example',
    '/%255cevil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/%E0%A4%A',
    '/\tpath',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/a\u0000b',
    '/a\u007fb',
    `/${'a'.repeat(2001)}`,
  ])('refuses %j', (input) => {
    expect(safeNextPath(input)).toBeNull();
  });
});
