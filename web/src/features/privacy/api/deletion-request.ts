import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { confirmUserDeletion, fetchDeletionRequester, rejectUserDeletion } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Query options of the requester behind a delete token (`GET /api/v1/user/confirm/{delete_token}`). */
export function deletionRequesterQueryOptions(deleteCode: string) {
  return queryOptions({ queryKey: queryKeys.privacy.deletionRequest(deleteCode), queryFn: () => fetchDeletionRequester(api(), deleteCode), retry: false });
}

/** The requester behind a delete token. */
export function useDeletionRequester(deleteCode: string) {
  return useQuery({ ...deletionRequesterQueryOptions(deleteCode), enabled: deleteCode.length > 0 });
}

/** `DELETE /api/v1/user/confirm/{delete_token}`. */
export function useConfirmDeletion() {
  return useMutation({ mutationFn: (deleteCode: string) => confirmUserDeletion(api(), deleteCode) });
}

/** `POST /api/v1/user/reject`. */
export function useRejectDeletion() {
  return useMutation({ mutationFn: (deleteCode: string) => rejectUserDeletion(api(), deleteCode) });
}
