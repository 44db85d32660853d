import type { JSX } from 'react';
import { Spinner } from '@fluentui/react-components';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfigInfo, useCurrentUser } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { SettingsForm, settingsNetwork, useAnchorScroll } from '../../features/settings/index.ts';
import { QueueSettingsSection, SocialSettingsSection } from '../../features/social/index.ts';

/**
 * `/settings?type_id&network`: the settings form with the social and queue sections composed
 * in; `network` (twitter, facebook, linkedin) is handed to the social section, which scrolls
 * to that network after 1 s (SETTINGS_ANCHOR_SCROLL_MS). `type_id` (how the user arrived) is
 * accepted and not used by the screen itself.
 */
export function SettingsRoute(): JSX.Element {
  const { t } = useTranslation(['settings']);
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const config = useConfigInfo();
  const network = settingsNetwork(params.get('network'));
  useDocumentTitle(t('settings:documentTitle'));
  useAnchorScroll();
  if (!user || !config) return <Spinner label={t('settings:loading')} />;
  return (
    <SettingsForm
      key={user.id}
      user={user}
      config={config}
      socialSection={network === undefined ? <SocialSettingsSection /> : <SocialSettingsSection focusNetwork={network} />}
      renderQueueSection={(value, onChange) => <QueueSettingsSection value={value} onChange={onChange} />}
    />
  );
}
