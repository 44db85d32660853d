import { useState } from 'react';
import type { JSX } from 'react';
import { Button, Card, Link, Text } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { localDateOf, NETWORK_NAMES, PostStatus, TimelineType, type Mention, type TimelinePost } from '@chorus/core';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { SchedulePicker } from '../../../components/schedule-picker.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { formatShareTime, refreshQueueViews } from '../../../lib/queue.ts';
import { decideEdit, removeQueued, resolveShare, retryShare, updateQueued } from '../api/timeline-api.ts';
import { useNarrowScreen } from '../hooks/use-narrow-screen.ts';
import { timelineDescription } from '../utils/description.ts';
import { PushedEditBar } from './pushed-edit-bar.tsx';
import styles from './my-shares.module.css';

/**
 * One item of My Shares (spec 3 "Timeline post"): the network, time and caption (cut for the
 * screen), and what can be done with it. A shared item shows its state: published with a link
 * to it, failed with the reason and Retry, unconfirmed with 'Check on {network}' and whether it
 * was published; a queued one is edited (time and caption) or removed, and shows an admin's
 * edit waiting for a decision while its date is in the future.
 */
export function TimelineItem(props: { item: TimelinePost; type: TimelineType; zone: string; onRemoved?: () => void }): JSX.Element {
  const { item, zone } = props;
  const { t, i18n } = useTranslation(['share', 'errors']);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const mobile = useNarrowScreen();
  const [pending, setPending] = useState(false);
  const [editing, setEditing] = useState(false);
  const network = NETWORK_NAMES[item.network_id];
  const description = timelineDescription(item.content, mobile);
  const when = formatShareTime(item.date, zone, i18n.language);
  const pushedEdit = props.type === TimelineType.QUEUED && new Date(item.date).getTime() > Date.now() ? item.pushed_edits.at(-1) : undefined;

  /** Runs a call, then toasts `success` and refreshes the lists; a failure toasts `failure`, else its code's message. */
  const act = (call: () => Promise<unknown>, success: string | null, onDone?: () => void, failure?: string): void => {
    setPending(true);
    call()
      .then(() => {
        if (success !== null) notify.success(success);
        onDone?.();
        return refreshQueueViews(queryClient);
      })
      .catch((error: unknown) => (failure === undefined ? notify.failure(error) : notify.error(failure)))
      .finally(() => setPending(false));
  };

  const handleEdit = (at: Date, caption: { content: string; mentions: Mention[] } | undefined): void => {
    const change = caption === undefined || caption.content === item.content ? {} : caption;
    act(() => updateQueued(item.id, { date: at.toISOString(), ...change }), t('share:messages.queueUpdated'), () => setEditing(false));
  };

  const handleDecide = (accept: boolean): void => {
    // Whatever went wrong, the spec answers with one message: the post has not been changed.
    act(() => decideEdit(item.id, accept), t(accept ? 'share:messages.editsAccepted' : 'share:messages.editsRejected'), undefined, t('errors:code.496'));
  };

  return (
    <Card className={styles.item} appearance="subtle" aria-label={t('share:myShares.itemLabel', { network, date: when })} role="article">
      <div className={styles.itemHead}>
        <Text weight="semibold">{network}</Text>
        <Text size={200}>
          <time dateTime={item.date}>{when}</time>
        </Text>
      </div>
      <div className={styles.itemPost}>
        {item.primary_media_images[0] ? <img className={styles.itemImage} src={item.primary_media_images[0]} alt={t('share:myShares.postImage')} width={56} height={56} loading="lazy" /> : null}
        {item.status === PostStatus.LIVE ? (
          <Link href={`/post/${item.post_id}`} className={styles.itemTitle}>
            {item.post_title}
          </Link>
        ) : (
          <Text weight="semibold" className={styles.itemTitle}>
            {item.post_title}
          </Text>
        )}
      </div>
      <Text className={description === null ? styles.noCaption : undefined} title={description === null ? undefined : item.content}>
        {description ?? t('share:myShares.noCaption')}
      </Text>
      {item.reminder && props.type === TimelineType.QUEUED ? <Text size={200}>{t('share:myShares.reminder', { network })}</Text> : null}
      {pushedEdit === undefined ? null : <PushedEditBar edit={pushedEdit} network={network} pending={pending} onDecide={handleDecide} />}
      {props.type === TimelineType.SHARED ? <SharedState item={item} network={network} pending={pending} act={act} /> : null}
      {props.type === TimelineType.QUEUED ? (
        <div className={styles.actions}>
          <Button disabled={pending} onClick={() => setEditing(true)}>
            {t('share:myShares.edit')}
          </Button>
          <ConfirmAction
            label={t('share:myShares.remove')}
            title={t('share:myShares.removeTitle')}
            body={t('share:myShares.removeBody', { network })}
            confirmLabel={t('share:myShares.remove')}
            disabled={pending}
            onConfirm={() => act(() => removeQueued(item.id), t('share:messages.removed'), props.onRemoved)}
          />
        </div>
      ) : null}
      {editing ? (
        <SchedulePicker
          mode="edit"
          initial={new Date(item.date)}
          firstDate={localDateOf(new Date(), zone)}
          zone={zone}
          pending={pending}
          caption={{ content: item.content, mentions: item.mentions, postId: item.post_id, networkId: item.network_id, url: item.url, hashtags: item.hashtags }}
          onSubmit={handleEdit}
          onCancel={() => setEditing(false)}
        />
      ) : null}
    </Card>
  );
}

/** A share published on the sandbox network (its link is the sandbox wall). */
function isSandboxShare(item: TimelinePost): boolean {
  return item.social_link !== null && /\/sandbox\/wall(?:[?#]|$)/.test(item.social_link);
}

type Act = (call: () => Promise<unknown>, success: string | null) => void;

/** A shared item's state (our `state`): published, failed, unconfirmed, or still on its way. */
function SharedState(props: { item: TimelinePost; network: string; pending: boolean; act: Act }): JSX.Element {
  const { item, network, pending, act } = props;
  const { t } = useTranslation(['share']);
  const { likes, comments, clickthroughs, reshares } = item.analytics;
  switch (item.state) {
    case 'published':
      // A Facebook profile share is a reminder to post it: never called published.
      if (item.reminder) {
        return (
          <div className={styles.state}>
            <Text size={200}>{t('share:myShares.reminded', { network })}</Text>
          </div>
        );
      }
      return (
        <div className={styles.state}>
          <Text size={200}>{t('share:myShares.published', { network })}</Text>
          {item.social_link === null ? null : (
            <Link href={item.social_link} target="_blank" rel="noopener noreferrer">
              {t('share:myShares.viewOn', { network })}
            </Link>
          )}
          {/* The sandbox network makes its engagement up: say so, so nobody takes it for real reach. */}
          <Text size={200}>{t(isSandboxShare(item) ? 'share:myShares.demoAnalytics' : 'share:myShares.analytics', { likes, comments, clickthroughs, reshares })}</Text>
        </div>
      );
    case 'failed':
      return (
        <div className={styles.state}>
          <Text size={200} className={styles.failed}>
            {t('share:myShares.failed', { network })} {item.reason ?? ''}
          </Text>
          {item.retryable ? (
            <div className={styles.actions}>
              <Button disabled={pending} onClick={() => act(() => retryShare(item.id), t('share:myShares.retried'))}>
                {t('share:myShares.retry')}
              </Button>
            </div>
          ) : null}
        </div>
      );
    case 'cancelled':
      return (
        <div className={styles.state}>
          <Text size={200} className={styles.failed}>
            {t('share:myShares.cancelled', { network })} {item.reason ?? ''}
          </Text>
          {item.retryable ? (
            <div className={styles.actions}>
              <Button disabled={pending} onClick={() => act(() => retryShare(item.id), t('share:myShares.retried'))}>
                {t('share:myShares.retry')}
              </Button>
            </div>
          ) : null}
        </div>
      );
    case 'unconfirmed':
      return (
        <div className={styles.state}>
          <Text size={200}>
            {t('share:myShares.unconfirmed', { network })} {item.reason ?? ''}
          </Text>
          <Text size={200} weight="semibold">
            {t('share:myShares.checkOn', { network })}
          </Text>
          <div className={styles.actions}>
            <Button disabled={pending} onClick={() => act(() => resolveShare(item.id, true), null)}>
              {t('share:myShares.wasPublished')}
            </Button>
            <Button disabled={pending} onClick={() => act(() => resolveShare(item.id, false), null)}>
              {t('share:myShares.wasNotPublished')}
            </Button>
          </div>
        </div>
      );
    default:
      return <Text size={200}>{t('share:myShares.publishing', { network })}</Text>;
  }
}
