import { useState } from 'react';
import type { FormEvent, JSX } from 'react';
import { Button, Field, Input, Spinner, Text } from '@fluentui/react-components';
import type { To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorCode, VALIDATION_NAMESPACE, isApiError, validatePassword, validateResetPassword } from '@chorus/core';
import { useNotify } from '../../../lib/notify.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import { useRecoveryCheck, useResetPassword } from '../api/recovery.ts';
import styles from './email-sign-in-form.module.css';

function CodeError(props: { backTo: To }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className={styles.form} role="alert">
      <Text as="h1" size={600} weight="semibold" className={styles.heading}>
        {t('title.passwordCode', { ns: 'errors' })}
      </Text>
      <Text as="p">{t('message.passwordCodeIncorrect', { ns: 'errors' })}</Text>
      <div className={styles.actions}>
        <RouterButtonLink to={props.backTo} appearance="primary">
          {t('resetPassword.back')}
        </RouterButtonLink>
      </div>
    </div>
  );
}

/**
 * Reset password with a mailed recovery code. The code is checked first (a used, expired or
 * unknown one shows the password-code error); submit stays disabled until both fields are
 * filled and equal, and the policy is checked before the call.
 */
export function ResetPasswordForm(props: { code: string; backTo: To; onReset: () => void }): JSX.Element {
  const { t } = useTranslation();
  const notify = useNotify();
  const check = useRecoveryCheck(props.code);
  const reset = useResetPassword();
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [codeRejected, setCodeRejected] = useState(false);

  const policy = validatePassword(password1);
  const match = validateResetPassword({ password_1: password1, password_2: password2 });

  if (props.code.length === 0 || codeRejected || (check.isError && isApiError(check.error) && check.error.code === ErrorCode.RESET_LINK_UNAVAILABLE)) {
    return <CodeError backTo={props.backTo} />;
  }
  if (check.isPending) return <PageSpinner label={t('resetPassword.checking')} />;

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setSubmitted(true);
    if (!policy.ok || !match.ok || reset.isPending) return;
    reset.mutate(
      { recover_code: props.code, password_1: password1, password_2: password2 },
      {
        onSuccess: () => {
          notify.success(t('success.passwordReset', { ns: 'errors' }));
          props.onReset();
        },
        onError: (error) => {
          if (isApiError(error) && error.code === ErrorCode.RESET_LINK_UNAVAILABLE) setCodeRejected(true);
          notify.failure(error, { title: t('title.resetPassword', { ns: 'errors' }) });
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <Text as="h1" size={600} weight="semibold" className={styles.heading}>
        {t('resetPassword.heading')}
      </Text>
      <Text as="p">{t('resetPassword.intro')}</Text>
      <Field
        label={t('resetPassword.password1')}
        required
        validationMessage={(submitted || password1.length > 0) && !policy.ok ? t(policy.error, { ns: VALIDATION_NAMESPACE }) : undefined}
      >
        <Input type="password" name="password_1" autoComplete="new-password" value={password1} onChange={(_event, data) => setPassword1(data.value)} />
      </Field>
      <Field
        label={t('resetPassword.password2')}
        required
        validationMessage={password2.length > 0 && !match.ok ? t(match.error, { ns: VALIDATION_NAMESPACE }) : undefined}
      >
        <Input type="password" name="password_2" autoComplete="new-password" value={password2} onChange={(_event, data) => setPassword2(data.value)} />
      </Field>
      <div className={styles.actions}>
        <RouterButtonLink to={props.backTo}>{t('resetPassword.back')}</RouterButtonLink>
        <Button
          type="submit"
          appearance="primary"
          disabled={!match.ok}
          disabledFocusable={reset.isPending}
          icon={reset.isPending ? <Spinner size="tiny" /> : undefined}
        >
          {t('resetPassword.submit')}
        </Button>
      </div>
    </form>
  );
}
