import type { JSX } from 'react';
import { Button, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { isLinkedNetwork, PAGE_NETWORKS, type LinkableNetwork, type SocialNetworkLink } from '@chorus/core';
import { useNotify } from '../../../lib/notify.tsx';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { useChoosePage, useLinkNetwork, useUnlinkNetwork } from '../api/social-networks.ts';
import { networkName } from './network-names.ts';
import { PagePickerDialog } from './page-picker-dialog.tsx';
import styles from './social-settings-section.module.css';

/** One network's card: its link status, Link / Unlink / Relink, and the page to post as. */
export function NetworkLinkCard(props: { network: LinkableNetwork; link: SocialNetworkLink; onboarding: boolean }): JSX.Element {
  const { t } = useTranslation(['social']);
  const notify = useNotify();
  const link = useLinkNetwork({ onboarding: props.onboarding });
  const unlink = useUnlinkNetwork();
  const choosePage = useChoosePage();
  const name = networkName(t, props.network);
  const headingId = `social-${props.network}-heading`;
  const linked = isLinkedNetwork(props.link) ? props.link : null;

  const handleLink = (): void => link.mutate(props.network, { onError: (error) => notify.failure(error) });
  const handleUnlink = (): void =>
    unlink.mutate(props.network, {
      onSuccess: () => notify.success(t('social:link.unlinked', { network: name })),
      onError: (error) => notify.failure(error),
    });
  const handleChoosePage = (pageId: string | null, done: () => void): void => {
    const input = props.network === 'facebook' ? { action: 'use-page' as const, page: pageId } : { action: 'use-company' as const, company: pageId };
    choosePage.mutate(input, {
      onSuccess: () => {
        done();
        notify.success(t('social:pages.saved'));
      },
      onError: (error) => notify.failure(error),
    });
  };

  const pageName = linked?.page_id ? (linked.pages.find((p) => p.id === linked.page_id)?.name ?? null) : null;
  const pageNetwork = props.network === 'facebook' || props.network === 'linkedin' ? props.network : null;

  return (
    <section id={`social-${props.network}`} className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.cardTitle}>
        {name}
      </h3>
      {linked ? (
        <>
          <Text as="p">{t('social:link.linkedAs', { name: linked.username })}</Text>
          {linked.is_active ? null : (
            <Text as="p" className={styles.warning}>
              {t('social:link.inactive')}
            </Text>
          )}
          {pageNetwork && PAGE_NETWORKS.includes(pageNetwork) ? (
            <Text as="p">{t('social:pages.postingAs', { name: pageName ?? t('social:pages.personalAccount') })}</Text>
          ) : null}
        </>
      ) : (
        <Text as="p">{t('social:link.notLinked')}</Text>
      )}
      <div className={styles.actions}>
        {linked === null ? (
          <Button appearance="primary" disabled={link.isPending} onClick={handleLink}>
            {t('social:link.link', { network: name })}
          </Button>
        ) : null}
        {linked && !linked.is_active ? (
          <Button appearance="primary" disabled={link.isPending} onClick={handleLink}>
            {t('social:link.relink', { network: name })}
          </Button>
        ) : null}
        {linked && pageNetwork ? <PagePickerDialog network={pageNetwork} link={linked} pending={choosePage.isPending} onChoose={handleChoosePage} /> : null}
        {linked ? (
          <ConfirmAction
            disabled={unlink.isPending}
            label={t('social:link.unlink', { network: name })}
            title={t('social:link.confirmUnlinkTitle', { network: name })}
            body={t('social:link.confirmUnlinkBody', { network: name })}
            confirmLabel={t('social:link.unlink', { network: name })}
            onConfirm={handleUnlink}
          />
        ) : null}
      </div>
    </section>
  );
}
