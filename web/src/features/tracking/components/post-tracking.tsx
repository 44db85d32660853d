import { useEffect, useRef, useState } from 'react';
import type { CSSProperties, JSX, ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useChorusSettings } from '../../../lib/chorus-context.ts';
import { useAfterFirstPaint } from '../../../lib/after-first-paint.tsx';
import { ListPathContext } from '../hooks/list-path.ts';
import { isPostPath } from '../utils/post-path.ts';
import type { ImpressionTracker } from '../utils/impression-tracker.ts';

// The wrapper only gives the observers a root; it must not change the page's layout.
const NO_BOX: CSSProperties = { display: 'contents' };

/**
 * Tracks the post cards shown in its children (impressions), and tells the post modal which
 * list page it was opened from (the channel of its clicks). The tracker loads after the page's
 * first paint (lib/after-first-paint.tsx), which it has no part in: loaded as the page first
 * committed, its two files were fetched before the first card's picture was drawn.
 */
export function PostTracking(props: { children: ReactNode }): JSX.Element {
  const { pathname } = useLocation();
  const { host } = useChorusSettings();
  // A ref object, not state set by a ref callback: a state update from the commit is a
  // synchronous render, and React ran every pending effect of the page's first commit before
  // it, in the commit's own task (a long one on a phone), instead of after the paint.
  const rootRef = useRef<HTMLDivElement>(null);
  const [tracker, setTracker] = useState<ImpressionTracker | null>(null);
  const listPath = useRef<string | null>(null);
  const later = useAfterFirstPaint();

  useEffect(() => {
    // The wrapper is rendered as long as this component is, so the element never changes.
    const root = rootRef.current;
    if (root === null || !later) return;
    let cancelled = false;
    let started: ImpressionTracker | null = null;
    import('../utils/impression-tracker.ts')
      .then((module) => {
        if (cancelled) return;
        started = new module.ImpressionTracker(root, host);
        setTracker(started);
      })
      // Without the tracker the app works the same; nothing to tell anyone.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      started?.stop();
      setTracker(null);
    };
  }, [host, later]);

  useEffect(() => {
    if (!isPostPath(pathname)) listPath.current = pathname;
    tracker?.show(pathname);
  }, [pathname, tracker]);

  return (
    <ListPathContext.Provider value={listPath}>
      <div ref={rootRef} style={NO_BOX}>
        {props.children}
      </div>
    </ListPathContext.Provider>
  );
}
