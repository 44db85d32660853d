import type { JSX } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PostListType } from '@chorus/core';
import { useConfigInfo } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { TopicView } from '../../features/posts/components/topic-view.tsx';
import { LibraryControls, useLibraryState } from '../../features/library/index.ts';

/** `/bookmarks`: the user's bookmarked posts; bookmarks need the notifications toggle. */
export function BookmarksRoute(): JSX.Element {
  const { t } = useTranslation(['library']);
  const config = useConfigInfo();
  const [library, setLibrary] = useLibraryState();
  useDocumentTitle(t('library:bookmarks.heading'));
  if (config && !config.feature_toggles.notifications_enabled) return <Navigate to="/" replace />;
  const sortBy = library.sortBy ?? undefined;
  return (
    <TopicView
      title={t('library:bookmarks.heading')}
      query={{ type: PostListType.BOOKMARKS, filter_by: library.filterBy, ...(sortBy === undefined ? {} : { sort_by: sortBy }) }}
      controls={<LibraryControls filterBy={library.filterBy} sortBy={library.sortBy} onChange={setLibrary} />}
    />
  );
}
