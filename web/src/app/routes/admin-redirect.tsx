import { useEffect } from 'react';
import type { JSX } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminViewUrl } from '../../lib/redirects.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';

/**
 * /redirect: hands a signed-in user over to the admin view (`/#{next}` with from_admin_view=1
 * and the optional video_id). The admin app is a separate page, so this is a full navigation.
 */
export function AdminRedirectRoute(): JSX.Element {
  const { t } = useTranslation();
  const { search } = useLocation();
  useEffect(() => {
    window.location.replace(adminViewUrl(search));
  }, [search]);
  return <PageSpinner label={t('adminRedirect.opening')} />;
}
