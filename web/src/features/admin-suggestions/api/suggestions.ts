import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { approveSuggestion, listAdminSuggestions, previewPostLink, rejectSuggestion, type AdminSuggestionListQuery, type RejectSuggestionRequest } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/v1/admin/suggestions`: one page of the queue, read fresh (members suggest at any time). */
export function useSuggestions(query: AdminSuggestionListQuery) {
  return useQuery({ queryKey: queryKeys.admin.suggestions.list(query), queryFn: () => listAdminSuggestions(api(), query), placeholderData: keepPreviousData, staleTime: 0 });
}

/** A suggested link's preview, read once per link; none when it does not open (the link is shown as it is). */
export function useSuggestedLinkPreview(url: string | null) {
  return useQuery({
    queryKey: queryKeys.admin.linkPreview(url ?? ''),
    queryFn: () => previewPostLink(api(), url ?? ''),
    enabled: url !== null,
    staleTime: Infinity,
    retry: false,
  });
}

/** After a decision the queue and the console's posts (an approval adds a draft) are read again, whatever the answer. */
function useRefreshAfterReview() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.admin.suggestions.all() }), queryClient.invalidateQueries({ queryKey: queryKeys.admin.posts.all() })]);
}

/** Approves a suggestion into a draft; answers the draft's post id. */
export function useApproveSuggestion() {
  const refresh = useRefreshAfterReview();
  return useMutation({ mutationFn: (id: number) => approveSuggestion(api(), id), onSettled: refresh });
}

/** Rejects a suggestion with a reason and an optional note. */
export function useRejectSuggestion() {
  const refresh = useRefreshAfterReview();
  return useMutation({ mutationFn: ({ id, input }: { id: number; input: RejectSuggestionRequest }) => rejectSuggestion(api(), id, input), onSettled: refresh });
}
