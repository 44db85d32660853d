import { describe, expect, it } from 'vitest';
import { aiEfficacy, editDistance } from './ai-efficacy.ts';

describe('editDistance (Levenshtein)', () => {
  it.each<[string, string, number]>([
    ['', '', 0],
    ['abc', '', 3],
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
    ['flaw', 'lawn', 2],
    ['same', 'same', 0],
    ['Same', 'same', 1],
    ['🚀 launch', '🎉 launch', 1],
  ])('%s -> %s is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe('aiEfficacy: 1 minus the normalised edit distance', () => {
  it.each<[string, string | null | undefined, string, number]>([
    ['unchanged', 'Proud of our team.', 'Proud of our team.', 1],
    ['nothing offered', null, 'anything', 1],
    ['nothing offered (undefined)', undefined, '', 1],
    ['both empty', '', '', 1],
    ['everything removed', 'abcd', '', 0],
    ['fully rewritten, same length', 'abcd', 'wxyz', 0],
    ['one of four characters changed', 'abcd', 'abcx', 0.75],
    ['kitten to sitting: 3 edits over 7', 'kitten', 'sitting', 1 - 3 / 7],
    ['a word appended', 'Great news', 'Great news!', 1 - 1 / 11],
  ])('%s', (_name, offered, shared, expected) => {
    expect(aiEfficacy(offered, shared)).toBeCloseTo(expected, 10);
  });

  it('stays within 0 and 1 for unrelated texts of different lengths', () => {
    const value = aiEfficacy('short', 'a much longer caption that shares nothing');
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThan(0.3);
  });
});
