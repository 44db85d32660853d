import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ChorusApp } from './app/chorus-app.tsx';
import { prefetchPage } from './app/routes/feed.tsx';
import { libraryStateOf } from './features/library/hooks/library-state.ts';
import { loseSession, signedInUserId } from './lib/auth.tsx';
import { createQueryClient } from './lib/query-client.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient(loseSession);

/** Runs `task` in a task of its own, after the tasks already queued. */
const inOwnTask = (task: () => void): void => void setTimeout(task, 0);

// The boot is a string of short tasks, not one long one: the bundle's evaluation (every module's
// top-level code, one task the browser cannot split), then each of the page's requests, then the
// first render's start. A phone's browser counts the part of a task past 50 ms as time a tap
// would have waited; the requests made the evaluation's task twice as long on a topic page.
inOwnTask(() => {
  // The page's data is asked for before the first render (routes/feed.tsx, prefetchPage): the
  // render takes a few hundred milliseconds of a phone's main thread, and the data a round trip.
  // Each request's task is queued before the render's, so the render finds them all under way.
  const userId = signedInUserId();
  if (userId !== null) prefetchPage(queryClient, window.location.pathname, userId, libraryStateOf(userId), inOwnTask);

  inOwnTask(() => {
    const root = createRoot(container);
    // The first render is a transition, so React renders it in slices and yields to the browser
    // between them: a phone stays responsive while the first screen is built, instead of one long
    // task. The boot spinner in index.html shows until it commits.
    startTransition(() => {
      root.render(
        <StrictMode>
          <ChorusApp host="web" queryClient={queryClient} />
        </StrictMode>,
      );
    });
  });
});
