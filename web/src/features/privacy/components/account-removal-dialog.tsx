import { useState } from 'react';
import type { FormEvent, JSX } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Field,
  Input,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { CONFIRM_PHRASE, ErrorCode, isApiError, validateRemovalConfirmation } from '@chorus/core';
import { errorText, useNotify } from '../../../lib/notify.tsx';
import { useDeactivateAccount, useRequestAccountDeletion, useStartSsoRemoval } from '../api/account-removal.ts';
import styles from './privacy-page.module.css';
import dangerStyles from '../../../components/confirm-action.module.css';

/** What the dialog removes. */
export type RemovalKind = 'deactivate' | 'delete';

/**
 * Deactivate or Delete account: a dialog asking for the password, or for CONFIRM in companies
 * that sign in only through SSO (those then re-authenticate at the identity provider, which
 * sends the browser back to sign-in with code 316 or 317). `onDone` hears of a finished
 * deactivation or deletion request; `onNotificationFailed` of error 854.
 */
export function AccountRemovalDialog(props: {
  kind: RemovalKind;
  ssoProvider: 'saml' | 'google' | null;
  onDone: (kind: RemovalKind) => void;
  onNotificationFailed: () => void;
}): JSX.Element {
  const { t } = useTranslation(['privacy']);
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const deactivate = useDeactivateAccount();
  const requestDeletion = useRequestAccountDeletion();
  const ssoRemoval = useStartSsoRemoval();
  const ssoOnly = props.ssoProvider !== null;
  const pending = deactivate.isPending || requestDeletion.isPending || ssoRemoval.isPending;
  const isDelete = props.kind === 'delete';

  const handleOpenChange = (next: boolean): void => {
    if (pending) return;
    setOpen(next);
    setValue('');
    setProblem(null);
  };

  const handleError = (error: unknown): void => {
    if (isApiError(error, ErrorCode.GDPR_NOTIFICATION_FAILED)) {
      setOpen(false);
      props.onNotificationFailed();
      return;
    }
    if (isApiError(error, ErrorCode.INCORRECT_PASSWORD)) {
      setProblem(errorText(t, error));
      return;
    }
    notify.failure(error);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const check = validateRemovalConfirmation({ ssoOnly, password: value, confirmation: value });
    if (!check.ok) {
      setProblem(t(check.error, { ns: 'validation' }));
      return;
    }
    setProblem(null);
    if (props.ssoProvider !== null) {
      ssoRemoval.mutate(
        { provider: props.ssoProvider, body: { do_delete: isDelete, password: CONFIRM_PHRASE } },
        { onSuccess: (result) => window.location.assign(result.url), onError: handleError },
      );
      return;
    }
    const mutation = isDelete ? requestDeletion : deactivate;
    mutation.mutate(
      { password: value },
      {
        onSuccess: () => {
          setOpen(false);
          props.onDone(props.kind);
        },
        onError: handleError,
      },
    );
  };

  const formId = `privacy-${props.kind}-form`;
  return (
    <Dialog open={open} onOpenChange={(_, state) => handleOpenChange(state.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button appearance={isDelete ? 'primary' : 'secondary'} className={isDelete ? dangerStyles.danger : undefined}>
          {isDelete ? t('privacy:removal.deleteButton') : t('privacy:removal.deactivateButton')}
        </Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{isDelete ? t('privacy:removal.deleteTitle') : t('privacy:removal.deactivateTitle')}</DialogTitle>
          <DialogContent>
            <form id={formId} className={styles.form} onSubmit={handleSubmit} noValidate>
              <p>{isDelete ? t('privacy:removal.deleteExplainer') : t('privacy:removal.deactivateExplainer')}</p>
              <Field
                label={ssoOnly ? t('privacy:removal.confirmLabel') : t('privacy:removal.passwordLabel')}
                required
                validationState={problem ? 'error' : 'none'}
                validationMessage={problem ?? undefined}
              >
                <Input
                  type={ssoOnly ? 'text' : 'password'}
                  autoComplete={ssoOnly ? 'off' : 'current-password'}
                  value={value}
                  onChange={(_, data) => setValue(data.value)}
                />
              </Field>
            </form>
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button disabled={pending}>{t('privacy:removal.cancel')}</Button>
            </DialogTrigger>
            <Button type="submit" form={formId} appearance="primary" disabled={pending} className={isDelete ? dangerStyles.danger : undefined}>
              {isDelete ? t('privacy:removal.deleteSubmit') : t('privacy:removal.deactivateSubmit')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
