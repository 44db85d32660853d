import type { JSX } from 'react';
import { Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useConfigInfo } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useBrandedSettings } from '../../features/auth/api/get-branded-settings.ts';
import { PrivacyPage } from '../../features/privacy/components/privacy-page.tsx';

/**
 * `/privacy`: the privacy page. A company with e-mail login off and SAML or Google on signs
 * in only through SSO; removal there is confirmed with CONFIRM and the identity provider.
 */
export function PrivacyRoute(): JSX.Element {
  const { t } = useTranslation(['privacy']);
  const config = useConfigInfo();
  const branding = useBrandedSettings();
  useDocumentTitle(t('privacy:documentTitle'));
  if (!config || (branding.isPending && !branding.error)) return <Spinner label={t('privacy:loading')} />;
  const sso = branding.data?.sso_settings;
  const ssoProvider = config.feature_toggles.email_login_enabled || !sso ? null : sso.saml_enabled ? 'saml' : sso.google_enabled ? 'google' : null;
  return <PrivacyPage ssoProvider={ssoProvider} />;
}
