import type { JSX } from 'react';
import { Button, Checkbox, Field, Select, Switch, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import {
  LINKABLE_NETWORKS,
  NETWORK_TOGGLES,
  QUEUE_MINUTES,
  queueHourFromDisplay,
  queueTimeDisplayHour,
  WEEKDAYS,
  type LinkableNetwork,
  type NetworkQueueSettings,
  type UserSettings,
  type Weekday,
} from '@chorus/core';
import type { TFunction } from 'i18next';
import { dateTimeFormat } from '../../../lib/date-format.ts';
import { useConfigInfo } from '../../../lib/auth.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { addQueueTime, removeQueueTime, setQueueWeekday, updateQueueTime } from '../utils/queue-settings.ts';
import { networkName } from './network-names.ts';
import styles from './queue-settings-section.module.css';

/** Props of the queue-settings section: controlled by the settings form, saved with Save Settings. */
export interface QueueSettingsSectionProps {
  value: UserSettings['post_queue'];
  onChange: (next: UserSettings['post_queue']) => void;
}

/** A Sunday: the short weekday names are read off the seven days from it. */
const A_SUNDAY = Date.UTC(2026, 10, 22);
const DAY_INDEX: Readonly<Record<Weekday, number>> = { su: 0, mo: 1, tu: 2, we: 3, th: 4, fr: 5, sa: 6 };

/** The short name of a weekday in the interface language ('Sat', 'sáb', 'sam.', 'Sa'). */
function shortWeekday(language: string, day: Weekday): string {
  return dateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(new Date(A_SUNDAY + DAY_INDEX[day] * 86_400_000));
}

const DISPLAY_HOURS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

function weekdayName(t: TFunction, day: Weekday): string {
  switch (day) {
    case 'su':
      return t('social:queue.day.su');
    case 'mo':
      return t('social:queue.day.mo');
    case 'tu':
      return t('social:queue.day.tu');
    case 'we':
      return t('social:queue.day.we');
    case 'th':
      return t('social:queue.day.th');
    case 'fr':
      return t('social:queue.day.fr');
    case 'sa':
      return t('social:queue.day.sa');
  }
}

/** One network's queue: auto queue switch, queue times and weekdays. */
function NetworkQueue(props: { network: LinkableNetwork; value: NetworkQueueSettings; autoQueue: boolean; onChange: (next: NetworkQueueSettings) => void }): JSX.Element {
  const { t, i18n } = useTranslation(['social']);
  const name = networkName(t, props.network);
  const { value, onChange } = props;
  const headingId = `queue-${props.network}-heading`;

  return (
    <section id={`queue-${props.network}`} aria-labelledby={headingId} className={styles.network}>
      <h3 id={headingId} className={styles.networkTitle}>
        {t('social:queue.network', { network: name })}
      </h3>
      {/* The times and days still serve Add to Queue; only the automatic queue is the company's to allow. */}
      {props.autoQueue ? (
        <Switch
          label={t('social:queue.autoQueue', { network: name })}
          checked={value.auto_queue_enabled}
          onChange={(_, data) => onChange({ ...value, auto_queue_enabled: data.checked })}
        />
      ) : null}
      <Text as="p" weight="semibold">
        {t('social:queue.times')}
      </Text>
      {value.post_queue_time.length === 0 ? <Text as="p">{t('social:queue.noTimes')}</Text> : null}
      <ul className={styles.times}>
        {value.post_queue_time.map((time, index) => {
          const number = index + 1;
          return (
            // Times have no id of their own; their position is what the list edits.
            <li key={index} className={styles.time}>
              {/* Short visible labels; the full ones (which time, which network) for screen readers. */}
              <Field label={t('social:queue.hourShort')}>
                <Select
                  aria-label={t('social:queue.hour', { number })}
                  value={queueTimeDisplayHour(time)}
                  onChange={(_, data) => onChange(updateQueueTime(value, index, { hour: queueHourFromDisplay(Number(data.value)) }))}
                >
                  {DISPLAY_HOURS.map((hour) => (
                    <option key={hour} value={hour}>
                      {hour}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('social:queue.minuteShort')}>
                <Select aria-label={t('social:queue.minute', { number })} value={String(time.minute)} onChange={(_, data) => onChange(updateQueueTime(value, index, { minute: Number(data.value) }))}>
                  {(QUEUE_MINUTES as readonly number[]).includes(time.minute) ? null : <option value={String(time.minute)}>{String(time.minute).padStart(2, '0')}</option>}
                  {QUEUE_MINUTES.map((minute) => (
                    <option key={minute} value={String(minute)}>
                      {String(minute).padStart(2, '0')}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('social:queue.ampmShort')}>
                <Select aria-label={t('social:queue.ampm', { number })} value={String(time.ampm)} onChange={(_, data) => onChange(updateQueueTime(value, index, { ampm: data.value === '12' ? 12 : 0 }))}>
                  <option value="0">{t('social:queue.am')}</option>
                  <option value="12">{t('social:queue.pm')}</option>
                </Select>
              </Field>
              <Button aria-label={t('social:queue.deleteTime', { number, network: name })} onClick={() => onChange(removeQueueTime(value, index))}>
                {t('social:queue.deleteShort')}
              </Button>
            </li>
          );
        })}
      </ul>
      <div>
        <Button onClick={() => onChange(addQueueTime(value))}>{t('social:queue.addTime', { network: name })}</Button>
      </div>
      <fieldset className={styles.weekdays}>
        <legend className={styles.legend}>{t('social:queue.weekdays', { network: name })}</legend>
        {WEEKDAYS.map((day) => (
          <Checkbox
            key={day}
            label={
              <>
                <span aria-hidden="true">{shortWeekday(i18n.language, day)}</span>
                <VisuallyHidden>{weekdayName(t, day)}</VisuallyHidden>
              </>
            }
            checked={value.post_queue_weekday[day]}
            onChange={(_, data) => onChange(setQueueWeekday(value, day, data.checked === true))}
          />
        ))}
      </fieldset>
    </section>
  );
}

/** Queue settings per network. Anchors queue-twitter, queue-facebook, queue-linkedin. */
export function QueueSettingsSection(props: QueueSettingsSectionProps): JSX.Element {
  const { t } = useTranslation(['social']);
  const config = useConfigInfo();
  const networks = LINKABLE_NETWORKS.filter((network) => config?.feature_toggles[NETWORK_TOGGLES[network]] !== false);
  return (
    <section id="queue-settings" aria-labelledby="queue-settings-heading" className={styles.section}>
      <h2 id="queue-settings-heading">{t('social:queue.title')}</h2>
      {networks.map((network) => (
        <NetworkQueue
          key={network}
          network={network}
          value={props.value[network]}
          autoQueue={config?.feature_toggles.auto_queue_enabled !== false}
          onChange={(next) => props.onChange({ ...props.value, [network]: next })}
        />
      ))}
    </section>
  );
}
