import { useMutation } from '@tanstack/react-query';
import { switchCompany, type SwitchCompanyResponse } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { isAllowedRedirectUrl } from '../../../lib/hosts.ts';

/** `POST /api/v1/auth/switch-company`: the sign-in url on the other company's host. */
export function fetchSwitchUrl(companyId: number): Promise<SwitchCompanyResponse> {
  return switchCompany(api(), { company_id: companyId });
}

/**
 * Asks for the hand-off url and moves the browser there (a full navigation: the session of the
 * other host starts on its own /sign-in/sso page). Urls off our base domain are not followed.
 */
export function useSwitchCompany() {
  return useMutation({
    mutationFn: fetchSwitchUrl,
    onSuccess: ({ url }) => {
      if (!isAllowedRedirectUrl(url, window.location)) throw new Error('Refused company switch url');
      window.location.assign(url);
    },
  });
}
