import type { JSX } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { TIMEZONE_SETTINGS_PATH } from '@chorus/core';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { useUpdateTimezone } from '../api/update-timezone.ts';
import styles from './top-bar.module.css';

export interface TimezoneWarningBarProps {
  systemZone: string;
  savedZone: string;
  onIgnore: () => void;
}

/** The warning itself (a Fluent MessageBar), loaded only when it shows. */
export function TimezoneWarningBar(props: TimezoneWarningBarProps): JSX.Element {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateTimezone();
  const handleUpdate = (): void => {
    if (update.isPending) return;
    update.mutate(props.systemZone, {
      onSuccess: () => notify.success(t('success.timezoneUpdated', { ns: 'errors' })),
      onError: () => notify.error(t('message.unknown', { ns: 'errors' })),
    });
  };
  return (
    <MessageBar intent="warning" layout="multiline" className={styles.warning}>
      <MessageBarBody>
        <MessageBarTitle className={styles.warningTitle}>{t('topBar.timezone.title')}</MessageBarTitle>
        {t('topBar.timezone.body', { system: props.systemZone, saved: props.savedZone })}
      </MessageBarBody>
      <MessageBarActions className={styles.warningActions}>
        <RouterButtonLink to={TIMEZONE_SETTINGS_PATH} size="small">
          {t('topBar.timezone.settings')}
        </RouterButtonLink>
        <Button size="small" appearance="primary" onClick={handleUpdate} disabledFocusable={update.isPending}>
          {t('topBar.timezone.update')}
        </Button>
        <Button size="small" onClick={props.onIgnore}>
          {t('topBar.timezone.ignore')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
