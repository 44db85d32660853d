import { describe, expect, it } from 'vitest';
import { dropdownLayout } from './dropdown-layout.ts';

describe('dropdownLayout', () => {
  it.each([
    { count: 0, columns: 1, rows: 1, widthPx: 230, heightPx: null },
    { count: 4, columns: 1, rows: 4, widthPx: 230, heightPx: null },
    { count: 9, columns: 1, rows: 9, widthPx: 230, heightPx: null },
    { count: 10, columns: 1, rows: 10, widthPx: 230, heightPx: 340 },
    { count: 11, columns: 2, rows: 10, widthPx: 430, heightPx: 340 },
    { count: 25, columns: 3, rows: 10, widthPx: 630, heightPx: 340 },
  ])('lays out $count topics in $columns column(s) of $widthPx px', ({ count, ...expected }) => {
    expect(dropdownLayout(count)).toEqual(expected);
  });
});
