import { describe, expect, it } from 'vitest';
import type { Comment, CommentListResponse } from '@chorus/core';
import { visibleComments } from './comments.ts';

function comment(id: number): Comment {
  const at = new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString();
  return { id, user: { id: 1, full_name: 'Ada Person', picture_images: { avatar: null } }, content: `comment ${id}`, created: at, modified: at, edited: false };
}

function page(pageNum: number, ids: number[], totalPages: number): CommentListResponse {
  return { objects: ids.map(comment), num_results: ids.length, page_num: pageNum, total_pages: totalPages };
}

const ids = (list: Comment[]): number[] => list.map((c) => c.id);

describe('visibleComments', () => {
  it('shows nothing before the first page arrives, except comments added here', () => {
    expect(visibleComments(undefined, [])).toEqual([]);
    expect(ids(visibleComments(undefined, [comment(9)]))).toEqual([9]);
  });

  it('puts a comment added here after the loaded pages when its own page is not loaded', () => {
    const data = { pages: [page(1, [1, 2, 3], 2)], pageParams: [1] };
    expect(ids(visibleComments(data, [comment(7)]))).toEqual([1, 2, 3, 7]);
  });

  it('shows each comment once when the pages hold it too, or a later page repeats one', () => {
    const data = { pages: [page(1, [1, 2, 3], 2), page(2, [3, 4, 7], 2)], pageParams: [1, 2] };
    expect(ids(visibleComments(data, [comment(7)]))).toEqual([1, 2, 3, 4, 7]);
  });
});
