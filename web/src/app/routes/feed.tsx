import { Suspense, lazy, useEffect, useState } from 'react';
import type { JSX } from 'react';
import { Navigate, Outlet, matchPath, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FilterBy, SortBy, type FeedQuery } from '@chorus/core';
import { useConfigInfo, useSignedInUserId } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useHoldTurns } from '../../lib/after-first-paint.tsx';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { FeedView } from '../../features/posts/components/feed-view.tsx';
import { feedTitle } from '../../features/posts/components/feed-title.ts';
import { feedQueryOptions, useFeed } from '../../features/posts/api/get-feed.ts';
import { isPostId, postIdParam, postQueryOptions } from '../../features/posts/api/get-post.ts';
import { postsInfiniteQueryOptions, TOPIC_PATH, topicOfParam, topicPostsQuery } from '../../features/posts/api/get-posts.ts';
import { categoriesQueryOptions } from '../../features/posts/api/get-categories.ts';
import { userCategoriesQueryOptions } from '../../features/topics/api/user-categories.ts';
import { useOnboardingRedirect } from '../../features/onboarding/hooks/use-onboarding-redirect.ts';
import { useLibraryState, type LibraryState } from '../../features/library/hooks/library-state.ts';
import { CustomizeFeed } from '../../features/topics/components/customize-feed.tsx';

// The filter and sort buttons (toggle buttons, library strings) load beside the feed's answer,
// on their own: through library-routes.tsx they brought the library screens' code (the search
// box, tooltips, the topic list) with them, some 30 KB gzip the feed does not show.
const LibraryControls = lazy(() => import('../../features/library/components/library-controls.tsx').then((m) => ({ default: m.LibraryControls })));

const FILTERS: readonly string[] = Object.values(FilterBy);
const SORTS: readonly string[] = Object.values(SortBy);

/** The feed's query under the library state's filter and sort. */
function feedQueryOf(library: LibraryState): FeedQuery {
  return { filter_by: library.filterBy, sort_by: library.sortBy ?? SortBy.LATEST };
}

/** The single post dialog's route, over the feed (router.tsx). */
export const POST_DIALOG_PATH = '/post/:postId';

/**
 * On a page load of `/` with a session, starts the feed's request beside the session's own
 * (the user and the company), rather than after them: the signed-in frame renders only once
 * both have answered (ProtectedRoute), and the feed then asked only from that render, a round
 * trip later. On `/post/{id}`, the dialog's post is asked too, and the feed behind it: the post
 * otherwise waited for the dialog's code as well. On a topic page (`/topic/{id}`, or Explore), its
 * first page of posts is asked, and for a topic the topic list and the member's follows its header
 * waits for: they otherwise waited for the library screens' code and the signed-in frame. Rendered
 * outside the guard, once per page load.
 */
export function FeedPrefetch(): null {
  const { pathname } = useLocation();
  const userId = useSignedInUserId();
  const [library] = useLibraryState();
  const client = useQueryClient();
  const [initial] = useState(() => {
    // The dialog's route (router.tsx) and its id, read as PostDialogRoute reads it.
    const dialog = matchPath(POST_DIALOG_PATH, pathname);
    const postId = dialog === null ? null : postIdParam(dialog.params.postId);
    // The topic page's topic, read as TopicRoute reads it (undefined: not a topic page).
    const topic = matchPath(TOPIC_PATH, pathname);
    const topicId = topic === null ? undefined : topicOfParam(topic.params.topicId ?? '');
    return { atFeed: pathname === '/' || dialog !== null, postId, topicId, signedIn: userId !== null, query: feedQueryOf(library), library };
  });
  useEffect(() => {
    if (!initial.signedIn) return;
    if (initial.postId !== null && isPostId(initial.postId)) void client.prefetchQuery(postQueryOptions(initial.postId));
    if (initial.atFeed) void client.prefetchQuery(feedQueryOptions(initial.query));
    if (initial.topicId !== undefined) {
      void client.prefetchInfiniteQuery(postsInfiniteQueryOptions(topicPostsQuery(initial.topicId, initial.library)));
      if (initial.topicId !== null) {
        void client.prefetchQuery(categoriesQueryOptions());
        void client.prefetchQuery(userCategoriesQueryOptions());
      }
    }
  }, [client, initial]);
  return null;
}

/**
 * While the single post dialog is open, the deferred parts of the page behind it (the top bar's
 * menus and search, the cards below the first screen and their controls) wait for it to close
 * (lib/after-first-paint.tsx). Rendered outside the guard, so that a page load of /post/{id}
 * holds them from its first render, before the page behind takes a turn.
 */
export function PostDialogHold(): null {
  const { pathname } = useLocation();
  useHoldTurns(matchPath(POST_DIALOG_PATH, pathname) !== null);
  return null;
}

/**
 * `/`: the feed, with the single post dialog (`/post/:postId`) rendered over it. Query
 * parameters: filter_by and sort_by set the library state; query or categories open the
 * search with them; origin (where a link came from) is accepted and dropped.
 */
export function FeedRoute(): JSX.Element {
  const { t } = useTranslation();
  const config = useConfigInfo();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [library, setLibrary] = useLibraryState();
  const query = feedQueryOf(library);
  const feed = useFeed(query);
  useDocumentTitle(feedTitle(feed.data?.num_results, t('feed.documentTitle', { company: config?.company_name ?? '' })));
  useOnboardingRedirect();

  const filterParam = params.get('filter_by');
  const sortParam = params.get('sort_by');
  const hasLibraryParams = filterParam !== null || sortParam !== null || params.has('origin');
  useEffect(() => {
    if (!hasLibraryParams) return;
    setLibrary({
      ...(filterParam !== null && FILTERS.includes(filterParam) ? { filterBy: filterParam as FilterBy } : {}),
      ...(sortParam !== null && SORTS.includes(sortParam) ? { sortBy: sortParam as SortBy } : {}),
    });
    void navigate({ search: '' }, { replace: true });
  }, [hasLibraryParams, filterParam, sortParam, setLibrary, navigate]);

  if (params.get('query') || params.get('categories')) {
    return <Navigate to={{ pathname: '/search', search: params.toString() }} replace />;
  }
  return (
    <>
      <FeedView
        query={query}
        // No boundary of its own: the filter and sort row is part of the feed's first paint. Behind
        // an empty one, a feed whose answer came before this code showed its cards, then moved
        // them down 48 px (a phone, 4x CPU: 2 loads of 5; Lighthouse CLS 0.04).
        controls={<LibraryControls filterBy={library.filterBy} sortBy={library.sortBy} onChange={setLibrary} />}
        customize={
          <Suspense fallback={null}>
            <CustomizeFeed />
          </Suspense>
        }
      />
      <ErrorBoundary>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
