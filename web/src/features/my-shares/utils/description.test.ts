import { describe, expect, it } from 'vitest';
import { timelineDescription } from './description.ts';

describe('timelineDescription', () => {
  it.each([
    ['', false, null],
    ['   ', true, null],
    ['Short caption', true, 'Short caption'],
    ['a'.repeat(35), true, 'a'.repeat(35)],
    ['a'.repeat(36), true, `${'a'.repeat(35)}…`],
    ['a'.repeat(55), false, 'a'.repeat(55)],
    ['a'.repeat(56), false, `${'a'.repeat(55)}…`],
    // Characters, not UTF-16 units: an emoji is not cut in half.
    ['😀'.repeat(40), true, `${'😀'.repeat(35)}…`],
  ])('%j on a phone %s gives %j', (content, mobile, expected) => {
    expect(timelineDescription(content, mobile)).toBe(expected);
  });
});
