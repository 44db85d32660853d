import { useState } from 'react';
import type { FormEvent, JSX, ReactNode } from 'react';
import { Button, Field, Input, Spinner, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { VALIDATION_NAMESPACE, validateEmail } from '@chorus/core';
import styles from './email-sign-in-form.module.css';

/** What an e-mail request form shows; the wrappers supply the texts and the request. */
export interface EmailRequestFormProps {
  heading: string;
  /** Shown under the heading: an explanation, or the confirmation once sent. */
  intro: ReactNode;
  emailLabel: string;
  submitLabel: string;
  autoComplete: 'username' | 'email';
  pending: boolean;
  /** Called with the trimmed address once it passes validation. */
  onSubmit: (email: string) => void;
  /** A secondary action beside the submit button (Back, Cancel). */
  secondaryAction?: ReactNode;
  /** Shown under the form. */
  footer?: ReactNode;
}

/**
 * The shape shared by forgot password, magic-link request and find-your-team: one required,
 * validated e-mail field and a submit that mails something. The server answers the same for
 * unknown addresses, so none of them can reveal whether an account exists.
 */
export function EmailRequestForm(props: EmailRequestFormProps): JSX.Element {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const emailCheck = validateEmail(email);

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setSubmitted(true);
    if (!emailCheck.ok || props.pending) return;
    props.onSubmit(email.trim());
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <Text as="h1" size={600} weight="semibold" className={styles.heading}>
        {props.heading}
      </Text>
      {props.intro}
      <Field
        label={props.emailLabel}
        required
        validationMessage={submitted && !emailCheck.ok ? t(emailCheck.error, { ns: VALIDATION_NAMESPACE }) : undefined}
      >
        <Input type="email" name="email" autoComplete={props.autoComplete} value={email} onChange={(_event, data) => setEmail(data.value)} />
      </Field>
      <div className={styles.actions}>
        {props.secondaryAction}
        <Button type="submit" appearance="primary" disabledFocusable={props.pending} icon={props.pending ? <Spinner size="tiny" /> : undefined}>
          {props.submitLabel}
        </Button>
      </div>
      {props.footer}
    </form>
  );
}
