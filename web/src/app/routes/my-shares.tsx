import type { JSX } from 'react';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { MySharesPage } from '../../features/my-shares/components/my-shares-page.tsx';
import { QueuedPostView } from '../../features/my-shares/components/queued-post-view.tsx';

/** `/my-shares`: the person's shared and queued posts. */
export function MySharesRoute(): JSX.Element {
  const { t } = useTranslation(['share']);
  useDocumentTitle(t('share:myShares.title'));
  return <MySharesPage />;
}

/** `/my-shares/{postshare_deferred_id}`: one queued post. */
export function QueuedPostRoute(): JSX.Element {
  const { t } = useTranslation(['share']);
  const id = useParams()['id'] ?? '';
  useDocumentTitle(t('share:myShares.queuedPost'));
  if (!/^\d+$/.test(id)) return <Navigate to="/my-shares?type_id=queued" replace />;
  return <QueuedPostView key={id} id={Number(id)} />;
}
