import { useMutation } from '@tanstack/react-query';
import { selfSignUp, signUpWithInvite, type InviteSignUpRequest, type SelfSignUpRequest, type SignUpResponse } from '@chorus/core';
import { api } from '../../../lib/api.ts';

/** `POST /api/v1/auth/sign-up/invite/{code}`; the client keeps the new session's token. */
export function postInviteSignUp(input: { code: string; body: InviteSignUpRequest }): Promise<SignUpResponse> {
  return signUpWithInvite(api(), input.code, input.body);
}

/** The invite sign-up mutation. */
export function useInviteSignUp() {
  return useMutation({ mutationFn: postInviteSignUp });
}

/** `POST /api/v1/auth/sign-up` (self sign-up); the client keeps the new session's token. */
export function postSelfSignUp(body: SelfSignUpRequest): Promise<SignUpResponse> {
  return selfSignUp(api(), body);
}

/** The self sign-up mutation. */
export function useSelfSignUp() {
  return useMutation({ mutationFn: postSelfSignUp });
}
