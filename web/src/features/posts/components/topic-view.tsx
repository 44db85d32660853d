import type { JSX, ReactNode } from 'react';
import { Button, Spinner, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { PostListQuery } from '@chorus/core';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { ErrorFallback } from '../../../components/error-fallback.tsx';
import { usePosts } from '../api/get-posts.ts';
import { useInfiniteScroll } from '../../../lib/use-infinite-scroll.ts';
import { useRevealed } from '../../../lib/use-revealed.ts';
import { FIRST_SCREEN_CARDS } from '../first-screen.ts';
import { FIRST_ROW_CARDS, PostGrid } from './post-grid.tsx';
import styles from './topic-view.module.css';

interface TopicViewProps {
  title: string;
  /** The list to show: a topic, Explore, a search, bookmarks, featured or recommendations. */
  query: Omit<PostListQuery, 'page_num'>;
  /** False waits without loading (a search with no text yet). */
  enabled?: boolean;
  /** While searching, the empty state says that nothing matched. */
  searching?: boolean;
  /** Beside the title: the follow toggle. */
  actions?: ReactNode;
  /**
   * The title or the actions are still loading (a topic's name, whether it is followed): the
   * page shows its spinner, while the posts already load, and then the header, controls and
   * cards in one paint, so nothing moves when the name or the toggle arrives.
   */
  headerPending?: boolean;
  /** Under the title: search box, filter and sort. */
  controls?: ReactNode;
  /** False shows one page only (the recommendations drawer). */
  infinite?: boolean;
}

/**
 * A topic page and the special topics built on it: title, follow toggle, controls, and an
 * infinite-scroll grid of post cards with a loader and the spec's empty state.
 */
export function TopicView(props: TopicViewProps): JSX.Element {
  const { t } = useTranslation(['common', 'library']);
  const infinite = props.infinite ?? true;
  const posts = usePosts(props.query, { enabled: props.enabled ?? true });
  // The first page's cards are built in slices behind the spinner (lib/use-revealed.ts), not in
  // the one task in which the answer arrives.
  const revealed = useRevealed(posts.data !== undefined);
  const items = revealed ? (posts.data?.pages.flatMap((page) => page.objects) ?? []) : [];
  const hasMore = infinite && posts.hasNextPage;
  const sentinel = useInfiniteScroll({ hasMore, loading: posts.isFetching, onLoadMore: () => void posts.fetchNextPage() });

  if (props.headerPending) return <PageSpinner label={t('topic.loading')} />;
  return (
    <div className={styles.root}>
      <div className={styles.header}>
        <Text as="h1" size={800} weight="semibold" className={styles.heading}>
          {props.title}
        </Text>
        {props.actions}
      </div>
      {props.controls}
      {posts.isLoading || (posts.data !== undefined && !revealed) ? <PageSpinner label={t('topic.loading')} /> : null}
      {posts.isError ? <ErrorFallback message={t('topic.loadFailed')} onRetry={() => void posts.refetch()} /> : null}
      {posts.isSuccess && revealed && items.length === 0 ? (
        <div className={styles.empty}>
          <Text as="p" weight="semibold">
            {t('topic.empty')}
          </Text>
          {props.searching ? <Text as="p">{t('library:topic.searchEmpty')}</Text> : null}
        </div>
      ) : null}
      {items.length > 0 ? <PostGrid posts={items} headingLevel="h2" eager={FIRST_SCREEN_CARDS} immediate={FIRST_ROW_CARDS} /> : null}
      {hasMore ? (
        <div ref={sentinel} className={styles.more}>
          {posts.isFetchingNextPage ? (
            <Spinner size="small" label={t('topic.loadingMore')} />
          ) : (
            <Button onClick={() => void posts.fetchNextPage()}>{t('topic.loadMore')}</Button>
          )}
        </div>
      ) : null}
    </div>
  );
}
