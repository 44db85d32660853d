import { useState } from 'react';
import type { FormEvent, JSX } from 'react';
import { Button, Field, Input, Spinner, Text } from '@fluentui/react-components';
import type { To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VALIDATION_NAMESPACE, validateEmail } from '@chorus/core';
import { useNotify } from '../../../lib/notify.tsx';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import { useRequestPasswordRecovery } from '../api/recovery.ts';
import styles from './email-sign-in-form.module.css';

/**
 * Forgot password: asks for the account's address and mails a recovery link. The answer is
 * the same whether or not the address has an account, so success always reads "sent".
 */
export function ForgotPasswordForm(props: { backTo: To; onSent: () => void }): JSX.Element {
  const { t } = useTranslation();
  const notify = useNotify();
  const recover = useRequestPasswordRecovery();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const emailCheck = validateEmail(email);

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setSubmitted(true);
    if (!emailCheck.ok || recover.isPending) return;
    recover.mutate(email.trim(), {
      onSuccess: () => {
        notify.success(t('success.recoveryLinkSent', { ns: 'errors' }));
        props.onSent();
      },
      onError: (error) => notify.failure(error, { title: t('title.forgotPassword', { ns: 'errors' }) }),
    });
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <Text as="h1" size={600} weight="semibold" className={styles.heading}>
        {t('forgotPassword.heading')}
      </Text>
      <Text as="p">{t('forgotPassword.intro')}</Text>
      <Field
        label={t('forgotPassword.email')}
        required
        validationMessage={submitted && !emailCheck.ok ? t(emailCheck.error, { ns: VALIDATION_NAMESPACE }) : undefined}
      >
        <Input type="email" name="email" autoComplete="username" value={email} onChange={(_event, data) => setEmail(data.value)} />
      </Field>
      <div className={styles.actions}>
        <RouterButtonLink to={props.backTo}>{t('forgotPassword.back')}</RouterButtonLink>
        <Button type="submit" appearance="primary" disabledFocusable={recover.isPending} icon={recover.isPending ? <Spinner size="tiny" /> : undefined}>
          {t('forgotPassword.submit')}
        </Button>
      </div>
    </form>
  );
}
