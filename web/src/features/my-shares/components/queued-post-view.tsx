import type { JSX } from 'react';
import { Button, Spinner, Text } from '@fluentui/react-components';
import { ArrowLeft20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { TimelineType } from '@chorus/core';
import { RouterLink } from '../../../components/router-link.tsx';
import { useCurrentUser } from '../../../lib/auth.tsx';
import { errorText } from '../../../lib/notify.tsx';
import { personTimeZone } from '../../../lib/queue.ts';
import { useQueuedPost } from '../api/timeline-api.ts';
import { TimelineItem } from './timeline-item.tsx';
import styles from './my-shares.module.css';

/** `/my-shares/{id}` (spec 2 "Timeline"): one queued share, with 'Back to My Queue'. */
export function QueuedPostView(props: { id: number }): JSX.Element {
  const { t } = useTranslation(['share']);
  const zone = personTimeZone(useCurrentUser()?.timezone);
  const queued = useQueuedPost(props.id);
  return (
    <div className={styles.page}>
      <RouterLink to="/my-shares?type_id=queued" className={styles.back}>
        <ArrowLeft20Regular aria-hidden="true" />
        {t('share:myShares.backToQueue')}
      </RouterLink>
      <h1 className={styles.title}>{t('share:myShares.queuedPost')}</h1>
      {queued.isPending ? <Spinner label={t('share:myShares.loading')} /> : null}
      {queued.isError ? (
        <div role="alert" className={styles.state}>
          <Text>{errorText(t, queued.error)}</Text>
          <Button onClick={() => void queued.refetch()}>{t('share:modal.retry')}</Button>
        </div>
      ) : null}
      {queued.data ? <TimelineItem item={queued.data} type={TimelineType.QUEUED} zone={zone} /> : null}
    </div>
  );
}
