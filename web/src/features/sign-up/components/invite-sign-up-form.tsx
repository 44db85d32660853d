import { useState } from 'react';
import type { FormEvent, JSX } from 'react';
import { Button, Field, Input, Spinner, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import {
  VALID,
  VALIDATION_NAMESPACE,
  validateConfirmPassword,
  validateEmail,
  validateFirstName,
  validateLastName,
  validatePassword,
  type InviteResponse,
  type InviteSignUpRequest,
  type SignUpResponse,
  type ValidationResult,
} from '@chorus/core';
import { useNotify } from '../../../lib/notify.tsx';
import { useInviteSignUp } from '../api/sign-up.ts';
import styles from './sign-up-form.module.css';

interface InviteSignUpFormProps {
  code: string;
  invite: InviteResponse;
  onSignedUp: (result: SignUpResponse) => void;
}

/**
 * The invite sign-up form. v2: first name, last name, the invite's work email (disabled),
 * password and confirm password. v1: first name, last name, email (editable only for a group
 * invite) and password. Fields are checked on submit, then as they change.
 */
export function InviteSignUpForm(props: InviteSignUpFormProps): JSX.Element {
  const { t } = useTranslation();
  const notify = useNotify();
  const signUp = useInviteSignUp();
  const { invite, version } = props.invite;
  const isV2 = version === 2;
  const isGroup = invite.username === '';
  const [firstName, setFirstName] = useState(invite.first_name);
  const [lastName, setLastName] = useState(invite.last_name);
  const [email, setEmail] = useState(invite.username);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const checks = {
    firstName: validateFirstName(firstName),
    lastName: validateLastName(lastName),
    email: isGroup ? validateEmail(email) : VALID,
    password: validatePassword(password),
    confirmPassword: isV2 ? validateConfirmPassword(password, confirmPassword) : VALID,
  };
  const message = (result: ValidationResult): string | undefined =>
    submitted && !result.ok ? t(result.error, { ns: VALIDATION_NAMESPACE }) : undefined;

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(checks).some((check) => !check.ok) || signUp.isPending) return;
    const body: InviteSignUpRequest = {
      first_name: firstName.trim(),
      last_name: lastName.trim(),
      password,
      ...(isV2 ? { confirm_password: confirmPassword } : {}),
      ...(isGroup ? { username: email.trim() } : {}),
    };
    signUp.mutate(
      { code: props.code, body },
      {
        onSuccess: props.onSignedUp,
        onError: (error) => notify.failure(error, { title: t('title.signUp', { ns: 'errors' }) }),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <Text as="h1" size={600} weight="semibold" className={styles.heading}>
        {t('signUp.heading', { company: props.invite.company.company_name })}
      </Text>
      <Field label={t('signUp.firstName')} required validationMessage={message(checks.firstName)}>
        <Input name="first_name" autoComplete="given-name" value={firstName} onChange={(_event, data) => setFirstName(data.value)} />
      </Field>
      <Field label={t('signUp.lastName')} required validationMessage={message(checks.lastName)}>
        <Input name="last_name" autoComplete="family-name" value={lastName} onChange={(_event, data) => setLastName(data.value)} />
      </Field>
      <Field label={isV2 ? t('signUp.workEmail') : t('signUp.email')} required={isGroup} validationMessage={message(checks.email)}>
        <Input
          type="email"
          name="username"
          autoComplete="username"
          value={email}
          disabled={!isGroup}
          onChange={(_event, data) => setEmail(data.value)}
        />
      </Field>
      <Field label={t('signUp.password')} required validationMessage={message(checks.password)}>
        <Input type="password" name="password" autoComplete="new-password" value={password} onChange={(_event, data) => setPassword(data.value)} />
      </Field>
      {isV2 ? (
        <Field label={t('signUp.confirmPassword')} required validationMessage={message(checks.confirmPassword)}>
          <Input
            type="password"
            name="confirm_password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(_event, data) => setConfirmPassword(data.value)}
          />
        </Field>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabledFocusable={signUp.isPending} icon={signUp.isPending ? <Spinner size="tiny" /> : undefined}>
          {t('signUp.submit')}
        </Button>
      </div>
    </form>
  );
}
