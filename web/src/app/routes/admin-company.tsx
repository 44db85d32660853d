import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@chorus/core';
import { useCurrentUser } from '../../lib/auth.tsx';
import { errorText } from '../../lib/notify.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { AdminRefused } from '../../components/admin-refused.tsx';
import { useCompanyFeatures } from '../../features/admin-company/api/company-features.ts';
import { FeatureSwitches } from '../../features/admin-company/components/feature-switches.tsx';

function CompanySettings(): JSX.Element {
  const { t } = useTranslation(['screens', 'errors']);
  const features = useCompanyFeatures();
  if (features.isPending) return <PageSpinner />;
  if (features.isError) return <AdminRefused title={t('screens:adminCompany.title')} message={errorText(t, features.error)} />;
  return <FeatureSwitches saved={features.data.feature_toggles} />;
}

/** `/admin/company`: the company's settings (admins; managers are refused here and by the server). */
export function AdminCompanyRoute(): JSX.Element {
  const { t } = useTranslation(['screens']);
  const user = useCurrentUser();
  useDocumentTitle(t('screens:adminCompany.title'));
  if (user === undefined) return <PageSpinner />;
  if (!can(user.role, 'company.settings')) return <AdminRefused title={t('screens:adminCompany.title')} message={t('screens:adminCompany.refused')} />;
  return <CompanySettings />;
}
