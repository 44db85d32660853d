import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmEmail, joinCompany, resendEmailConfirmation, type EmailConfirmResponse, type SignUpJoinRequest, type SignUpResponse } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `POST /api/v1/auth/email/confirm`: spends the code of a mailed confirmation link. */
export function postEmailConfirm(code: string): Promise<EmailConfirmResponse> {
  return confirmEmail(api(), code);
}

/** Confirms the address; a signed-in user's profile is reloaded, so the banner goes. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postEmailConfirm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.user.all() }),
  });
}

/** `POST /api/v1/auth/email/confirmation`: mails the signed-in member a new link. */
export function useResendEmailConfirmation() {
  return useMutation({ mutationFn: () => resendEmailConfirmation(api()) });
}

/** `POST /api/v1/auth/sign-up/join`; the client keeps the new session's token. */
export function postSignUpJoin(input: SignUpJoinRequest): Promise<SignUpResponse> {
  return joinCompany(api(), input);
}

/** Joining the host's company with an account from another one. */
export function useSignUpJoin() {
  return useMutation({ mutationFn: postSignUpJoin });
}
