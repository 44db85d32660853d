import { useState } from 'react';
import type { FormEvent, JSX } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import type { To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VALIDATION_NAMESPACE, validateEmail } from '@chorus/core';
import { useNotify } from '../../../lib/notify.tsx';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import { useRequestMagicLink } from '../api/recovery.ts';
import styles from './email-sign-in-form.module.css';

/**
 * "Email me a sign-in link": mails a magic link for this company. The server answers the same
 * for unknown addresses, so the confirmation is worded for both.
 */
export function MagicLinkRequestForm(props: { backTo: To }): JSX.Element {
  const { t } = useTranslation();
  const notify = useNotify();
  const request = useRequestMagicLink();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const emailCheck = validateEmail(email);

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setSubmitted(true);
    if (!emailCheck.ok || request.isPending) return;
    request.mutate(email.trim(), { onError: (error) => notify.failure(error, { title: t('title.authentication', { ns: 'errors' }) }) });
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <Text as="h1" size={600} weight="semibold" className={styles.heading}>
        {t('emailSignIn.magicLink')}
      </Text>
      {request.isSuccess ? (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{t('emailSignIn.magicLinkSent')}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Field
        label={t('emailSignIn.email')}
        required
        validationMessage={submitted && !emailCheck.ok ? t(emailCheck.error, { ns: VALIDATION_NAMESPACE }) : undefined}
      >
        <Input type="email" name="email" autoComplete="username" value={email} onChange={(_event, data) => setEmail(data.value)} />
      </Field>
      <div className={styles.actions}>
        <RouterButtonLink to={props.backTo}>{t('emailSignIn.cancel')}</RouterButtonLink>
        <Button type="submit" appearance="primary" disabledFocusable={request.isPending} icon={request.isPending ? <Spinner size="tiny" /> : undefined}>
          {t('emailSignIn.sendMagicLink')}
        </Button>
      </div>
    </form>
  );
}
