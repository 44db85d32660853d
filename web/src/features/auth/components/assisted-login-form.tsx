import type { JSX } from 'react';
import { Text } from '@fluentui/react-components';
import type { To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../lib/notify.tsx';
import { RouterLink } from '../../../components/router-link.tsx';
import { useLoginAssistance } from '../api/recovery.ts';
import { EmailRequestForm } from './email-request-form.tsx';

/**
 * "Let's Find Your Team": mails the person a sign-in link for each company of their address.
 * The server answers the same for unknown addresses, so success always moves on.
 */
export function AssistedLoginForm(props: { signInTo: To; onSent: (email: string) => void }): JSX.Element {
  const { t } = useTranslation();
  const notify = useNotify();
  const assist = useLoginAssistance();

  const handleSubmit = (email: string): void => {
    assist.mutate(
      { email, anonymous_user_id: null, channel_id: null },
      { onSuccess: () => props.onSent(email), onError: (error) => notify.failure(error) },
    );
  };

  return (
    <EmailRequestForm
      heading={t('assistedLogin.heading')}
      intro={<Text as="p">{t('assistedLogin.intro')}</Text>}
      emailLabel={t('assistedLogin.email')}
      submitLabel={t('assistedLogin.submit')}
      autoComplete="email"
      pending={assist.isPending}
      onSubmit={handleSubmit}
      footer={<RouterLink to={props.signInTo}>{t('assistedLogin.knowAddress')}</RouterLink>}
    />
  );
}
