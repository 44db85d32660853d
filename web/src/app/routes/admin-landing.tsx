import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfigInfo, useCurrentUser } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { AdminLanding } from '../../features/admin-view/components/admin-landing.tsx';

/** `/admin`: the admin landing page the view switcher, `/#/dashboard` and `/redirect` lead to. */
export function AdminLandingRoute(): JSX.Element {
  const { t } = useTranslation(['screens']);
  const user = useCurrentUser();
  const config = useConfigInfo();
  useDocumentTitle(t('screens:admin.title'));
  if (!user || !config) return <PageSpinner />;
  return <AdminLanding role={user.role} dashboardEnabled={config.dashboard_enabled} />;
}
