import type { JSX } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ADMIN_LANDING_PATH, adminLandingPath, adminViewUrl } from '../../lib/redirects.ts';

/**
 * /redirect: hands a signed-in user over to the admin view (`/#{next}` with from_admin_view=1
 * and the optional video_id). Until the admin console exists that address opens the admin
 * landing page, so this goes there at once, carrying the same parameters.
 */
export function AdminRedirectRoute(): JSX.Element {
  const { search } = useLocation();
  const target = adminLandingPath(adminViewUrl(search).slice(1)) ?? ADMIN_LANDING_PATH;
  return <Navigate to={target} replace />;
}
