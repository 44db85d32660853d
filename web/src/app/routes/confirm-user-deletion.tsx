import type { JSX } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ConfirmDeletionView } from '../../features/privacy/components/confirm-deletion-view.tsx';

/** `/confirm-user-deletion?delete_code`: an admin answers a user's deletion request. */
export function ConfirmUserDeletionRoute(): JSX.Element {
  const { t } = useTranslation(['privacy']);
  const [params] = useSearchParams();
  useDocumentTitle(t('privacy:confirmDeletion.documentTitle'));
  const deleteCode = params.get('delete_code') ?? '';
  return <ConfirmDeletionView key={deleteCode} deleteCode={deleteCode} />;
}
