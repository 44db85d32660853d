import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getOnboardingEvents, postCsEvent, type OnboardingEvent, type OnboardingEventsResponse } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/v1/cs/onboarding`: the user's onboarding events ('skipped', 'finished'). */
export function fetchOnboardingEvents(): Promise<OnboardingEventsResponse> {
  return getOnboardingEvents(api());
}

/** Query options of the onboarding events. */
export function onboardingEventsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.onboardingEvents(), queryFn: fetchOnboardingEvents, staleTime: Infinity });
}

/** The onboarding events query; off until `enabled`. */
export function useOnboardingEvents(enabled: boolean) {
  return useQuery({ ...onboardingEventsQueryOptions(), enabled });
}

/** `POST /api/v1/cs/event`: reports that onboarding was skipped or finished. */
export function useReportOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: OnboardingEvent) => postCsEvent(api(), event),
    onSuccess: ({ event }) => {
      // The feed reads this to decide whether to send the user here again.
      queryClient.setQueryData(onboardingEventsQueryOptions().queryKey, (old) => ({ objects: [...(old?.objects ?? []), { event }] }));
    },
  });
}
