import { useEffect, useRef, useState } from 'react';
import type { FormEvent, JSX } from 'react';
import { Button, Field, Input, Spinner, Text } from '@fluentui/react-components';
import type { To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VALIDATION_NAMESPACE, validateEmail, validatePasswordRequired, type SignInResult, type ValidationResult } from '@chorus/core';
import { useSignIn } from '../../../lib/auth.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { RouterLink } from '../../../components/router-link.tsx';
import styles from './email-sign-in-form.module.css';

interface EmailSignInFormProps {
  forgotTo: To;
  /** Prefill of the e-mail field (a user sent here from another company's sign-in). */
  initialEmail?: string;
  /** Hears of a successful answer with the e-mail it was for. */
  onSignedIn: (result: SignInResult, email: string) => void;
  onCancel: () => void;
}

/**
 * Email and password sign-in. Fields are checked on submit (and again as they change after
 * that); a failed sign-in shows the translated error in an "Authentication problem" toast.
 */
export function EmailSignInForm(props: EmailSignInFormProps): JSX.Element {
  const { t } = useTranslation();
  const notify = useNotify();
  const signIn = useSignIn();
  const [email, setEmail] = useState(props.initialEmail ?? '');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  // The screen is only this form: the first field to fill takes the focus (the password when
  // the e-mail came prefilled from another company's sign-in).
  const prefilled = Boolean(props.initialEmail);
  useEffect(() => {
    (prefilled ? passwordInput : emailInput).current?.focus();
  }, [prefilled]);

  const emailCheck = validateEmail(email);
  const passwordCheck = validatePasswordRequired(password);
  const message = (result: ValidationResult): string | undefined =>
    submitted && !result.ok ? t(result.error, { ns: VALIDATION_NAMESPACE }) : undefined;

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setSubmitted(true);
    if (!emailCheck.ok || !passwordCheck.ok || signIn.isPending) return;
    const trimmed = email.trim();
    signIn.mutate(
      { email: trimmed, password },
      {
        onSuccess: (result) => props.onSignedIn(result, trimmed),
        onError: (error) => notify.failure(error, { title: t('title.authentication', { ns: 'errors' }) }),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <Text as="h1" size={600} weight="semibold" className={styles.heading}>
        {t('emailSignIn.heading')}
      </Text>
      <Field label={t('emailSignIn.email')} required validationMessage={message(emailCheck)}>
        <Input
          ref={emailInput}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(_event, data) => setEmail(data.value)}
        />
      </Field>
      <Field label={t('emailSignIn.password')} required validationMessage={message(passwordCheck)}>
        <Input
          ref={passwordInput}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(_event, data) => setPassword(data.value)}
        />
      </Field>
      <RouterLink to={props.forgotTo} className={styles.forgot}>
        {t('emailSignIn.forgot')}
      </RouterLink>
      <div className={styles.actions}>
        <Button type="button" onClick={props.onCancel}>
          {t('emailSignIn.cancel')}
        </Button>
        <Button
          type="submit"
          appearance="primary"
          disabledFocusable={signIn.isPending}
          icon={signIn.isPending ? <Spinner size="tiny" /> : undefined}
        >
          {t('emailSignIn.login')}
        </Button>
      </div>
    </form>
  );
}
