import type { JSX } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { INVITE_LOOKUP_TRIES } from '../api/get-invite.ts';
import styles from './sign-up-form.module.css';

/**
 * The invite look-up while it waits out failures (polled every second): a spinner whose
 * label, in a polite live region, says which try this is.
 */
export function InviteWaiting(props: { failures: number }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className={styles.form}>
      <Spinner label={t('signUp.inviteWaiting', { attempt: Math.min(props.failures + 1, INVITE_LOOKUP_TRIES), total: INVITE_LOOKUP_TRIES })} />
    </div>
  );
}

/** The invite could not be looked up after every try: why, and a way to try again. */
export function InviteLookupFailed(props: { onRetry: () => void }): JSX.Element {
  const { t } = useTranslation();
  return (
    <MessageBar intent="error" role="alert" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{t('signUp.inviteLookupFailedTitle')}</MessageBarTitle>
        {t('signUp.inviteLookupFailed')}
      </MessageBarBody>
      <MessageBarActions>
        <Button onClick={props.onRetry}>{t('signUp.inviteRetry')}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
