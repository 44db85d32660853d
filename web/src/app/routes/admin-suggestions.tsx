import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@chorus/core';
import { useCurrentUser } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { AdminRefused } from '../../components/admin-refused.tsx';
import { SuggestionQueue } from '../../features/admin-suggestions/components/suggestion-queue.tsx';

/** `/admin/suggestions`: members' suggestions to review (content creators up; the server refuses anyone else). */
export function AdminSuggestionsRoute(): JSX.Element {
  const { t } = useTranslation(['screens']);
  const user = useCurrentUser();
  useDocumentTitle(t('screens:adminSuggestions.title'));
  if (user === undefined) return <PageSpinner />;
  if (!can(user.role, 'suggestions.review')) return <AdminRefused title={t('screens:adminSuggestions.title')} message={t('screens:adminSuggestions.refused')} />;
  return <SuggestionQueue />;
}
