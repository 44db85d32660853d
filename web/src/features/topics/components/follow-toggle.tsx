import type { JSX } from 'react';
import { ToggleButton, Tooltip } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../lib/notify.tsx';
import { useSetFollow, useUserCategories } from '../api/user-categories.ts';

/**
 * Follow toggle of a topic page. Hidden while the topics load or when the topic is unknown;
 * a topic an admin locked is shown followed and disabled, with the reason in a tooltip.
 */
export function FollowToggle(props: { topicId: number }): JSX.Element | null {
  const { t } = useTranslation(['library']);
  const notify = useNotify();
  const topics = useUserCategories();
  const setFollow = useSetFollow();
  const entry = topics.data?.objects.find((item) => item.category.id === props.topicId);
  if (topics.isPending || entry === undefined) return null;

  const name = entry.category.name;
  if (entry.is_locked) {
    return (
      <Tooltip content={t('library:topic.lockedTooltip')} relationship="description">
        <ToggleButton checked disabledFocusable>
          {t('library:topic.following')}
        </ToggleButton>
      </Tooltip>
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
