import { useMutation } from '@tanstack/react-query';
import { exchangeSsoToken } from '@chorus/core';
import { api } from '../../../lib/api.ts';

/** `POST /api/v1/auth/sso/decrypt-token`: trades an SSO exchange token for a session. */
export function useSsoExchange() {
  return useMutation({ mutationFn: (encryptedToken: string) => exchangeSsoToken(api(), encryptedToken) });
}
