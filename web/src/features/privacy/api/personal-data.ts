import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchPersonalData, type PersonalDataResponse } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/v1/user/personal-data`: everything stored about the signed-in user here. */
export function getPersonalData(): Promise<PersonalDataResponse> {
  return fetchPersonalData(api());
}

/** Query options of the personal data; always fetched afresh, it is a snapshot on request. */
export function personalDataQueryOptions() {
  return queryOptions({ queryKey: queryKeys.privacy.personalData(), queryFn: getPersonalData, staleTime: 0, gcTime: 0 });
}

/** The personal data, fetched once `enabled` (while the View dialog is open). */
export function usePersonalData(enabled: boolean) {
  return useQuery({ ...personalDataQueryOptions(), enabled });
}

/** Fetches the personal data now (for the download). */
export function useFetchPersonalData(): () => Promise<PersonalDataResponse> {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery(personalDataQueryOptions());
}
