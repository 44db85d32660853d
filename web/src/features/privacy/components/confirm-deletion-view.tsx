import { useState } from 'react';
import type { FormEvent, JSX } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DELETE_PHRASE, ErrorCode, isApiError, validateDeletePhrase } from '@chorus/core';
import { errorText, useNotify } from '../../../lib/notify.tsx';
import { useConfirmDeletion, useDeletionRequester, useRejectDeletion } from '../api/deletion-request.ts';
import styles from './privacy-page.module.css';

type Outcome = 'confirmed' | 'rejected' | null;

/**
 * /confirm-user-deletion?delete_code: an admin sees who asked to be deleted (name, email,
 * user ID), types DELETE to enable Confirm, or rejects the request.
 */
export function ConfirmDeletionView(props: { deleteCode: string }): JSX.Element {
  const { t } = useTranslation(['privacy']);
  const notify = useNotify();
  const requester = useDeletionRequester(props.deleteCode);
  const confirm = useConfirmDeletion();
  const reject = useRejectDeletion();
  const [typed, setTyped] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const pending = confirm.isPending || reject.isPending;
  const confirmable = validateDeletePhrase(typed).ok;

  const handleFailure = (error: unknown): void => {
    notify.failure(error);
  };
  const handleConfirm = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!confirmable || pending) return;
    confirm.mutate(props.deleteCode, {
      onSuccess: () => {
        setOutcome('confirmed');
        notify.success(t('success.deletionConfirmed', { ns: 'errors' }));
      },
      onError: handleFailure,
    });
  };
  const handleReject = (): void => {
    reject.mutate(props.deleteCode, {
      onSuccess: () => {
        setOutcome('rejected');
        notify.success(t('success.deletionRejected', { ns: 'errors' }));
      },
      onError: handleFailure,
    });
  };

  let body: JSX.Element;
  if (outcome !== null) {
    body = (
      <MessageBar intent="success">
        <MessageBarBody>{outcome === 'confirmed' ? t('success.deletionConfirmed', { ns: 'errors' }) : t('success.deletionRejected', { ns: 'errors' })}</MessageBarBody>
      </MessageBar>
    );
  } else if (props.deleteCode.length === 0 || requester.error) {
    const error = requester.error ?? null;
    body = (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>
          {error === null || isApiError(error, ErrorCode.DELETE_TOKEN_USER_INFO) ? t('code.856', { ns: 'errors' }) : errorText(t, error)}
        </MessageBarBody>
      </MessageBar>
    );
  } else if (!requester.data) {
    body = <Spinner label={t('privacy:confirmDeletion.loading')} />;
  } else {
    const person = requester.data;
    body = (
      <>
        <dl className={styles.details}>
          <dt>{t('privacy:confirmDeletion.name')}</dt>
          <dd>{person.full_name || '-'}</dd>
          <dt>{t('privacy:confirmDeletion.email')}</dt>
          <dd>{person.email}</dd>
          <dt>{t('privacy:confirmDeletion.userId')}</dt>
          <dd>{person.user_id}</dd>
        </dl>
        <form className={styles.form} onSubmit={handleConfirm} noValidate>
          <p>{t('privacy:confirmDeletion.warning')}</p>
          <Field
            label={t('privacy:confirmDeletion.typeLabel', { phrase: DELETE_PHRASE })}
            validationState={typed.length > 0 && !confirmable ? 'error' : 'none'}
            validationMessage={typed.length > 0 && !confirmable ? t('deletePhrase.mismatch', { ns: 'validation' }) : undefined}
          >
            <Input value={typed} autoComplete="off" onChange={(_, data) => setTyped(data.value)} />
          </Field>
          <div className={styles.actions}>
            <Button type="submit" appearance="primary" disabled={!confirmable || pending}>
              {t('privacy:confirmDeletion.confirm')}
            </Button>
            <Button disabled={pending} onClick={handleReject}>
              {t('privacy:confirmDeletion.reject')}
            </Button>
          </div>
        </form>
      </>
    );
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('privacy:confirmDeletion.title')}</h1>
      {body}
    </div>
  );
}
