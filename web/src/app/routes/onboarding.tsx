import type { JSX } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ONBOARDING_PATH, ONBOARDING_SLIDE } from '@chorus/core';
import { useConfigInfo } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { OnboardingScreen } from '../../features/onboarding/index.ts';
import { SocialSettingsSection, useHasLinkedNetwork, useSocialNetworks } from '../../features/social/index.ts';

/**
 * `/onboarding?slide=1`: slide 1 is the only slide; any other value goes to it. Companies that
 * skip onboarding never see it, even by its address: they go to the feed.
 */
export function OnboardingRoute(): JSX.Element {
  const [params] = useSearchParams();
  const config = useConfigInfo();
  if (config?.skip_onboarding === true) return <Navigate to="/" replace />;
  if (params.get('slide') !== String(ONBOARDING_SLIDE)) return <Navigate to={ONBOARDING_PATH} replace />;
  return <OnboardingSlide />;
}

/** The slide (a member who has not confirmed their address yet sees the confirm screen instead: ConfirmedOnly). */
function OnboardingSlide(): JSX.Element {
  const { t } = useTranslation(['social']);
  const config = useConfigInfo();
  const linked = useHasLinkedNetwork();
  const networksPending = useSocialNetworks().isPending;
  useDocumentTitle(t('social:onboarding.documentTitle', { company: config?.company_name ?? '' }));
  return <OnboardingScreen networkLinked={linked} networks={<SocialSettingsSection onboarding />} networksLoading={networksPending} />;
}
