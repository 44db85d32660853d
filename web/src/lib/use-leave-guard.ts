import { useEffect, useRef, useState } from 'react';
import { useHref, useNavigate } from 'react-router';

/** A navigation the guard held back, to go on with or drop. */
interface HeldNavigation {
  type: NavigationType;
  /** The destination's path inside the app (router basename removed), with query and hash. */
  to: string;
  /** The history entry a traversal (Back, Forward) was going to. */
  key: string;
}

/** The leave guard's state: whether a navigation waits for an answer, and the two answers. */
export interface LeaveGuard {
  held: boolean;
  /** Goes where the person was going, unguarded. */
  leave: () => void;
  /** Drops the navigation and stays on the page. */
  stay: () => void;
}

/** The app path of a same-origin URL under the router's basename (`useHref('/')`), or null outside it. */
export function appPath(url: URL, base: string, origin: string): string | null {
  const prefix = base.endsWith('/') ? base : `${base}/`;
  if (url.origin !== origin || !url.pathname.startsWith(prefix)) return null;
  return `/${url.pathname.slice(prefix.length)}${url.search}${url.hash}`;
}

/**
 * While `active` (unsaved changes), asks before the page is left: closing or reloading the tab
 * gets the browser's own question (`beforeunload`), and moving elsewhere in the app is held
 * until the person answers (`held`). The app runs on a declarative router, which has no
 * `useBlocker` (router.tsx says why), so in-app moves are held through the Navigation API's
 * cancelable `navigate` event, which every route change (links, menus, `navigate()`) raises;
 * where the browser lacks it, only the browser's question remains.
 */
export function useLeaveGuard(active: boolean): LeaveGuard {
  const navigate = useNavigate();
  const base = useHref('/');
  const [held, setHeld] = useState<HeldNavigation | null>(null);
  const leaving = useRef(false);

  useEffect(() => {
    if (!active) return undefined;
    leaving.current = false;
    const warn = (event: BeforeUnloadEvent): void => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    const hold = (event: NavigateEvent): void => {
      if (leaving.current || !event.cancelable || event.downloadRequest !== null || event.navigationType === 'reload') return;
      const to = appPath(new URL(event.destination.url), base, window.location.origin);
      // Another site or a file outside the app: the browser asks (beforeunload).
      if (to === null || new URL(event.destination.url).pathname === window.location.pathname) return;
      event.preventDefault();
      setHeld({ type: event.navigationType, to, key: event.destination.key });
    };
    const navigation = 'navigation' in window ? window.navigation : undefined;
    window.addEventListener('beforeunload', warn);
    navigation?.addEventListener('navigate', hold);
    return () => {
      window.removeEventListener('beforeunload', warn);
      navigation?.removeEventListener('navigate', hold);
    };
  }, [active, base]);

  return {
    held: held !== null,
    leave: () => {
      if (held === null) return;
      leaving.current = true;
      setHeld(null);
      if (held.type === 'traverse') void window.navigation.traverseTo(held.key);
      else void navigate(held.to, { replace: held.type === 'replace' });
    },
    stay: () => setHeld(null),
  };
}
