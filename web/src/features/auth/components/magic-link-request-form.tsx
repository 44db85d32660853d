import type { JSX } from 'react';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import type { To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../lib/notify.tsx';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import { useRequestMagicLink } from '../api/recovery.ts';
import { EmailRequestForm } from './email-request-form.tsx';

/**
 * "Email me a sign-in link": mails a magic link for this company. The server answers the same
 * for unknown addresses, so the confirmation is worded for both.
 */
export function MagicLinkRequestForm(props: { backTo: To }): JSX.Element {
  const { t } = useTranslation();
  const notify = useNotify();
  const request = useRequestMagicLink();

  const handleSubmit = (email: string): void => {
    request.mutate(email, { onError: (error) => notify.failure(error, { title: t('title.authentication', { ns: 'errors' }) }) });
  };

  return (
    <EmailRequestForm
      heading={t('emailSignIn.magicLink')}
      intro={
        request.isSuccess ? (
          <MessageBar intent="success" role="status">
            <MessageBarBody>{t('emailSignIn.magicLinkSent')}</MessageBarBody>
          </MessageBar>
        ) : null
      }
      emailLabel={t('emailSignIn.email')}
      submitLabel={t('emailSignIn.sendMagicLink')}
      autoComplete="username"
      pending={request.isPending}
      onSubmit={handleSubmit}
      secondaryAction={<RouterButtonLink to={props.backTo}>{t('emailSignIn.cancel')}</RouterButtonLink>}
    />
  );
}
