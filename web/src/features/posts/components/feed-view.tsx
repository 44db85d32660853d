import { lazy, useId, useRef, useState } from 'react';
import type { JSX, ReactNode } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { TOPIC_DOORMAT_POSTS, type FeedQuery, type Post } from '@chorus/core';
import { RouterLink } from '../../../components/router-link.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { ErrorFallback } from '../../../components/error-fallback.tsx';
import { useFeed } from '../api/get-feed.ts';
import { useNewPosts } from '../api/get-last-post-id.ts';
import { useSlideCount } from '../hooks/use-slide-count.ts';
import { PostMenuContext } from './post-card.tsx';
import { FIRST_SCREEN_CARDS, feedFirstGrid } from '../first-screen.ts';
import { FIRST_ROW_CARDS, PostGrid } from './post-grid.tsx';
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

/** Featured posts as an accordion (Show / Hide) holding a carousel with a responsive slide count. */
function FeaturedSection(props: { posts: readonly Post[] }): JSX.Element {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(true);
  const [start, setStart] = useState(0);
  const [slides, track] = useSlideCount();
  const regionId = useId();
  const total = props.posts.length;
  const first = Math.min(start, Math.max(0, total - slides));
  const last = Math.min(total, first + slides);
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
      <div id={regionId} hidden={!expanded} ref={track} className={styles.carousel} data-slides={slides}>
        {total > slides ? (
          <div className={styles.carouselNav}>
            <Text size={200} aria-live="polite">
              {t('feed.featuredPosition', { first: first + 1, last, total })}
            </Text>
            <Button size="small" disabled={first === 0} onClick={() => setStart(Math.max(0, first - slides))}>
              {t('feed.previousFeatured')}
            </Button>
            <Button size="small" disabled={last >= total} onClick={() => setStart(first + slides)}>
              {t('feed.nextFeatured')}
            </Button>
          </div>
        ) : null}
        <PostGrid posts={props.posts.slice(first, last)} headingLevel="h3" columns={slides} eager={FIRST_SCREEN_CARDS} />
      </div>
    </FeedSection>
  );
}

/**
 * The polite 'New posts are available' prompt of new-post polling. The live region stays in the
 * page so screen readers announce the prompt when it appears.
 */
function NewPostsPrompt(props: { available: boolean; onShow: () => void }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div role="status" className={styles.newPosts}>
      {props.available ? (
        <MessageBar intent="info">
          <MessageBarBody>{t('feed.newPosts')}</MessageBarBody>
          <MessageBarActions>
            <Button size="small" appearance="primary" onClick={props.onShow}>
              {t('feed.showNewPosts')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
    </div>
  );
}

interface FeedViewProps {
  /** The library state's filter and sort. */
  query: FeedQuery;
  /** Filter and sort buttons, under the heading. */
  controls?: ReactNode;
  /** The 'Customize Feed' doormat, after the topic doormats. */
  customize?: ReactNode;
}

// The cards' "Not interested" menu (Fluent's Menu and the dismiss call) loads after the first render.
const PostDismissMenu = lazy(() => import('./post-dismiss-menu.tsx').then((m) => ({ default: m.PostDismissMenu })));

/**
 * The feed: featured posts (collapsible carousel), the latest posts, a doormat of at most four
 * posts per followed topic with a link to the whole topic, then the Customize Feed doormat.
 */
export function FeedView(props: FeedViewProps): JSX.Element {
  const { t } = useTranslation();
  const feed = useFeed(props.query);
  const newPosts = useNewPosts();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const handleShowNewPosts = (): void => {
    // The prompt's button goes away: focus and scroll move to the top of the refreshed feed.
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ block: 'start' });
    void newPosts.show();
  };

  let content: ReactNode;
  if (feed.isPending) {
    content = <PageSpinner label={t('feed.loading')} />;
  } else if (feed.isError) {
    content = <ErrorFallback message={t('feed.loadFailed')} onRetry={() => void feed.refetch()} />;
  } else {
    const { featured, latest, topics } = feed.data;
    const doormats = topics.filter((topic) => topic.posts.length > 0);
    // The latest posts hold the first screen only when there are no featured ones above them.
    const latestFirst = feedFirstGrid(feed.data) === 'latest';
    const empty = featured.length === 0 && latest.length === 0 && doormats.length === 0;
    content = (
      <>
        {empty ? <Text as="p">{t('feed.empty')}</Text> : null}
        {featured.length > 0 ? <FeaturedSection posts={featured} /> : null}
        {latest.length > 0 ? (
          <FeedSection
            title={t('feed.latest')}
            action={
              <RouterLink to="/topic/latest" aria-label={t('feed.seeAllIn', { topic: t('feed.latest') })}>
                {t('feed.seeAll')}
              </RouterLink>
            }
          >
            <PostGrid
              posts={latest}
              headingLevel="h3"
              eager={latestFirst ? FIRST_SCREEN_CARDS : 0}
              immediate={latestFirst ? FIRST_ROW_CARDS : 0}
            />
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
            <PostGrid posts={posts.slice(0, TOPIC_DOORMAT_POSTS)} headingLevel="h3" immediate={0} />
          </FeedSection>
        ))}
        {props.customize}
      </>
    );
  }

  return (
    <div className={styles.root}>
      <Text as="h1" size={800} weight="semibold" className={styles.heading} ref={headingRef} tabIndex={-1}>
        {t('feed.heading')}
      </Text>
      <NewPostsPrompt available={newPosts.available && feed.isSuccess} onShow={handleShowNewPosts} />
      {props.controls}
      <PostMenuContext.Provider value={PostDismissMenu}>{content}</PostMenuContext.Provider>
    </div>
  );
}
