import { useState } from 'react';
import type { FormEvent, JSX } from 'react';
import { Button, Field, Input, Spinner, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import {
  ErrorCode,
  VALIDATION_NAMESPACE,
  errorMessageKey,
  firstFailure,
  isApiError,
  validateEmail,
  validateFirstName,
  validateLastName,
  validatePassword,
  validateUsername,
  type SignUpResponse,
  type ValidationResult,
} from '@chorus/core';
import type { To } from 'react-router';
import { useNotify } from '../../../lib/notify.tsx';
import { RouterLink } from '../../../components/router-link.tsx';
import { useSelfSignUp } from '../api/sign-up.ts';
import styles from './sign-up-form.module.css';

/** The fixed time zone of self sign-ups (spec: US/Eastern); users change it in settings. */
export const SELF_SIGN_UP_TIMEZONE = 'US/Eastern';

interface SelfSignUpFormProps {
  /** The company's name from the branded settings. */
  companyName: string;
  signInTo: To;
  onSignedUp: (result: SignUpResponse) => void;
}

/**
 * Email self sign-up: first name, last name, email ('Please enter your username' when empty,
 * 'Please enter a valid email address' when malformed) and password.
 */
export function SelfSignUpForm(props: SelfSignUpFormProps): JSX.Element {
  const { t } = useTranslation();
  const notify = useNotify();
  const signUp = useSelfSignUp();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  /** The address the server refused as outside the company's sign-up domains (491), if any. */
  const [refusedAddress, setRefusedAddress] = useState<string | null>(null);

  const checks = {
    firstName: validateFirstName(firstName),
    lastName: validateLastName(lastName),
    username: firstFailure(validateUsername(username), validateEmail(username)),
    password: validatePassword(password),
  };
  const message = (result: ValidationResult): string | undefined =>
    submitted && !result.ok ? t(result.error, { ns: VALIDATION_NAMESPACE }) : undefined;
  const usernameMessage =
    message(checks.username) ??
    (refusedAddress !== null && refusedAddress === username.trim() ? t(errorMessageKey(ErrorCode.SIGN_UP_DOMAIN_NOT_ALLOWED), { ns: 'errors' }) : undefined);

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(checks).some((check) => !check.ok) || signUp.isPending) return;
    signUp.mutate(
      {
        first_name: firstName.trim(),
        last_name: lastName.trim(),
        username: username.trim(),
        password,
        timezone: SELF_SIGN_UP_TIMEZONE,
        agree: true,
        company_name: props.companyName,
      },
      {
        onSuccess: props.onSignedUp,
        onError: (error) => {
          // Outside the sign-up domains: said on the field itself, where the address is fixed.
          if (isApiError(error, ErrorCode.SIGN_UP_DOMAIN_NOT_ALLOWED)) setRefusedAddress(username.trim());
          else notify.failure(error, { title: t('title.signUp', { ns: 'errors' }) });
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <Text as="h1" size={600} weight="semibold" className={styles.heading}>
        {t('signUp.heading', { company: props.companyName })}
      </Text>
      <Field label={t('signUp.firstName')} required validationMessage={message(checks.firstName)}>
        <Input name="first_name" autoComplete="given-name" value={firstName} onChange={(_event, data) => setFirstName(data.value)} />
      </Field>
      <Field label={t('signUp.lastName')} required validationMessage={message(checks.lastName)}>
        <Input name="last_name" autoComplete="family-name" value={lastName} onChange={(_event, data) => setLastName(data.value)} />
      </Field>
      <Field label={t('signUp.email')} required validationMessage={usernameMessage}>
        <Input type="email" name="username" autoComplete="username" value={username} onChange={(_event, data) => setUsername(data.value)} />
      </Field>
      <Field label={t('signUp.password')} required validationMessage={message(checks.password)}>
        <Input type="password" name="password" autoComplete="new-password" value={password} onChange={(_event, data) => setPassword(data.value)} />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabledFocusable={signUp.isPending} icon={signUp.isPending ? <Spinner size="tiny" /> : undefined}>
          {t('signUp.submit')}
        </Button>
        <RouterLink to={props.signInTo}>{t('signUp.haveAccount')}</RouterLink>
      </div>
    </form>
  );
}
