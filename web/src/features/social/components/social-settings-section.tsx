import { useEffect } from 'react';
import type { JSX } from 'react';
import { Spinner, Text } from '@fluentui/react-components';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LINKABLE_NETWORKS, SETTINGS_ANCHOR_SCROLL_MS } from '@chorus/core';
import { ErrorFallback } from '../../../components/error-fallback.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { useSocialNetworks } from '../api/social-networks.ts';
import { NetworkLinkCard } from './network-link-card.tsx';
import styles from './social-settings-section.module.css';

/** Props of the linked-networks section of /settings (and of onboarding). */
export interface SocialSettingsSectionProps {
  /** The network named by the settings page's `network` parameter, if any. */
  focusNetwork?: 'twitter' | 'facebook' | 'linkedin';
  /** In onboarding: linking comes back to /onboarding?slide=1 instead of the settings page. */
  onboarding?: boolean;
}

/** Tells the person when a link came back refused or cancelled (`social_error` of the return url). */
function useLinkErrorNotice(): void {
  const { t } = useTranslation(['social']);
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const error = params.get('social_error');
  useEffect(() => {
    if (error === null) return;
    notify.error(error === 'denied' ? t('social:link.denied') : t('social:link.invalid'));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('social_error');
        return next;
      },
      { replace: true },
    );
  }, [error, notify, setParams, t]);
}

/** Linked networks: link, unlink, relink, page choice. Anchors social-twitter, social-facebook, social-linkedin. */
export function SocialSettingsSection(props: SocialSettingsSectionProps): JSX.Element {
  const { t } = useTranslation(['social']);
  const networks = useSocialNetworks();
  const focus = props.focusNetwork;
  const loaded = networks.data !== undefined;
  useLinkErrorNotice();

  useEffect(() => {
    if (!focus || !loaded) return;
    // The spec scrolls to the named network's section after one second.
    const timer = window.setTimeout(() => {
      document.getElementById(`social-${focus}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, SETTINGS_ANCHOR_SCROLL_MS);
    return () => window.clearTimeout(timer);
  }, [focus, loaded]);

  let body: JSX.Element;
  if (networks.error) body = <ErrorFallback onRetry={() => void networks.refetch()} />;
  else if (!networks.data) body = <Spinner size="small" label={t('social:section.loading')} />;
  else {
    const data = networks.data;
    const enabled = LINKABLE_NETWORKS.filter((network) => data[network] !== undefined);
    body =
      enabled.length === 0 ? (
        <Text as="p">{t('social:section.none')}</Text>
      ) : (
        <div className={styles.cards}>
          {enabled.map((network) => (
            <NetworkLinkCard key={network} network={network} link={data[network] ?? {}} onboarding={props.onboarding === true} />
          ))}
        </div>
      );
  }

  return (
    <section id="social" aria-labelledby="social-heading" className={styles.section}>
      <h2 id="social-heading">{props.onboarding ? t('social:onboarding.networksTitle') : t('social:section.title')}</h2>
      <Text as="p">{t('social:section.intro')}</Text>
      {body}
    </section>
  );
}
