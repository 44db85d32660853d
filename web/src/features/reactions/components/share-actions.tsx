import type { JSX } from 'react';
import { Button, MenuItem, MenuList, Text } from '@fluentui/react-components';
import { CalendarClock20Regular, Clock20Regular, Link20Regular, Mail20Regular, Share20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { NETWORK_NAMES, SHAREABLE_NETWORKS, type ConfigInfoResponse, type Post, type ShareableNetworkId } from '@chorus/core';
import { useShareLauncher } from '../../../lib/share-launcher.ts';
import { NetworkIcon } from './network-icon.tsx';
import styles from './post-interactions.module.css';
import { LazyTooltip } from '../../../components/lazy-tooltip.tsx';
import { MenuOnFirstUse } from '../../../components/menu-on-first-use.tsx';

const TOGGLE_OF: Readonly<Record<ShareableNetworkId, 'twitter_enabled' | 'facebook_enabled' | 'linkedin_enabled'>> = {
  1: 'twitter_enabled',
  2: 'facebook_enabled',
  3: 'linkedin_enabled',
};
const FLAG_OF: Readonly<Record<ShareableNetworkId, 'twitter' | 'facebook' | 'linkedin'>> = { 1: 'twitter', 2: 'facebook', 3: 'linkedin' };
/** The interaction bar lists LinkedIn first, as the spec does. */
const BAR_ORDER: readonly ShareableNetworkId[] = [3, 1, 2];

/** Networks the company turned on, and whether the post may go to each. */
export function networksOf(post: Post, config: ConfigInfoResponse | undefined): { network: ShareableNetworkId; available: boolean }[] {
  return SHAREABLE_NETWORKS.filter((network) => config?.feature_toggles[TOGGLE_OF[network]] ?? false).map((network) => ({
    network,
    available: post[FLAG_OF[network]],
  }));
}

/** A post is shareable when at least one of its networks is on for it and for the company. */
export function isShareable(post: Post, config: ConfigInfoResponse | undefined): boolean {
  return networksOf(post, config).some((entry) => entry.available);
}

/**
 * The network 'Manage Schedule' opens the share modal on: the first one the post is queued on
 * (the modal shows its date with Modify Date and Time), else null (the first network enabled).
 */
export function queuedNetwork(post: Post, config: ConfigInfoResponse | undefined): ShareableNetworkId | null {
  const open = networksOf(post, config).filter((entry) => entry.available);
  return open.find((entry) => post.post_deferred.some((queued) => queued.network === entry.network))?.network ?? null;
}

function IconAction(props: { label: string; icon: JSX.Element; onClick: () => void }): JSX.Element {
  return (
    <LazyTooltip content={props.label} relationship="label">
      <Button appearance="subtle" icon={props.icon} onClick={props.onClick} />
    </LazyTooltip>
  );
}

/**
 * Share buttons of the interaction bar: each network the company and the post allow, then
 * e-mail and copy link when their toggles are on and the post has a link; 'Internal' for a post
 * that cannot be shared.
 */
export function ShareButtons(props: { post: Post; config: ConfigInfoResponse | undefined }): JSX.Element {
  const { t } = useTranslation(['library']);
  const launcher = useShareLauncher();
  const { post, config } = props;
  if (!isShareable(post, config)) {
    return (
      <Text size={200} weight="semibold" className={styles.internal}>
        {t('library:card.internal')}
      </Text>
    );
  }
  const available = networksOf(post, config).filter((entry) => entry.available);
  const byBarOrder = BAR_ORDER.filter((network) => available.some((entry) => entry.network === network));
  return (
    <div className={styles.shareButtons}>
      {byBarOrder.map((network) => (
        <IconAction key={network} label={t('library:card.shareOn', { network: NETWORK_NAMES[network] })} icon={<NetworkIcon network={network} />} onClick={() => launcher.openShare({ post, network })} />
      ))}
      {/* A tracked link needs the post's own link: a post without one (an image, a video) offers neither. */}
      {config?.feature_toggles.share_via_email_enabled && post.url !== null ? <IconAction label={t('library:card.email')} icon={<Mail20Regular />} onClick={() => launcher.shareByEmail(post)} /> : null}
      {config?.feature_toggles.copy_link_enabled && post.url !== null ? <IconAction label={t('library:card.copyLink')} icon={<Link20Regular />} onClick={() => launcher.copyLink(post)} /> : null}
    </div>
  );
}

/**
 * The legacy share bar: a share button, the share count, and the queue menu (Queue to each
 * network, disabled where the post lacks it, and Manage Schedule).
 */
export function LegacyShareBar(props: { post: Post; config: ConfigInfoResponse | undefined; onShowShares: () => void }): JSX.Element {
  const { t } = useTranslation(['library']);
  const launcher = useShareLauncher();
  const { post, config } = props;
  if (!isShareable(post, config)) {
    return (
      <Text size={200} weight="semibold" className={styles.internal}>
        {t('library:card.internal')}
      </Text>
    );
  }
  const queued = post.post_deferred.length > 0;
  return (
    <div className={styles.shareButtons}>
      <Button appearance="primary" size="small" icon={<Share20Regular />} onClick={() => launcher.openShare({ post, network: null })}>
        {t('library:card.share')}
      </Button>
      <Button appearance="subtle" size="small" aria-label={t('library:card.shares', { count: post.shares.num_results })} onClick={props.onShowShares}>
        {post.shares.num_results}
      </Button>
      {queued ? <Clock20Regular aria-hidden="true" /> : null}
      <MenuOnFirstUse
        trigger={
          <Button appearance="secondary" size="small" icon={<CalendarClock20Regular />}>
            {t('library:card.queue')}
          </Button>
        }
      >
        <MenuList>
          {networksOf(post, config).map(({ network, available }) => (
            <MenuItem key={network} icon={<NetworkIcon network={network} />} disabled={!available} onClick={() => launcher.openShare({ post, network })}>
              {t('library:card.queueTo', { network: NETWORK_NAMES[network] })}
            </MenuItem>
          ))}
          <MenuItem onClick={() => launcher.openShare({ post, network: queuedNetwork(post, config) })}>{t('library:card.manageSchedule')}</MenuItem>
        </MenuList>
      </MenuOnFirstUse>
    </div>
  );
}
