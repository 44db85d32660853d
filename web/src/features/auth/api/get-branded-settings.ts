import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandedSettingsResponse } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/v1/company/settings/branded-settings`: public branding of the host's company. */
export function getBrandedSettings(): Promise<BrandedSettingsResponse> {
  return api().brandedSettings();
}

/** Query options of the branded settings; they change rarely, so they stay fresh a while. */
export function brandedSettingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.brandedSettings(),
    queryFn: getBrandedSettings,
    staleTime: 10 * 60_000,
    retry: 1,
    // The assisted-login host has no branding: every auth screen mounting another observer
    // must not refetch the failed query, or the area's spinner and the screen alternate forever.
    retryOnMount: false,
  });
}

/** The branded settings query. */
export function useBrandedSettings(options: { enabled?: boolean } = {}) {
  return useQuery({ ...brandedSettingsQueryOptions(), enabled: options.enabled ?? true });
}
