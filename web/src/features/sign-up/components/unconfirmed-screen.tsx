import type { JSX } from 'react';
import { Button, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../lib/notify.tsx';
import { useResendEmailConfirmation } from '../api/email-confirmation.ts';
import styles from './sign-up-form.module.css';

/**
 * All a self signed-up member sees until they follow the mailed confirmation link (the server
 * answers them nothing else: 490): where the link went, sending it again, checking again
 * after following it elsewhere (another device, another tab), and signing out.
 */
export function UnconfirmedScreen(props: { email: string; onCheckAgain: () => void; checking: boolean; onSignOut: () => void; signingOut: boolean }): JSX.Element {
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
    <section className={styles.form} aria-labelledby="unconfirmed-title">
      <Text as="h1" id="unconfirmed-title" size={600} weight="semibold" className={styles.heading}>
        {t('emailConfirmation.title')}
      </Text>
      <Text as="p">{t('emailConfirmation.required', { email: props.email })}</Text>
      <div className={styles.actions}>
        <Button appearance="primary" onClick={handleResend} disabledFocusable={resend.isPending}>
          {t('emailConfirmation.resend')}
        </Button>
        <Button onClick={props.onCheckAgain} disabledFocusable={props.checking}>
          {t('emailConfirmation.checkAgain')}
        </Button>
        <Button appearance="subtle" onClick={props.onSignOut} disabledFocusable={props.signingOut}>
          {t('emailConfirmation.signOut')}
        </Button>
      </div>
    </section>
  );
}
