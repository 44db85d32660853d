import { describe, expect, it } from 'vitest';
import { markSegments } from './caption-marks.ts';

describe('markSegments', () => {
  it('cuts the caption around its marks and gives it back whole', () => {
    const text = 'Get free money now';
    const segments = markSegments(text, [
      { start: 4, end: 8, term: 'free', kind: 'limited' },
      { start: 9, end: 14, term: 'money', kind: 'prohibited' },
    ]);
    expect(segments).toEqual([
      { text: 'Get ', kind: null, terms: [] },
      { text: 'free', kind: 'limited', terms: ['free'] },
      { text: ' ', kind: null, terms: [] },
      { text: 'money', kind: 'prohibited', terms: ['money'] },
      { text: ' now', kind: null, terms: [] },
    ]);
    expect(segments.map((s) => s.text).join('')).toBe(text);
  });

  it('merges overlapping terms into one mark, prohibited when any is', () => {
    expect(markSegments('free money', [
      { start: 0, end: 10, term: 'free money', kind: 'limited' },
      { start: 0, end: 4, term: 'free', kind: 'limited' },
      { start: 5, end: 10, term: 'money', kind: 'prohibited' },
    ])).toEqual([{ text: 'free money', kind: 'prohibited', terms: ['free money', 'free', 'money'] }]);
  });

  it('ignores marks that no longer fit the text (an answer for an older caption)', () => {
    expect(markSegments('short', [{ start: 3, end: 40, term: 'x', kind: 'limited' }])).toEqual([{ text: 'short', kind: null, terms: [] }]);
    expect(markSegments('', [])).toEqual([]);
  });
});
