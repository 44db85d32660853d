import { describe, expect, it } from 'vitest';
import { FilterBy, SortBy } from '@chorus/core';
import { topicOfParam, topicPostsQuery } from './get-posts.ts';

describe('topicOfParam', () => {
  it.each([
    { raw: '12', expected: 12, why: 'a numeric topic id' },
    { raw: 'latest', expected: null, why: 'Explore' },
    { raw: 'search', expected: undefined, why: 'a special topic with its own route' },
    { raw: '-1', expected: undefined, why: 'the recommended drawer' },
    { raw: '12abc', expected: undefined, why: 'not a number' },
    { raw: '', expected: undefined, why: 'no topic' },
  ])('$why: $expected', ({ raw, expected }) => {
    expect(topicOfParam(raw)).toBe(expected);
  });
});

describe('topicPostsQuery', () => {
  it("asks for one topic's posts under the library state's filter, and its sort when one is chosen", () => {
    expect(topicPostsQuery(7, { filterBy: FilterBy.UNSHARED, sortBy: null })).toEqual({ filter_by: FilterBy.UNSHARED, categories: [7] });
    expect(topicPostsQuery(7, { filterBy: FilterBy.ALL, sortBy: SortBy.TOP_PERFORMING })).toEqual({ filter_by: FilterBy.ALL, sort_by: SortBy.TOP_PERFORMING, categories: [7] });
  });

  it('asks for every post on Explore', () => {
    expect(topicPostsQuery(null, { filterBy: FilterBy.ALL, sortBy: null })).toEqual({ filter_by: FilterBy.ALL });
  });
});
