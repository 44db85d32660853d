import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { needsOnboarding, ONBOARDING_PATH } from '@chorus/core';
import { useConfigInfo } from '../../../lib/auth.tsx';
import { useOnboardingEvents } from '../api/onboarding-events.ts';

/**
 * On the feed: sends a user who has neither skipped nor finished onboarding to
 * /onboarding?slide=1, unless the company skips onboarding. Only the events are fetched here;
 * the onboarding screen itself loads with its route.
 */
export function useOnboardingRedirect(): void {
  const config = useConfigInfo();
  const skip = config?.skip_onboarding ?? true;
  const events = useOnboardingEvents(config !== undefined && !skip);
  const navigate = useNavigate();
  const data = events.data;
  useEffect(() => {
    if (data !== undefined && needsOnboarding(skip, data)) void navigate(ONBOARDING_PATH, { replace: true });
  }, [data, skip, navigate]);
}
