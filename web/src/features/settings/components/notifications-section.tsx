import type { JSX } from 'react';
import { Checkbox } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { UserSettings } from '@chorus/core';
import { NOTIFICATION_FLAGS } from '../utils/settings-form.ts';
import styles from './settings.module.css';

/** Every email and push notification flag, as two groups of checkboxes. */
export function NotificationsSection(props: { value: UserSettings['notifications']; onChange: (next: UserSettings['notifications']) => void }): JSX.Element {
  const { t } = useTranslation(['settings']);
  return (
    <section aria-labelledby="settings-notifications-heading" className={styles.section}>
      <h2 id="settings-notifications-heading" className={styles.sectionTitle}>
        {t('settings:notifications.title')}
      </h2>
      <div className={styles.row}>
        {NOTIFICATION_FLAGS.map((group) => (
          <fieldset key={group.channel} className={styles.fieldset}>
            <legend className={styles.legend}>{t(`settings:notifications.channel.${group.channel}`)}</legend>
            {group.flags.map((flag) => (
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
