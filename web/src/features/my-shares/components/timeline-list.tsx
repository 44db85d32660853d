import type { JSX } from 'react';
import { Button, Spinner, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { TIMELINE_SCROLL_DISTANCE, type ShareableNetworkId, type TimelineType } from '@chorus/core';
import { errorText } from '../../../lib/notify.tsx';
import { useInfiniteScroll } from '../../../lib/use-infinite-scroll.ts';
import { useTimeline } from '../api/timeline-api.ts';
import { TimelineItem } from './timeline-item.tsx';
import styles from './my-shares.module.css';

/** One My Shares list (shared or queued, optionally one day and one network), 15 a page, more loaded at 0.7 of a screen from the end. */
export function TimelineList(props: { type: TimelineType; date: string | null; network: ShareableNetworkId | null; zone: string; label: string }): JSX.Element {
  const { t } = useTranslation(['share']);
  const timeline = useTimeline(props.type, props.date, props.network);
  const sentinel = useInfiniteScroll({
    hasMore: timeline.hasNextPage,
    loading: timeline.isFetchingNextPage,
    onLoadMore: () => void timeline.fetchNextPage(),
    distance: TIMELINE_SCROLL_DISTANCE,
  });

  if (timeline.isPending) return <Spinner label={t('share:myShares.loading')} />;
  if (timeline.isError) {
    return (
      <div role="alert" className={styles.state}>
        <Text>{errorText(t, timeline.error)}</Text>
        <Button onClick={() => void timeline.refetch()}>{t('share:modal.retry')}</Button>
      </div>
    );
  }
  const items = timeline.data.pages.flatMap((page) => page.objects);
  if (items.length === 0) {
    if (props.date !== null || props.network !== null) return <Text>{t('share:myShares.emptyFiltered')}</Text>;
    return <Text>{props.type === 'queued' ? t('share:myShares.emptyQueued') : t('share:myShares.emptyShared')}</Text>;
  }
  return (
    <section aria-label={props.label} className={styles.list}>
      {items.map((item) => (
        <TimelineItem key={item.id} item={item} type={props.type} zone={props.zone} />
      ))}
      <div ref={sentinel} aria-hidden="true" />
      {timeline.isFetchingNextPage ? <Spinner size="small" label={t('share:myShares.loadingMore')} /> : null}
    </section>
  );
}
