import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Post } from '@chorus/core';
import { api } from '../../../lib/api.ts';

/** `GET /api/v4/post/{id}`: one post. */
export function getPost(postId: number): Promise<Post> {
  return api().post(postId);
}

/** Query options of one post. */
export function postQueryOptions(postId: number) {
  return queryOptions({ queryKey: ['posts', 'detail', postId], queryFn: () => getPost(postId) });
}

/** The query of one post; disabled for an id that is not a positive integer. */
export function usePost(postId: number) {
  return useQuery({ ...postQueryOptions(postId), enabled: Number.isInteger(postId) && postId > 0 });
}
