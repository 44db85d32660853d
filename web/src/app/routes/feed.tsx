import { Suspense } from 'react';
import type { JSX } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfigInfo } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { FeedView } from '../../features/posts/components/feed-view.tsx';

/** `/`: the feed, with the single post dialog (`/post/:postId`) rendered over it. */
export function FeedRoute(): JSX.Element {
  const { t } = useTranslation();
  const config = useConfigInfo();
  useDocumentTitle(t('feed.documentTitle', { company: config?.company_name ?? '' }));
  return (
    <>
      <FeedView />
      <ErrorBoundary>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
