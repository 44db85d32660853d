import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { updateUserTimezone, type TimezoneListResponse } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { userQueryOptions } from '../../../lib/auth.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/v1/common/timezone`: the time zones to choose from. */
export function fetchTimezones(): Promise<TimezoneListResponse> {
  return api().timezones();
}

/** Query options of the time zone list (it does not change while the app runs). */
export function timezonesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.timezones(), queryFn: fetchTimezones, staleTime: Infinity });
}

/** The time zone list query. */
export function useTimezones() {
  return useQuery(timezonesQueryOptions());
}

/** `PATCH /api/v4/user` with the time zone; the cached user is replaced by the answer. */
export function useSaveTimezone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timezone: string) => updateUserTimezone(api(), { timezone }),
    onSuccess: (user) => queryClient.setQueryData(userQueryOptions(user.id).queryKey, user),
  });
}
