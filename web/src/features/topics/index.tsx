/**
 * Topics: the top bar's dropdown, the follow toggle, the feed's Customize Feed doormat and
 * Manage Topics. Route files import the components they compose from components/; this entry
 * holds the top bar's dropdown, loaded on demand so the frame's first render stays small.
 */
import { Suspense, lazy } from 'react';
import type { JSX } from 'react';

const LazyTopicsDropdown = lazy(() => import('./components/topics-dropdown.tsx').then((m) => ({ default: m.TopicsDropdown })));

/** The top bar's topics dropdown; renders nothing until its chunk has loaded. */
export function TopicsDropdown(): JSX.Element {
  return (
    <Suspense fallback={null}>
      <LazyTopicsDropdown />
    </Suspense>
  );
}
