import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@chorus/core';
import { useCurrentUser } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { AdminRefused } from '../../components/admin-refused.tsx';
import { AuditLog } from '../../features/admin-audit/components/audit-log.tsx';

/** `/admin/audit`: the company's audit log (managers and admins; the server refuses anyone else). */
export function AdminAuditRoute(): JSX.Element {
  const { t } = useTranslation(['screens']);
  const user = useCurrentUser();
  useDocumentTitle(t('screens:adminAudit.title'));
  if (user === undefined) return <PageSpinner />;
  if (!can(user.role, 'audit.read')) return <AdminRefused title={t('screens:adminAudit.title')} message={t('screens:adminAudit.refused')} />;
  return <AuditLog />;
}
