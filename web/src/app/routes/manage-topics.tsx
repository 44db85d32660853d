import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ManageTopicsView } from '../../features/topics/components/manage-topics.tsx';

/** `/manage-topics`: follow, unfollow and order topics. */
export function ManageTopicsRoute(): JSX.Element {
  const { t } = useTranslation(['library']);
  useDocumentTitle(t('library:manageTopics.heading'));
  return <ManageTopicsView />;
}
