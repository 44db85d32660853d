import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkInviteV1, ErrorCode, getInviteV2, isApiError, SIGN_UP_INVITE_POLL_MS, type InviteResponse } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * Tries of the invite look-up before the sign-up screen gives up: the first and then one every
 * SIGN_UP_INVITE_POLL_MS, so about ten seconds of waiting.
 */
export const INVITE_LOOKUP_TRIES = 10;

/** The invite of a code: tried as a v2 invite, then (when v2 does not know it) as a v1 invite. */
export async function getInvite(code: string): Promise<InviteResponse> {
  try {
    return await getInviteV2(api(), code);
  } catch (error) {
    if (!inviteUnknown(error)) throw error;
    return checkInviteV1(api(), code);
  }
}

/** The server's final word that no invite has this code (307, or a malformed code). */
export function inviteUnknown(error: unknown): boolean {
  return isApiError(error, ErrorCode.INVITE_NOT_FOUND, ErrorCode.MISSING_OR_INCORRECT, ErrorCode.NOT_FOUND);
}

/**
 * Whether to ask again after a failed look-up: not when the invite is unknown (that answer is
 * final), else while tries are left. A failure that is no answer about the invite (the network,
 * the server busy or starting, the rate limit) is waited out, polling every SIGN_UP_INVITE_POLL_MS.
 */
export function retryInviteLookup(failureCount: number, error: unknown): boolean {
  return !inviteUnknown(error) && failureCount < INVITE_LOOKUP_TRIES - 1;
}

/** Query options of an invite: an unknown invite fails at once, other failures are polled (see retryInviteLookup). */
export function inviteQueryOptions(code: string) {
  return queryOptions({
    queryKey: queryKeys.invite(code),
    queryFn: () => getInvite(code),
    retry: retryInviteLookup,
    retryDelay: SIGN_UP_INVITE_POLL_MS,
    staleTime: Infinity,
  });
}

/** The invite query. */
export function useInvite(code: string) {
  return useQuery(inviteQueryOptions(code));
}
