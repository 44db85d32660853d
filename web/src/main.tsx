import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ChorusApp } from './app/chorus-app.tsx';
import { brandedSettingsQueryOptions } from './features/auth/api/get-branded-settings.ts';
import { prefetchPage } from './app/routes/feed.tsx';
import { libraryStateOf } from './lib/library-state.ts';
import { loseSession, signedInUserId } from './lib/auth.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { startWebApp } from './lib/pwa.ts';

// The installable app: the service worker (after the page has loaded) and the install prompt.
startWebApp();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The page's data is asked for before the first render (routes/feed.tsx, prefetchPage): the
// render takes a few hundred milliseconds of a phone's main thread, and the data a round trip.
const queryClient = createQueryClient(loseSession);

// The start comes in three tasks after the one that evaluates the entry's modules: the requests,
// then the root and its first render's start, then the first use of Intl. All in that one task,
// they took 270 to 360 ms of main thread with Chromium's CPU slowed 4x (three traced loads of
// /post/{id}), the longest task of every page; split, the modules took 80 to 210, the requests
// 90 to 230 and the root 65 to 145. The tasks are as long in all, but a tap can be answered
// between them, and Lighthouse counts only each task's time past 50 ms as blocking.
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
