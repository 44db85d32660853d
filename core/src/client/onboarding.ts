/** Client calls of onboarding events (see contract/onboarding.ts). */
import { CsEventResponse, OnboardingEventsResponse } from '../contract/onboarding.ts';
import type { OnboardingEvent } from '../domain/enums.ts';
import type { ApiClient } from './api-client.ts';

/** `POST /api/v1/cs/event`: records that onboarding was skipped or finished. */
export function postCsEvent(client: ApiClient, event: OnboardingEvent): Promise<CsEventResponse> {
  return client.call('POST /api/v1/cs/event', CsEventResponse, { body: { event } });
}

/** `GET /api/v1/cs/onboarding`: the user's onboarding events. */
export function getOnboardingEvents(client: ApiClient): Promise<OnboardingEventsResponse> {
  return client.call('GET /api/v1/cs/onboarding', OnboardingEventsResponse);
}
