import { useState } from 'react';
import type { FormEvent, JSX } from 'react';
import { Button, Field, Input, Spinner, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { SignUpResponse } from '@chorus/core';
import { useNotify } from '../../../lib/notify.tsx';
import { useSignUpJoin } from '../api/email-confirmation.ts';
import styles from './sign-up-form.module.css';

/**
 * /sign-up/join?code: someone asked to sign up here with the address of an existing account,
 * whose owner was mailed this link. Their existing password makes them a member and signs
 * them in; the link alone does not.
 */
export function JoinCompanyForm(props: { code: string; companyName: string; onJoined: (result: SignUpResponse) => void }): JSX.Element {
  const { t } = useTranslation();
  const notify = useNotify();
  const join = useSignUpJoin();
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setSubmitted(true);
    if (password.length === 0 || join.isPending) return;
    join.mutate(
      { code: props.code, password },
      { onSuccess: props.onJoined, onError: (error) => notify.failure(error, { title: t('title.signUp', { ns: 'errors' }) }) },
    );
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <Text as="h1" size={600} weight="semibold" className={styles.heading}>
        {t('signUp.heading', { company: props.companyName })}
      </Text>
      <Text as="p">{t('signUp.join.intro', { company: props.companyName })}</Text>
      <Field label={t('signUp.join.password')} required validationMessage={submitted && password.length === 0 ? t('signUp.join.passwordRequired') : undefined}>
        <Input type="password" name="password" autoComplete="current-password" value={password} onChange={(_event, data) => setPassword(data.value)} />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabledFocusable={join.isPending} icon={join.isPending ? <Spinner size="tiny" /> : undefined}>
          {t('signUp.join.submit')}
        </Button>
      </div>
    </form>
  );
}
