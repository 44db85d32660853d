import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  checkRecoveryCode,
  requestLoginAssistance,
  requestMagicLink,
  requestPasswordRecovery,
  resetPassword,
  signInWithMagicLink,
  type LoginAssistanceRequest,
  type ResetPasswordRequest,
} from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `POST /api/v1/auth/recover`: mails a password recovery link. */
export function useRequestPasswordRecovery() {
  return useMutation({ mutationFn: (username: string) => requestPasswordRecovery(api(), username) });
}

/** Query options of `GET /api/v1/auth/recover-check/{code}`; a 306 is an answer, not worth retrying. */
export function recoveryCheckQueryOptions(code: string) {
  return queryOptions({
    queryKey: queryKeys.recoverCheck(code),
    queryFn: () => checkRecoveryCode(api(), code),
    retry: false,
    staleTime: Infinity,
  });
}

/** Whether a recovery code can still reset a password. */
export function useRecoveryCheck(code: string) {
  return useQuery({ ...recoveryCheckQueryOptions(code), enabled: code.length > 0 });
}

/** `POST /api/v1/auth/reset`: sets the new password with a recovery code. */
export function useResetPassword() {
  return useMutation({ mutationFn: (input: ResetPasswordRequest) => resetPassword(api(), input) });
}

/** `POST /api/v1/auth/email/magic-link`: mails a sign-in link. */
export function useRequestMagicLink() {
  return useMutation({ mutationFn: (username: string) => requestMagicLink(api(), username) });
}

/**
 * `GET /api/v1/auth/email/magic-link?code`: signs in with a link. A mutation, not a query:
 * the link works once, so it must never be refetched or retried behind the user's back.
 */
export function useMagicLinkSignIn() {
  return useMutation({ mutationFn: (input: { code: string; confirmed?: boolean }) => signInWithMagicLink(api(), input.code, input.confirmed === true), retry: false });
}

/** `POST /api/v1/auth/login-assistance`: mails the sign-in links of the person's teams. */
export function useLoginAssistance() {
  return useMutation({ mutationFn: (input: LoginAssistanceRequest) => requestLoginAssistance(api(), input) });
}
