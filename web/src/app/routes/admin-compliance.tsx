import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@chorus/core';
import { useCurrentUser } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { errorText } from '../../lib/notify.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useComplianceSettings } from '../../features/admin-compliance/api/compliance-settings.ts';
import { ComplianceEditor, ComplianceRefused } from '../../features/admin-compliance/components/compliance-editor.tsx';

/** `/admin/compliance`: the company's compliance lists (ADMIN; the server refuses anyone else). */
export function AdminComplianceRoute(): JSX.Element {
  const { t } = useTranslation(['screens']);
  const user = useCurrentUser();
  useDocumentTitle(t('screens:adminCompliance.title'));
  const allowed = user !== undefined && can(user.role, 'compliance.manage');
  if (user === undefined) return <PageSpinner />;
  if (!allowed) return <ComplianceRefused message={t('screens:adminCompliance.refused')} />;
  return <Editor />;
}

function Editor(): JSX.Element {
  const { t } = useTranslation(['screens']);
  const settings = useComplianceSettings();
  if (settings.isPending) return <PageSpinner />;
  if (settings.isError) return <ComplianceRefused message={errorText(t, settings.error)} />;
  return <ComplianceEditor saved={settings.data} />;
}
