import type { JSX } from 'react';
import { Text, ToggleButton } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../lib/notify.tsx';
import { useSetFollow, useUserTopics } from '../api/user-topics.ts';
import styles from './follow-toggle.module.css';
import { LazyTooltip } from '../../../components/lazy-tooltip.tsx';

/**
 * Follow toggle of a topic page. Hidden while the topics load or when the topic is unknown;
 * a topic an admin locked is shown followed and disabled with a lock, 'Added by your
 * administrator' beside it and the reason in a tooltip (as on Manage Topics).
 */
export function FollowToggle(props: { topicId: number }): JSX.Element | null {
  const { t } = useTranslation(['library']);
  const notify = useNotify();
  const topics = useUserTopics();
  const setFollow = useSetFollow();
  const entry = topics.data?.objects.find((item) => item.category.id === props.topicId);
  if (topics.isPending || entry === undefined) return null;

  const name = entry.category.name;
  if (entry.is_locked) {
    return (
      <span className={styles.locked}>
        <LazyTooltip content={t('library:topic.lockedTooltip')} relationship="description">
          <ToggleButton checked disabledFocusable icon={<LockClosedRegular />}>
            {t('library:topic.following')}
          </ToggleButton>
        </LazyTooltip>
        <Text size={200} className={styles.lockedReason}>
          {t('library:manageTopics.lockedByAdmin')}
        </Text>
      </span>
    );
  }
  const handleClick = (): void => {
    setFollow.mutate({ categoryId: entry.category.id, follow: !entry.is_followed }, { onError: (error) => notify.failure(error) });
  };
  return (
    <ToggleButton
      checked={entry.is_followed}
      disabledFocusable={setFollow.isPending}
      aria-label={entry.is_followed ? t('library:topic.unfollowTopic', { topic: name }) : t('library:topic.followTopic', { topic: name })}
      onClick={handleClick}
    >
      {entry.is_followed ? t('library:topic.following') : t('library:topic.follow')}
    </ToggleButton>
  );
}
