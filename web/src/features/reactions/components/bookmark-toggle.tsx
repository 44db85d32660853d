import type { JSX } from 'react';
import { ToggleButton } from '@fluentui/react-components';
import { Bookmark20Filled, Bookmark20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ConfigInfoResponse, Post } from '@chorus/core';
import { useToggleBookmark } from '../api/set-bookmark.ts';
import { LazyTooltip } from '../../../components/lazy-tooltip.tsx';

/** YouTube links ({host}, {host}/watch, youtu.be) cannot be bookmarked. */
export function isYoutubeUrl(url: string | null): boolean {
  if (url === null) return false;
  try {
    const host = new URL(url).hostname.replace(/^(www\.|m\.)/, '');
    return host === 'youtube.com' || host === 'youtu.be';
  } catch {
    return false;
  }
}

/** Whether the bookmark toggle shows: notifications on for the company, and not a YouTube link. */
export function canBookmark(post: Post, config: ConfigInfoResponse | undefined): boolean {
  return (config?.feature_toggles.notifications_enabled ?? false) && !isYoutubeUrl(post.url);
}

/**
 * The bookmark toggle of a post: a toggle button named 'Bookmark', pressed while bookmarked
 * (a toggle keeps its name; the tooltip says what a click will do).
 */
export function BookmarkToggle(props: { post: Post }): JSX.Element {
  const { t } = useTranslation(['library']);
  const toggle = useToggleBookmark(props.post);
  const bookmarked = props.post.is_bookmarked === 1;
  const hint = bookmarked ? t('library:card.removeBookmark') : t('library:card.bookmark');
  return (
    <LazyTooltip content={hint} relationship="description">
      <ToggleButton
        appearance="subtle"
        checked={bookmarked}
        aria-label={t('library:card.bookmark')}
        icon={bookmarked ? <Bookmark20Filled /> : <Bookmark20Regular />}
        onClick={toggle}
      />
    </LazyTooltip>
  );
}
