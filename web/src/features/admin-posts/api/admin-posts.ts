import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getAdminPost,
  listAdminPostAuthors,
  listAdminPosts,
  previewPostLink,
  runAdminPostAction,
  saveAdminPost,
  uploadPostImage,
  type AdminPostActionRequest,
  type AdminPostInput,
  type AdminPostListQuery,
} from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/v1/admin/posts`: a page of the list; the page shown stays while the next loads. */
export function useAdminPosts(query: AdminPostListQuery) {
  return useQuery({ queryKey: queryKeys.admin.posts.list(query), queryFn: () => listAdminPosts(api(), query), placeholderData: keepPreviousData, staleTime: 0 });
}

/** `GET /api/v1/admin/posts/authors`: the author filter's choices. */
export function useAdminPostAuthors() {
  return useQuery({ queryKey: queryKeys.admin.posts.authors(), queryFn: () => listAdminPostAuthors(api()), staleTime: 60_000 });
}

/** `GET /api/v1/admin/posts/:id`. */
export function adminPostQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.admin.posts.detail(id), queryFn: () => getAdminPost(api(), id), staleTime: 0 });
}

export function useAdminPost(id: number) {
  return useQuery(adminPostQueryOptions(id));
}

/**
 * After a change: the console's lists and the member's library (an admin is a member too, and
 * a published or edited post shows there at once) are read again.
 */
async function refreshAfterChange(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.posts.all() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.posts.feed() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.posts.list() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.topics.all() }),
  ]);
}

/** Creates (id null) or saves a post; the saved post becomes the detail's data. */
export function useSaveAdminPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: AdminPostInput }) => saveAdminPost(api(), id, input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.admin.posts.detail(saved.id), saved);
      queryClient.removeQueries({ queryKey: queryKeys.posts.detail(saved.id) });
      await refreshAfterChange(queryClient);
    },
  });
}

/** Publishes, unpublishes, expires, deletes, restores or moves posts. */
export function useAdminPostAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminPostActionRequest) => runAdminPostAction(api(), input),
    onSuccess: async (_answer, input) => {
      for (const id of input.ids) queryClient.removeQueries({ queryKey: queryKeys.posts.detail(id) });
      await refreshAfterChange(queryClient);
    },
  });
}

/** Uploads one image. */
export function useUploadPostImage() {
  return useMutation({ mutationFn: (file: Blob) => uploadPostImage(api(), file) });
}

/** Reads a link's preview. */
export function usePreviewPostLink() {
  return useMutation({ mutationFn: (url: string) => previewPostLink(api(), url) });
}
