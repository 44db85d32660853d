import { useMutation } from '@tanstack/react-query';
import { deactivateAccount, requestAccountDeletion, startSsoRemoval, type RemovalRequest, type SsoRemovalRequest } from '@chorus/core';
import { api } from '../../../lib/api.ts';

/** `POST /api/v1/user/deactivate`. */
export function useDeactivateAccount() {
  return useMutation({ mutationFn: (input: RemovalRequest) => deactivateAccount(api(), input) });
}

/** `POST /api/v1/user/delete-request`. */
export function useRequestAccountDeletion() {
  return useMutation({ mutationFn: (input: RemovalRequest) => requestAccountDeletion(api(), input) });
}

/** `DELETE /api/v1/auth/sso/validate` or `/api/v1/auth/google/validate`: where to re-authenticate. */
export function useStartSsoRemoval() {
  return useMutation({ mutationFn: (input: { provider: 'saml' | 'google'; body: SsoRemovalRequest }) => startSsoRemoval(api(), input.provider, input.body) });
}
