import type { JSX } from 'react';
import { Button, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SortBy } from '@chorus/core';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { ErrorFallback } from '../../../components/error-fallback.tsx';
import { useCategories } from '../api/get-categories.ts';
import { usePosts } from '../api/get-posts.ts';
import { PostGrid } from './post-grid.tsx';
import styles from './topic-view.module.css';

/**
 * A topic page: the topic's posts, newest first, a page at a time. `topicId` null is
 * Explore (every post, the spec's `latest` topic).
 */
export function TopicView(props: { topicId: number | null }): JSX.Element {
  const { t } = useTranslation();
  const categories = useCategories();
  const posts = usePosts(
    props.topicId === null ? { sort_by: SortBy.LATEST } : { sort_by: SortBy.LATEST, categories: [props.topicId] },
  );
  const name =
    props.topicId === null
      ? t('topic.explore')
      : (categories.data?.objects.find((category) => category.id === props.topicId)?.name ?? t('topic.fallbackTitle'));
  const items = posts.data?.pages.flatMap((page) => page.objects) ?? [];

  return (
    <div className={styles.root}>
      <Text as="h1" size={800} weight="semibold" className={styles.heading}>
        {name}
      </Text>
      {posts.isPending ? <PageSpinner label={t('topic.loading')} /> : null}
      {posts.isError ? <ErrorFallback message={t('topic.loadFailed')} onRetry={() => void posts.refetch()} /> : null}
      {posts.isSuccess && items.length === 0 ? <Text as="p">{t('topic.empty')}</Text> : null}
      {items.length > 0 ? <PostGrid posts={items} headingLevel="h2" /> : null}
      {posts.hasNextPage ? (
        <Button className={styles.more} disabledFocusable={posts.isFetchingNextPage} onClick={() => void posts.fetchNextPage()}>
          {posts.isFetchingNextPage ? t('topic.loadingMore') : t('topic.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
