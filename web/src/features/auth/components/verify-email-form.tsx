import type { JSX } from 'react';
import { Text } from '@fluentui/react-components';
import type { To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../lib/notify.tsx';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import { useCreateVerification } from '../api/social-sign-in.ts';
import { EmailRequestForm } from './email-request-form.tsx';

/**
 * After a first social sign-in: asks for the person's work e-mail and mails a verification
 * link there. The server answers the same for any address, so only a member gets a mail.
 */
export function VerifyEmailForm(props: { usaId: number; isElement: boolean; backTo: To; onSent: () => void }): JSX.Element {
  const { t } = useTranslation();
  const notify = useNotify();
  const request = useCreateVerification();

  const handleSubmit = (email: string): void => {
    request.mutate(
      { usa_id: props.usaId, email, is_element: props.isElement ? 1 : 0 },
      { onSuccess: props.onSent, onError: (error) => notify.failure(error, { title: t('verifyEmail.problem') }) },
    );
  };

  return (
    <EmailRequestForm
      heading={t('verifyEmail.heading')}
      intro={<Text as="p">{t('verifyEmail.intro')}</Text>}
      emailLabel={t('verifyEmail.email')}
      submitLabel={t('verifyEmail.submit')}
      autoComplete="email"
      pending={request.isPending}
      onSubmit={handleSubmit}
      secondaryAction={<RouterButtonLink to={props.backTo}>{t('verifyEmail.cancel')}</RouterButtonLink>}
    />
  );
}
