import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Post } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/v4/post/{id}`: one post. */
export function getPost(postId: number): Promise<Post> {
  return api().post(postId);
}

/** Query options of one post. */
export function postQueryOptions(postId: number) {
  return queryOptions({ queryKey: queryKeys.posts.detail(postId), queryFn: () => getPost(postId) });
}

/** A post id of a route's `:postId` parameter (digits only), or NaN for anything else. */
export function postIdParam(param: string | undefined): number {
  return /^\d+$/.test(param ?? '') ? Number(param) : Number.NaN;
}

/** Whether an id can name a post at all: a positive integer. */
export function isPostId(postId: number): boolean {
  return Number.isInteger(postId) && postId > 0;
}

/** The query of one post; disabled for an id that is not a positive integer. */
export function usePost(postId: number) {
  return useQuery({ ...postQueryOptions(postId), enabled: isPostId(postId) });
}
