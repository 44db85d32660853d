/**
 * Onboarding (accounts spec 2, 3, 4, 7): the client reports 'skipped' or 'finished' through
 * POST /cs/event, and the feed sends a user to /onboarding?slide=1 until one of them exists
 * (unless the company skips onboarding).
 */
import { z } from 'zod';
import { OnboardingEvent } from '../domain/enums.ts';

/** Events the client reports: the onboarding ones, 'skipped' and 'finished'. */
export const ONBOARDING_EVENTS = [OnboardingEvent.SKIPPED, OnboardingEvent.FINISHED] as const;
export const OnboardingEventSchema = z.enum(ONBOARDING_EVENTS);

/** The only valid onboarding slide. */
export const ONBOARDING_SLIDE = 1;

/** The path of onboarding. */
export const ONBOARDING_PATH = `/onboarding?slide=${ONBOARDING_SLIDE}`;

/** POST /api/v1/cs/event */
export const CsEventRequest = z.object({ event: OnboardingEventSchema });
export type CsEventRequest = z.infer<typeof CsEventRequest>;

/** The stored event. */
export const CsEventResponse = z.object({ event: OnboardingEventSchema });
export type CsEventResponse = z.infer<typeof CsEventResponse>;

/** GET /api/v1/cs/onboarding: the user's onboarding events in the host company. */
export const OnboardingEventsResponse = z.object({ objects: z.array(z.object({ event: OnboardingEventSchema })) });
export type OnboardingEventsResponse = z.infer<typeof OnboardingEventsResponse>;

/** Whether the feed should send the user to onboarding (spec 4). */
export function needsOnboarding(skipOnboarding: boolean, events: OnboardingEventsResponse): boolean {
  return !skipOnboarding && !events.objects.some((o) => (ONBOARDING_EVENTS as readonly string[]).includes(o.event));
}
