import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ChorusApp } from './app/chorus-app.tsx';
import { brandedSettingsQueryOptions } from './features/auth/api/get-branded-settings.ts';
import { prefetchPage } from './app/routes/feed.tsx';
import { libraryStateOf } from './features/library/hooks/library-state.ts';
import { loseSession, signedInUserId } from './lib/auth.tsx';
import { createQueryClient } from './lib/query-client.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The page's data is asked for before the first render (routes/feed.tsx, prefetchPage): the
// render takes a few hundred milliseconds of a phone's main thread, and the data a round trip.
const queryClient = createQueryClient(loseSession);

// The start comes in three tasks, not in the one that evaluated the entry's modules: the
// requests, then the root and its first render's start, then the first use of Intl. In that one
// task, the modules, the requests and the root took some 200 ms of a phone's main thread at
// Lighthouse's 4x CPU slowdown, its longest task on every page.
setTimeout(() => {
  // Every page's too, signed in or not: the company's branding, whose colours every page's first
  // frame waits for (BrandThemeProvider). Asked for by the first render, it came a round trip
  // after that render had committed, when the session's answers were in already.
  void queryClient.prefetchQuery(brandedSettingsQueryOptions());
  const userId = signedInUserId();
  if (userId !== null) prefetchPage(queryClient, window.location.pathname, userId, libraryStateOf(userId));
}, 0);

setTimeout(() => {
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
}, 0);

// The page's first use of Intl loads the browser's locale data: some 20 ms of main thread, 80 at
// 4x. Inside the first render (the top bar reads the browser's time zone, the cards format their
// dates) it made one of the render's slices a long task; here it runs on its own while the
// page's data is on its way.
setTimeout(() => {
  Intl.DateTimeFormat().resolvedOptions();
}, 0);
