import { useState } from 'react';
import type { JSX } from 'react';
import { Button, Field, Input, Select, Tab, TabList, Text } from '@fluentui/react-components';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NETWORK_NAMES, parseIsoDate, SHAREABLE_NETWORKS, TimelineType } from '@chorus/core';
import { useCurrentUser } from '../../../lib/auth.tsx';
import { personTimeZone } from '../../../lib/queue.ts';
import { networkFromParam } from '../../../lib/share-params.ts';
import { useTimeline } from '../api/timeline-api.ts';
import { TimelineList } from './timeline-list.tsx';
import styles from './my-shares.module.css';

/** The tab a `type_id` search parameter names; Shared by default (spec 2 "Timeline"). */
function tabOf(value: string | null): TimelineType {
  return value === TimelineType.QUEUED ? TimelineType.QUEUED : TimelineType.SHARED;
}

/**
 * My Shares (`/my-shares`, spec 2 "Timeline"): the Shared and Queued tabs, the queue count, and
 * a date search (one day in the person's zone) that hides the tabs and lists both for that day,
 * and a network filter (`network`, an id or a slug, as the post link's parameter), kept in the
 * address so a link or a reload shows the same list.
 */
export function MySharesPage(): JSX.Element {
  const { t } = useTranslation(['share']);
  const user = useCurrentUser();
  const zone = personTimeZone(user?.timezone);
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('type_id'));
  const network = networkFromParam(params.get('network'));
  const [dateText, setDateText] = useState('');
  const date = parseIsoDate(dateText) === null ? null : dateText;
  // The queue count comes with every page; the queued list's first page is shared with its tab.
  const queueCount = useTimeline(TimelineType.QUEUED, null).data?.pages[0]?.queue_count;

  const handleTab = (value: unknown): void => {
    const next = new URLSearchParams(params);
    next.set('type_id', tabOf(typeof value === 'string' ? value : null));
    setParams(next, { replace: true });
  };

  const handleNetwork = (value: string): void => {
    const next = new URLSearchParams(params);
    if (value === '') next.delete('network');
    else next.set('network', value);
    setParams(next, { replace: true });
  };

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('share:myShares.title')}</h1>
        {queueCount === undefined ? null : <Text>{t('share:myShares.queueCount', { count: queueCount })}</Text>}
      </div>
      <div className={styles.search}>
        <Field label={t('share:myShares.dateSearch')}>
          <Input type="date" value={dateText} onChange={(_, data) => setDateText(data.value)} />
        </Field>
        {dateText === '' ? null : <Button onClick={() => setDateText('')}>{t('share:myShares.clearDate')}</Button>}
        <Field label={t('share:myShares.network')}>
          <Select value={network === null ? '' : String(network)} onChange={(_, data) => handleNetwork(data.value)}>
            <option value="">{t('share:myShares.allNetworks')}</option>
            {SHAREABLE_NETWORKS.map((id) => (
              <option key={id} value={String(id)}>
                {NETWORK_NAMES[id]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {date === null ? (
        <>
          <TabList selectedValue={tab} onTabSelect={(_, data) => handleTab(data.value)} aria-label={t('share:myShares.tabs')}>
            <Tab value={TimelineType.SHARED}>{t('share:myShares.shared')}</Tab>
            <Tab value={TimelineType.QUEUED}>{t('share:myShares.queued')}</Tab>
          </TabList>
          <div role="tabpanel" aria-label={tab === TimelineType.QUEUED ? t('share:myShares.queued') : t('share:myShares.shared')}>
            <TimelineList key={tab} type={tab} date={null} network={network} zone={zone} label={tab === TimelineType.QUEUED ? t('share:myShares.queued') : t('share:myShares.shared')} />
          </div>
        </>
      ) : (
        <>
          <h2 className={styles.subtitle}>{t('share:myShares.shared')}</h2>
          <TimelineList type={TimelineType.SHARED} date={date} network={network} zone={zone} label={t('share:myShares.shared')} />
          <h2 className={styles.subtitle}>{t('share:myShares.queued')}</h2>
          <TimelineList type={TimelineType.QUEUED} date={date} network={network} zone={zone} label={t('share:myShares.queued')} />
        </>
      )}
    </div>
  );
}
