import { useMutation } from '@tanstack/react-query';
import { createVerification, verifyEmail, type CreateVerificationRequest } from '@chorus/core';
import { api } from '../../../lib/api.ts';

/** `POST /api/v1/auth/sign-in/create-verification`: mails a verification link to a work address. */
export function useCreateVerification() {
  return useMutation({ mutationFn: (input: CreateVerificationRequest) => createVerification(api(), input) });
}

/**
 * `GET /api/v1/auth/email/verification?code`: links the social account and signs in. A
 * mutation, not a query: the link works once, so it must never be refetched or retried.
 */
export function useVerifyEmail() {
  return useMutation({ mutationFn: (code: string) => verifyEmail(api(), code), retry: false });
}
