import { Suspense, lazy } from 'react';
import type { JSX, ReactNode } from 'react';
import { useCurrentUser, useSignedInUserId } from '../../lib/auth.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';

// Only unconfirmed members see it: its code loads only for them.
const UnconfirmedRoute = lazy(() => import('./unconfirmed-route.tsx').then((m) => ({ default: m.UnconfirmedRoute })));

/**
 * Shows the signed-in pages only to a member whose address is confirmed (or needs no
 * confirming): one who has not followed the mailed link yet gets the confirm-your-e-mail screen
 * on every page, as the server answers them nothing else (490). Inside ProtectedRoute, so the
 * user has loaded.
 */
export function ConfirmedOnly(props: { children: ReactNode }): JSX.Element {
  const userId = useSignedInUserId();
  const user = useCurrentUser();
  if (userId !== null && user !== undefined && !user.email_confirmed) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <UnconfirmedRoute userId={userId} email={user.username} />
      </Suspense>
    );
  }
  return <>{props.children}</>;
}
