import { useId, useState } from 'react';
import type { JSX, ReactNode } from 'react';
import { Button, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { TOPIC_DOORMAT_POSTS, type Post } from '@chorus/core';
import { RouterLink } from '../../../components/router-link.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { ErrorFallback } from '../../../components/error-fallback.tsx';
import { useFeed } from '../api/get-feed.ts';
import { PostGrid } from './post-grid.tsx';
import styles from './feed-view.module.css';

function FeedSection(props: { title: string; action?: ReactNode; children: ReactNode }): JSX.Element {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHeader}>
        <h2 id={headingId} className={styles.sectionHeading}>
          {props.title}
        </h2>
        {props.action}
      </div>
      {props.children}
    </section>
  );
}

function FeaturedSection(props: { posts: readonly Post[] }): JSX.Element {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(true);
  const regionId = useId();
  const handleToggle = (): void => setExpanded((value) => !value);
  return (
    <FeedSection
      title={t('feed.featured')}
      action={
        <Button appearance="subtle" aria-expanded={expanded} aria-controls={regionId} onClick={handleToggle}>
          {expanded ? t('feed.hideFeatured') : t('feed.showFeatured')}
        </Button>
      }
    >
      <div id={regionId} hidden={!expanded}>
        <PostGrid posts={props.posts} headingLevel="h3" />
      </div>
    </FeedSection>
  );
}

/**
 * The feed: featured posts (collapsible), the latest posts, then a doormat of at most four
 * posts per topic with a link to the whole topic.
 */
export function FeedView(): JSX.Element {
  const { t } = useTranslation();
  const feed = useFeed();

  let content: ReactNode;
  if (feed.isPending) {
    content = <PageSpinner label={t('feed.loading')} />;
  } else if (feed.isError) {
    content = <ErrorFallback message={t('feed.loadFailed')} onRetry={() => void feed.refetch()} />;
  } else {
    const { featured, latest, topics } = feed.data;
    const doormats = topics.filter((topic) => topic.posts.length > 0);
    const empty = featured.length === 0 && latest.length === 0 && doormats.length === 0;
    content = empty ? (
      <Text as="p">{t('feed.empty')}</Text>
    ) : (
      <>
        {featured.length > 0 ? <FeaturedSection posts={featured} /> : null}
        {latest.length > 0 ? (
          <FeedSection title={t('feed.latest')}>
            <PostGrid posts={latest} headingLevel="h3" />
          </FeedSection>
        ) : null}
        {doormats.map(({ category, posts }) => (
          <FeedSection
            key={category.id}
            title={category.name}
            action={
              <RouterLink to={`/topic/${category.id}`} aria-label={t('feed.seeAllIn', { topic: category.name })}>
                {t('feed.seeAll')}
              </RouterLink>
            }
          >
            <PostGrid posts={posts.slice(0, TOPIC_DOORMAT_POSTS)} headingLevel="h3" />
          </FeedSection>
        ))}
      </>
    );
  }

  return (
    <div className={styles.root}>
      <Text as="h1" size={800} weight="semibold" className={styles.heading}>
        {t('feed.heading')}
      </Text>
      {content}
    </div>
  );
}
