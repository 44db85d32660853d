import { useState } from 'react';
import type { FormEvent, JSX } from 'react';
import { Button, Field, Input, Spinner, Text } from '@fluentui/react-components';
import type { To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VALIDATION_NAMESPACE, validateEmail } from '@chorus/core';
import { useNotify } from '../../../lib/notify.tsx';
import { RouterLink } from '../../../components/router-link.tsx';
import { useLoginAssistance } from '../api/recovery.ts';
import styles from './email-sign-in-form.module.css';

/**
 * "Let's Find Your Team": mails the person a sign-in link for each company of their address.
 * The server answers the same for unknown addresses, so success always moves on.
 */
export function AssistedLoginForm(props: { signInTo: To; onSent: (email: string) => void }): JSX.Element {
  const { t } = useTranslation();
  const notify = useNotify();
  const assist = useLoginAssistance();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const emailCheck = validateEmail(email);

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setSubmitted(true);
    if (!emailCheck.ok || assist.isPending) return;
    const address = email.trim();
    assist.mutate(
      { email: address, anonymous_user_id: null, channel_id: null },
      { onSuccess: () => props.onSent(address), onError: (error) => notify.failure(error) },
    );
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <Text as="h1" size={600} weight="semibold" className={styles.heading}>
        {t('assistedLogin.heading')}
      </Text>
      <Text as="p">{t('assistedLogin.intro')}</Text>
      <Field
        label={t('assistedLogin.email')}
        required
        validationMessage={submitted && !emailCheck.ok ? t(emailCheck.error, { ns: VALIDATION_NAMESPACE }) : undefined}
      >
        <Input type="email" name="email" autoComplete="email" value={email} onChange={(_event, data) => setEmail(data.value)} />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabledFocusable={assist.isPending} icon={assist.isPending ? <Spinner size="tiny" /> : undefined}>
          {t('assistedLogin.submit')}
        </Button>
      </div>
      <RouterLink to={props.signInTo}>{t('assistedLogin.knowAddress')}</RouterLink>
    </form>
  );
}
