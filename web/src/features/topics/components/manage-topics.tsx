import type { JSX } from 'react';
import { Badge, Button, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { TopicEntry } from '@chorus/core';
import { useConfigInfo } from '../../../lib/auth.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { ErrorFallback } from '../../../components/error-fallback.tsx';
import { useSaveSortOrder, useSetFollow, useUserTopics } from '../api/user-topics.ts';
import { SortableTopics } from './sortable-topics.tsx';
import { LockClosedRegular } from '@fluentui/react-icons';
import styles from './manage-topics.module.css';

function LockedTopic(props: { name: string; reason: string }): JSX.Element {
  return (
    <li className={styles.row}>
      <Text className={styles.name}>{props.name}</Text>
      <Badge appearance="tint" color="informative" icon={<LockClosedRegular />}>
        {props.reason}
      </Badge>
    </li>
  );
}

/**
 * Manage Topics: My Topics (the locked defaults Featured and Latest, admin-locked topics, then
 * the followed topics in the user's order) and All Topics (unfollowed topics with posts).
 */
export function ManageTopicsView(): JSX.Element {
  const { t } = useTranslation(['library']);
  const notify = useNotify();
  const config = useConfigInfo();
  const topics = useUserTopics();
  const setFollow = useSetFollow();
  const saveOrder = useSaveSortOrder();

  if (topics.isPending) return <PageSpinner label={t('library:manageTopics.loading')} />;
  if (topics.isError) return <ErrorFallback message={t('library:manageTopics.loadFailed')} onRetry={() => void topics.refetch()} />;

  const all = topics.data.objects;
  const locked = all.filter((entry) => entry.is_followed && entry.is_locked);
  const followed = all.filter((entry) => entry.is_followed && !entry.is_locked);
  const withPosts = all.filter((entry) => entry.number_of_posts > 0);
  const unfollowed = withPosts.filter((entry) => !entry.is_followed);
  const busy = setFollow.isPending || saveOrder.isPending;

  const handleFollow = (entry: TopicEntry, follow: boolean): void => {
    setFollow.mutate(
      { categoryId: entry.category.id, follow },
      {
        onSuccess: () =>
          notify.success(t(follow ? 'library:manageTopics.followed' : 'library:manageTopics.unfollowed', { topic: entry.category.name })),
        onError: (error) => notify.failure(error),
      },
    );
  };
  const handleReorder = (ids: number[]): void => {
    // The server keeps one order of every followed topic; locked ones stay first.
    saveOrder.mutate([...locked.map((entry) => entry.category.id), ...ids], {
      onError: () => notify.error(t('library:manageTopics.sortOrderFailed')),
    });
  };

  return (
    <div className={styles.root}>
      <Text as="h1" size={800} weight="semibold">
        {t('library:manageTopics.heading')}
      </Text>
      <div className={styles.columns}>
        <section aria-labelledby="my-topics-heading" className={styles.section}>
          <h2 id="my-topics-heading" className={styles.sectionHeading}>
            {t('library:manageTopics.myTopics')}
          </h2>
          <ul className={styles.list} aria-label={t('library:manageTopics.lockedList')}>
            {config?.feature_toggles.featured_posts ? <LockedTopic name={t('library:manageTopics.featured')} reason={t('library:manageTopics.default')} /> : null}
            <LockedTopic name={t('library:manageTopics.latest')} reason={t('library:manageTopics.default')} />
            {locked.map((entry) => (
              <LockedTopic key={entry.category.id} name={entry.category.name} reason={t('library:manageTopics.lockedByAdmin')} />
            ))}
          </ul>
          {followed.length > 0 ? (
            <>
              <Text as="p" size={200} className={styles.hint}>
                {t('library:manageTopics.reorderHint')}
              </Text>
              <SortableTopics topics={followed} busy={busy} onReorder={handleReorder} onUnfollow={(entry) => handleFollow(entry, false)} />
            </>
          ) : null}
        </section>
        <section aria-labelledby="all-topics-heading" className={styles.section}>
          <h2 id="all-topics-heading" className={styles.sectionHeading}>
            {t('library:manageTopics.allTopics')}
          </h2>
          {unfollowed.length === 0 ? (
            <Text as="p">{withPosts.length === 0 ? t('library:manageTopics.noTopics') : t('library:manageTopics.followingAll')}</Text>
          ) : (
            <ul className={styles.list} aria-label={t('library:manageTopics.allTopics')}>
              {unfollowed.map((entry) => (
                <li key={entry.category.id} className={styles.row}>
                  <Text className={styles.name}>{entry.category.name}</Text>
                  <Text size={200}>{t('library:manageTopics.postCount', { count: entry.number_of_posts })}</Text>
                  <Button
                    size="small"
                    appearance="primary"
                    disabled={busy}
                    aria-label={t('library:manageTopics.followTopic', { topic: entry.category.name })}
                    onClick={() => handleFollow(entry, true)}
                  >
                    {t('library:manageTopics.follow')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
