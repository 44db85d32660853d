import type { JSX } from 'react';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SpecialTopic } from '@chorus/core';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { TopicView } from '../../features/posts/components/topic-view.tsx';

/**
 * `/topic/:topicId`: one topic's posts, or Explore for `latest`. Other special topics
 * (search, bookmarks, featured) are not built yet and lead home.
 */
export function TopicRoute(): JSX.Element {
  const { t } = useTranslation();
  const raw = useParams()['topicId'] ?? '';
  const topicId = /^\d+$/.test(raw) ? Number(raw) : null;
  useDocumentTitle(t('topic.documentTitle'));
  if (topicId === null && raw !== SpecialTopic.LATEST) return <Navigate to="/" replace />;
  return <TopicView key={raw} topicId={topicId} />;
}
