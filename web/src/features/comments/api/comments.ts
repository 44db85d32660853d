import { useState } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { deleteComment, listComments, saveComment, type Comment, type CommentListResponse, type Post } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { patchPostEverywhere } from '../../../lib/post-cache.ts';

/** Query key of a post's comments. */
export function commentsKey(postId: number) {
  return ['comments', postId] as const;
}

/** `GET /api/v2/post/{postId}/comment`, page by page, oldest first. */
export function commentsQueryOptions(postId: number) {
  return infiniteQueryOptions({
    queryKey: commentsKey(postId),
    queryFn: ({ pageParam }) => listComments(api(), postId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: CommentListResponse) => (last.page_num < last.total_pages ? last.page_num + 1 : undefined),
  });
}

/** A post's comments. */
export function useComments(postId: number) {
  return useInfiniteQuery(commentsQueryOptions(postId));
}

type CommentPages = InfiniteData<CommentListResponse, number>;

function mapComments(data: CommentPages | undefined, change: (comments: Comment[]) => Comment[]): CommentPages | undefined {
  if (data === undefined) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, objects: change(page.objects) })) };
}

/**
 * Adding, editing and deleting comments. Each keeps the list and the post's comment count
 * (wherever the post is cached) in step with the server's answer.
 *
 * The list is oldest first, so a new comment belongs on the last page, which may not be
 * loaded on a post with many comments. The comments added here are therefore also kept in
 * `added` (shown once, by `visibleComments`, whether or not a loaded page holds them), so
 * the author always sees what they posted.
 */
export function useCommentMutations(post: Post) {
  const queryClient = useQueryClient();
  const key = commentsKey(post.id);
  const [added, setAdded] = useState<Comment[]>([]);
  const onCount = (count: number): void => patchPostEverywhere(queryClient, post.id, (p) => ({ ...p, comments: { num_results: count } }));

  const add = useMutation({
    mutationFn: (content: string) => saveComment(api(), post.id, null, content),
    onSuccess: (result) => {
      onCount(result.comments.num_results);
      setAdded((list) => [...list, result.comment]);
      // Others may have commented meanwhile: refresh the loaded pages.
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const edit = useMutation({
    mutationFn: (input: { id: number; content: string }) => saveComment(api(), post.id, input.id, input.content),
    onSuccess: (result) => {
      const replace = (list: Comment[]): Comment[] => list.map((c) => (c.id === result.comment.id ? result.comment : c));
      queryClient.setQueryData<CommentPages>(key, (data) => mapComments(data, replace));
      setAdded(replace);
    },
  });
  const remove = useMutation({
    mutationFn: (input: { id: number; asManager: boolean }) => deleteComment(api(), post.id, input.id, input.asManager),
    onSuccess: (result, input) => {
      onCount(result.comments.num_results);
      const drop = (list: Comment[]): Comment[] => list.filter((c) => c.id !== input.id);
      queryClient.setQueryData<CommentPages>(key, (data) => mapComments(data, drop));
      setAdded(drop);
    },
  });
  return { add, edit, remove, added };
}

/**
 * The comments to show: the loaded pages in order (a comment can appear on two pages when
 * others commented between page loads), then those added here that the pages do not hold.
 */
export function visibleComments(data: { pages: readonly CommentListResponse[] } | undefined, added: readonly Comment[]): Comment[] {
  const seen = new Set<number>();
  const out: Comment[] = [];
  for (const comment of [...(data?.pages.flatMap((page) => page.objects) ?? []), ...added]) {
    if (seen.has(comment.id)) continue;
    seen.add(comment.id);
    out.push(comment);
  }
  return out;
}
