import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkInviteV1, getInviteV2, type InviteResponse } from '@chorus/core';
import { api } from '../../../lib/api.ts';

/** The invite of a code: tried as a v2 invite, then as a v1 invite; fails when neither knows it. */
export async function getInvite(code: string): Promise<InviteResponse> {
  try {
    return await getInviteV2(api(), code);
  } catch {
    return checkInviteV1(api(), code);
  }
}

/** Query options of an invite; a failure is final (the link is no longer valid), so no retry. */
export function inviteQueryOptions(code: string) {
  return queryOptions({ queryKey: ['invite', code], queryFn: () => getInvite(code), retry: false, staleTime: Infinity });
}

/** The invite query. */
export function useInvite(code: string) {
  return useQuery(inviteQueryOptions(code));
}
