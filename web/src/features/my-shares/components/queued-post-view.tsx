import { useEffect, useRef } from 'react';
import type { JSX } from 'react';
import { Button, Spinner, Text } from '@fluentui/react-components';
import { ArrowLeft20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorCode, isApiError, TimelineType } from '@chorus/core';
import { RouterLink } from '../../../components/router-link.tsx';
import { useCurrentUser } from '../../../lib/auth.tsx';
import { errorText, useNotify } from '../../../lib/notify.tsx';
import { personTimeZone } from '../../../lib/queue.ts';
import { useQueuedPost } from '../api/timeline-api.ts';
import { TimelineItem } from './timeline-item.tsx';
import styles from './my-shares.module.css';

const QUEUE_PATH = '/my-shares?type_id=queued';

/**
 * `/my-shares/{id}` (spec 2 "Timeline"): one queued share, with 'Back to My Queue'. A share that
 * is gone (published, removed, never the person's) says so and returns to the queue, as a gone
 * post returns home (spec 4 "Single post view"); removing it here returns there too.
 */
export function QueuedPostView(props: { id: number }): JSX.Element {
  const { t } = useTranslation(['share', 'errors']);
  const zone = personTimeZone(useCurrentUser()?.timezone);
  const queued = useQueuedPost(props.id);
  const navigate = useNavigate();
  const notify = useNotify();
  // Removed here: the list refresh that follows may find it gone before this view unmounts.
  const removed = useRef(false);
  const gone = queued.isError && isApiError(queued.error, ErrorCode.MISSING_OR_INCORRECT);

  useEffect(() => {
    if (!gone || removed.current) return;
    notify.error(t('errors:code.662'));
    void navigate(QUEUE_PATH, { replace: true });
  }, [gone, notify, t, navigate]);
  return (
    <div className={styles.page}>
      <RouterLink to={QUEUE_PATH} className={styles.back}>
        <ArrowLeft20Regular aria-hidden="true" />
        {t('share:myShares.backToQueue')}
      </RouterLink>
      <h1 className={styles.title}>{t('share:myShares.queuedPost')}</h1>
      {queued.isPending ? <Spinner label={t('share:myShares.loading')} /> : null}
      {queued.isError && !gone ? (
        <div role="alert" className={styles.state}>
          <Text>{errorText(t, queued.error)}</Text>
          <Button onClick={() => void queued.refetch()}>{t('share:modal.retry')}</Button>
        </div>
      ) : null}
      {queued.data ? <TimelineItem
          item={queued.data}
          type={TimelineType.QUEUED}
          zone={zone}
          onRemoved={() => {
            removed.current = true;
            void navigate(QUEUE_PATH, { replace: true });
          }}
        /> : null}
    </div>
  );
}
