import type { JSX } from 'react';
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/pwa.ts';

/**
 * Says so while the browser is offline, on every screen: the installed app opens from the
 * service worker's shell without a connection, and its requests wait (TanStack Query pauses
 * them offline) until it returns, then carry on.
 */
export function OfflineBanner(): JSX.Element | null {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <MessageBar intent="warning" layout="multiline" role="status">
      <MessageBarBody>
        <MessageBarTitle>{t('offline.title')}</MessageBarTitle>
        {t('offline.body')}
      </MessageBarBody>
    </MessageBar>
  );
}
