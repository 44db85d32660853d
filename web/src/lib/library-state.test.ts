import { describe, expect, it } from 'vitest';
import { DEFAULT_LIBRARY_STATE, libraryStorageKey, parseLibraryState } from './library-state.ts';

describe('parseLibraryState', () => {
  it('falls back to the spec defaults for missing or broken storage', () => {
    expect(parseLibraryState(null)).toEqual(DEFAULT_LIBRARY_STATE);
    expect(parseLibraryState('{')).toEqual(DEFAULT_LIBRARY_STATE);
    expect(parseLibraryState('"text"')).toEqual(DEFAULT_LIBRARY_STATE);
    expect(DEFAULT_LIBRARY_STATE).toEqual({ categories: [], query: '', sortBy: null, filterBy: 'all' });
  });

  it('keeps well-formed fields and drops the rest', () => {
    expect(parseLibraryState(JSON.stringify({ categories: [3, -1, 'x', 4], query: 'ai', sortBy: 'top_performing', filterBy: 'unshared' }))).toEqual({
      categories: [3, 4],
      query: 'ai',
      sortBy: 'top_performing',
      filterBy: 'unshared',
    });
    expect(parseLibraryState(JSON.stringify({ sortBy: 'popular', filterBy: 'mine' }))).toEqual(DEFAULT_LIBRARY_STATE);
  });

  it('keys the state by user id', () => {
    expect(libraryStorageKey(7)).toBe('chorus.library.7');
  });
});
