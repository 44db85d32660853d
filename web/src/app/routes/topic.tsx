import { Suspense } from 'react';
import type { JSX } from 'react';
import { Button, Text } from '@fluentui/react-components';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PostListType, RECOMMENDATION_DRAWER_SIZE, SpecialTopic } from '@chorus/core';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { RouterButtonLink } from '../../components/router-link.tsx';
import styles from './topic.module.css';
import { TopicView } from '../../features/posts/components/topic-view.tsx';
import { useTopics } from '../../features/posts/api/get-topics.ts';
import { topicOfParam, topicPostsQuery } from '../../features/posts/api/get-posts.ts';
import { LibraryControls, useLibraryState } from '../../features/library/index.ts';
import { FollowToggle } from '../../features/topics/components/follow-toggle.tsx';
import { useUserTopics } from '../../features/topics/api/user-topics.ts';

/** Where each non-numeric special topic lives. */
const SPECIAL_ROUTES: Readonly<Record<string, string>> = {
  [SpecialTopic.SEARCH]: '/search',
  [SpecialTopic.BOOKMARKS]: '/bookmarks',
  [SpecialTopic.FEATURED]: '/featured',
};

/** The temporary recommended drawer: up to 4 unshared, top-performing recent posts. */
function RecommendedTopic(): JSX.Element {
  const { t } = useTranslation(['library']);
  const navigate = useNavigate();
  useDocumentTitle(t('library:topic.recommended'));
  return (
    <TopicView
      title={t('library:topic.recommended')}
      query={{ type: PostListType.RECOMMENDED, results_per_page: RECOMMENDATION_DRAWER_SIZE }}
      infinite={false}
      actions={<Button onClick={() => void navigate('/')}>{t('library:topic.closeRecommended')}</Button>}
    />
  );
}

/** A topic id that names no topic of the company: says so, and offers Explore. */
function UnknownTopic(): JSX.Element {
  const { t } = useTranslation(['library']);
  return (
    <section className={styles.unknown} aria-labelledby="unknown-topic-heading">
      <Text as="h1" id="unknown-topic-heading" size={800} weight="semibold" className={styles.unknownHeading}>
        {t('library:topic.notFoundTitle')}
      </Text>
      <Text as="p">{t('library:topic.notFoundBody')}</Text>
      <div>
        <RouterButtonLink to="/topic/latest" appearance="primary">
          {t('library:topic.notFoundExplore')}
        </RouterButtonLink>
      </div>
    </section>
  );
}

/** One topic (numeric id) or Explore (`latest`), with follow toggle, filter and sort. */
function LibraryTopic(props: { topicId: number | null }): JSX.Element {
  const { t } = useTranslation(['common', 'library']);
  const [library, setLibrary] = useLibraryState();
  const categories = useTopics();
  // The follow toggle's data: waited for with the name, so the header paints once (TopicView).
  const followed = useUserTopics();
  const found = props.topicId === null ? undefined : categories.data?.objects.find((category) => category.id === props.topicId);
  const unknown = props.topicId !== null && categories.isSuccess && found === undefined;
  const name = props.topicId === null ? t('topic.explore') : unknown ? t('library:topic.notFoundTitle') : (found?.name ?? t('topic.fallbackTitle'));
  useDocumentTitle(name);
  if (unknown) return <UnknownTopic />;
  return (
    <TopicView
      title={name}
      headerPending={props.topicId !== null && (categories.isPending || followed.isPending)}
      query={topicPostsQuery(props.topicId, library)}
      actions={
        props.topicId === null ? null : (
          <Suspense fallback={null}>
            <FollowToggle topicId={props.topicId} />
          </Suspense>
        )
      }
      controls={<LibraryControls filterBy={library.filterBy} sortBy={library.sortBy} onChange={setLibrary} />}
    />
  );
}

/**
 * `/topic/:topicId`: a numeric id is a topic, `latest` is Explore, `-1` or `recommended` the
 * recommended drawer; search, bookmarks and featured are special topics with their own routes.
 */
export function TopicRoute(): JSX.Element {
  const raw = useParams()['topicId'] ?? '';
  if (raw === SpecialTopic.RECOMMENDED || raw === String(SpecialTopic.RECOMMENDED_ID)) return <RecommendedTopic />;
  const special = SPECIAL_ROUTES[raw];
  if (special !== undefined) return <Navigate to={special} replace />;
  const topicId = topicOfParam(raw);
  if (topicId === undefined) return <Navigate to="/" replace />;
  return <LibraryTopic key={raw} topicId={topicId} />;
}
