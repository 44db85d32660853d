import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { flushAnalytics, trackPage } from '../../../lib/analytics.ts';

/** Sends a page event for each route of the signed-in app, and what waits when the page is hidden. */
export function usePageAnalytics(): void {
  const { pathname } = useLocation();
  useEffect(() => trackPage(pathname), [pathname]);
  useEffect(() => {
    const onHidden = (): void => {
      if (document.visibilityState === 'hidden') flushAnalytics();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', flushAnalytics);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flushAnalytics);
    };
  }, []);
}
