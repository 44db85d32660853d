import type { JSX } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../lib/notify.tsx';
import { useResendEmailConfirmation } from '../api/email-confirmation.ts';

/**
 * Shown to a self signed-up member until they follow the mailed confirmation link: says why
 * they can read but not share, comment, suggest or link networks, and mails the link again.
 */
export function EmailConfirmationBanner(props: { email: string }): JSX.Element {
  const { t } = useTranslation();
  const notify = useNotify();
  const resend = useResendEmailConfirmation();
  const handleResend = (): void => {
    if (resend.isPending) return;
    resend.mutate(undefined, {
      onSuccess: () => notify.success(t('emailConfirmation.resent', { email: props.email })),
      onError: (error) => notify.failure(error),
    });
  };
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{t('emailConfirmation.title')}</MessageBarTitle>
        {t('emailConfirmation.body', { email: props.email })}
      </MessageBarBody>
      <MessageBarActions>
        <Button size="small" appearance="primary" onClick={handleResend} disabledFocusable={resend.isPending}>
          {t('emailConfirmation.resend')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
