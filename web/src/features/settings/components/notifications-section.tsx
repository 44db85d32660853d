import type { JSX } from 'react';
import { Checkbox } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { notificationKindOffered, type UserSettings } from '@chorus/core';
import { useConfigInfo } from '../../../lib/auth.tsx';
import { NOTIFICATION_FLAGS } from '../utils/settings-form.ts';
import styles from './settings.module.css';

/** The email and push flags of every kind the company offers, as two groups of checkboxes. */
export function NotificationsSection(props: { value: UserSettings['notifications']; onChange: (next: UserSettings['notifications']) => void }): JSX.Element {
  const { t } = useTranslation(['settings']);
  const toggles = useConfigInfo()?.feature_toggles;
  return (
    <section aria-labelledby="settings-notifications-heading" className={styles.section}>
      <h2 id="settings-notifications-heading" className={styles.sectionTitle}>
        {t('settings:notifications.title')}
      </h2>
      <div className={styles.row}>
        {NOTIFICATION_FLAGS.map((group) => (
          <fieldset key={group.channel} className={styles.fieldset}>
            <legend className={styles.legend}>{t(`settings:notifications.channel.${group.channel}`)}</legend>
            {group.flags.filter((flag) => toggles === undefined || notificationKindOffered(flag.kind, toggles)).map((flag) => (
              <Checkbox
                key={flag.key}
                checked={props.value[flag.key]}
                label={t(`settings:notifications.kind.${flag.kind}`)}
                onChange={(_event, data) => props.onChange({ ...props.value, [flag.key]: data.checked === true })}
              />
            ))}
          </fieldset>
        ))}
      </div>
    </section>
  );
}
