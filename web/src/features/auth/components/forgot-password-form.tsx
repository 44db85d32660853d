import type { JSX } from 'react';
import { Text } from '@fluentui/react-components';
import type { To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../lib/notify.tsx';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import { useRequestPasswordRecovery } from '../api/recovery.ts';
import { EmailRequestForm } from './email-request-form.tsx';

/**
 * Forgot password: asks for the account's address and mails a recovery link. The answer is
 * the same whether or not the address has an account, so success always reads "sent".
 */
export function ForgotPasswordForm(props: { backTo: To; onSent: () => void }): JSX.Element {
  const { t } = useTranslation();
  const notify = useNotify();
  const recover = useRequestPasswordRecovery();

  const handleSubmit = (email: string): void => {
    recover.mutate(email, {
      onSuccess: () => {
        notify.success(t('success.recoveryLinkSent', { ns: 'errors' }));
        props.onSent();
      },
      onError: (error) => notify.failure(error, { title: t('title.forgotPassword', { ns: 'errors' }) }),
    });
  };

  return (
    <EmailRequestForm
      heading={t('forgotPassword.heading')}
      intro={<Text as="p">{t('forgotPassword.intro')}</Text>}
      emailLabel={t('forgotPassword.email')}
      submitLabel={t('forgotPassword.submit')}
      autoComplete="username"
      pending={recover.isPending}
      onSubmit={handleSubmit}
      secondaryAction={<RouterButtonLink to={props.backTo}>{t('forgotPassword.back')}</RouterButtonLink>}
    />
  );
}
