import { Suspense, useEffect, useState } from 'react';
import type { JSX } from 'react';
import { Navigate, Outlet, matchPath, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FilterBy, SortBy, type FeedQuery } from '@chorus/core';
import { configInfoQueryOptions, useConfigInfo, useSignedInUserId, userQueryOptions } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useHoldTurns, usePagePainted } from '../../lib/after-first-paint.tsx';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { FeedView } from '../../features/posts/components/feed-view.tsx';
import { feedTitle } from '../../features/posts/components/feed-title.ts';
import { feedQueryOptions, useFeed } from '../../features/posts/api/get-feed.ts';
import { isPostId, postIdParam, postQueryOptions } from '../../features/posts/api/get-post.ts';
import { postsInfiniteQueryOptions, TOPIC_PATH, topicOfParam, topicPostsQuery } from '../../features/posts/api/get-posts.ts';
import { topicsQueryOptions } from '../../features/posts/api/get-topics.ts';
import { userTopicsQueryOptions } from '../../features/topics/api/user-topics.ts';
import { useOnboardingRedirect } from '../../features/onboarding/hooks/use-onboarding-redirect.ts';
import { useLibraryState, type LibraryState } from '../../lib/library-state.ts';
import { CustomizeFeed } from '../../features/topics/components/customize-feed.tsx';
// The filter and sort buttons are part of the entry (some 7 KB gzip with Fluent's ToggleButton):
// as a lazy chunk of their own they were four files (the chunk, its stylesheet, ToggleButton and
// two of its imports) that a phone fetched before it could paint the feed, on the six
// connections an HTTP/1.1 page gets, in a queue with the feed's data and its first picture.
import { LibraryControls } from '../../features/library/components/library-controls.tsx';

/**
 * The library screens' code (router.tsx's TopicRoute, BookmarksRoute, ...), asked for before the first
 * render on a topic page, beside the page's data: asked for as the page rendered, it came with
 * its imports and theirs in three round trips after the data, and the page with them.
 */
export const libraryRoutes = () => import('./library-routes.tsx');

const FILTERS: readonly string[] = Object.values(FilterBy);
const SORTS: readonly string[] = Object.values(SortBy);

/** The feed's query under the library state's filter and sort. */
function feedQueryOf(library: LibraryState): FeedQuery {
  return { filter_by: library.filterBy, sort_by: library.sortBy ?? SortBy.LATEST };
}

/** The single post dialog's route, over the feed (router.tsx). */
export const POST_DIALOG_PATH = '/post/:postId';

/**
 * Starts a request unless the cache holds any state for its key (data, a request under way, or a
 * failure): TanStack Query's own rule for a prefetch during render (usePrefetchQuery).
 */
function prefetchOnce(client: QueryClient, queryKey: QueryKey, start: () => Promise<void>): void {
  if (client.getQueryState(queryKey) === undefined) void start();
}

/**
 * On a page load with a session, starts the page's requests beside the session's own (the user
 * and the company configuration, which the signed-in frame waits for: ProtectedRoute), rather
 * than after them or after the first commit: from an effect, they waited for the whole first
 * render, some 350 ms of a phone's main thread after the entry had run (four times that on
 * Lighthouse's slowed phone), and everything the page shows with them. The web app calls it
 * before its first render (main.tsx), FeedPrefetch again during it (the Teams tab, a sign-in
 * without a page load); a request already asked is not asked again.
 *
 * Only the pages below ask here; on any other (sign-in among them) the guard asks for the
 * session's own. On `/`, the feed is asked. On `/post/{id}`, the dialog's post is asked too, and
 * the feed behind it: the post otherwise waited for the dialog's code as well. On a topic page
 * (`/topic/{id}`, or Explore), its first page of posts is asked, and the library screens' code
 * (libraryRoutes), and for a topic the topic list and the member's follows its header waits
 * for: they otherwise waited for the library screens' code and the signed-in frame.
 */
export function prefetchPage(client: QueryClient, pathname: string, userId: number, library: LibraryState): void {
  // The dialog's route (router.tsx) and its id, read as PostDialogRoute reads it.
  const dialog = matchPath(POST_DIALOG_PATH, pathname);
  const postId = dialog === null ? null : postIdParam(dialog.params.postId);
  // The topic page's topic, read as TopicRoute reads it (undefined: not a topic page).
  const topic = matchPath(TOPIC_PATH, pathname);
  const topicId = topic === null ? undefined : topicOfParam(topic.params.topicId ?? '');
  const atFeed = pathname === '/' || dialog !== null;
  // Any other page (sign-in among them) asks for nothing here: the guard asks for the session's own.
  if (!atFeed && topicId === undefined) return;
  const user = userQueryOptions(userId);
  prefetchOnce(client, user.queryKey, () => client.prefetchQuery(user));
  const config = configInfoQueryOptions();
  prefetchOnce(client, config.queryKey, () => client.prefetchQuery(config));
  if (postId !== null && isPostId(postId)) {
    const post = postQueryOptions(postId);
    prefetchOnce(client, post.queryKey, () => client.prefetchQuery(post));
  }
  if (atFeed) {
    const feed = feedQueryOptions(feedQueryOf(library));
    prefetchOnce(client, feed.queryKey, () => client.prefetchQuery(feed));
  }
  if (topicId !== undefined) {
    const pages = postsInfiniteQueryOptions(topicPostsQuery(topicId, library));
    prefetchOnce(client, pages.queryKey, () => client.prefetchInfiniteQuery(pages));
    if (topicId !== null) {
      const topics = topicsQueryOptions();
      prefetchOnce(client, topics.queryKey, () => client.prefetchQuery(topics));
      const follows = userTopicsQueryOptions();
      prefetchOnce(client, follows.queryKey, () => client.prefetchQuery(follows));
    }
    // After the data: an HTTP/1.1 page has six connections, and the code's files (named in a
    // topic page's HTML already, route-preloads.ts) would otherwise hold them while the data,
    // which also waits for the server, queued behind.
    void libraryRoutes();
  }
}

/**
 * The page's requests (prefetchPage) during the first render, for a start that did not make them
 * before it, and the library strings of the filter and sort row (the feed's, a topic page's). Rendered outside the
 * guard, once per page load or sign-in (its first render decides).
 */
export function FeedPrefetch(): null {
  const { pathname } = useLocation();
  const userId = useSignedInUserId();
  const [library] = useLibraryState();
  const client = useQueryClient();
  const { i18n } = useTranslation();
  useState(() => {
    if (userId === null) return null;
    prefetchPage(client, pathname, userId, library);
    // The filter and sort row's strings, wherever it shows (the feed and the pages over it).
    void i18n.loadNamespaces('library');
    return null;
  });
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
 * The feed's document title and the redirect to onboarding, in a component of their own: each
 * query they read re-renders its reader synchronously as its answer arrives (React Query reads
 * through useSyncExternalStore), and read by FeedRoute, the onboarding events' answer rebuilt
 * the whole feed in one task (some 90 ms of a phone's main thread at 4x CPU).
 */
function FeedDocument(props: { query: FeedQuery }): null {
  const { t } = useTranslation();
  const config = useConfigInfo();
  const feed = useFeed(props.query);
  useDocumentTitle(feedTitle(feed.data?.num_results, t('feed.documentTitle', { company: config?.company_name ?? '' })));
  useOnboardingRedirect();
  return null;
}

/**
 * The routes over the feed (the single post dialog). A page loaded on a post (`/post/{id}`: a
 * link from Teams or an e-mail, a reload) draws the feed first and opens the post once the
 * feed's first screen and its pictures are painted (lib/after-first-paint.tsx). Asked for as the
 * feed rendered, the dialog's code (some 35 files, in four waves) shared the network and the main
 * thread with the feed's data and first picture, the page's largest paint. Now its files come at
 * once (vite.config.ts, DIALOG_CHUNK). Interleaved Lighthouse runs (six per build): the largest
 * paint went from 3,871 to 2,647 ms and the score from 89 to 95. In Chromium with slow 4G and a
 * 4x slower CPU applied, the post itself painted sooner too: 3,963 ms, against 4,228 without the
 * wait and the preload (median of five loads each). A post opened from the page once it has
 * loaded opens at once. A component of its own, so that the moment re-renders only it.
 */
function DialogOutlet(): JSX.Element | null {
  const location = useLocation();
  const painted = usePagePainted();
  const waits = !painted && location.key === 'default' && matchPath(POST_DIALOG_PATH, location.pathname) !== null;
  return waits ? null : <Outlet />;
}

/**
 * `/`: the feed, with the single post dialog (`/post/:postId`) rendered over it. Query
 * parameters: filter_by and sort_by set the library state; query or categories open the
 * search with them; origin (where a link came from) is accepted and dropped.
 */
export function FeedRoute(): JSX.Element {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [library, setLibrary] = useLibraryState();
  const query = feedQueryOf(library);

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
      <FeedDocument query={query} />
      <FeedView
        query={query}
        controls={<LibraryControls filterBy={library.filterBy} sortBy={library.sortBy} onChange={setLibrary} />}
        customize={
          <Suspense fallback={null}>
            <CustomizeFeed />
          </Suspense>
        }
      />
      <ErrorBoundary>
        <Suspense fallback={null}>
          <DialogOutlet />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
