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
  MessageBar,
  MessageBarBody,
  Spinner,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { VALIDATION_NAMESPACE, isApiError, validateChangePassword, validateConfirmPassword, validatePassword } from '@chorus/core';
import { errorText, useNotify } from '../../../lib/notify.tsx';
import { useChangePassword } from '../api/account.ts';
import styles from './settings.module.css';

const EMPTY = { current_password: '', new_password: '', confirm_new_password: '' };

/**
 * Change Password: current, new and confirmation, all required, the new one by the company
 * policy and the confirmation equal to it (checked here and again by the server). A refusal
 * shows in the dialog; success closes it with 'Your password has been changed'.
 */
export function ChangePasswordDialog(): JSX.Element {
  const { t } = useTranslation(['settings']);
  const notify = useNotify();
  const change = useChangePassword();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const policy = validatePassword(values.new_password);
  const confirmation = validateConfirmPassword(values.new_password, values.confirm_new_password);
  const shown = (check: boolean): boolean => submitted || check;

  const handleOpenChange = (next: boolean): void => {
    setOpen(next);
    if (!next) {
      setValues(EMPTY);
      setSubmitted(false);
      setFailure(null);
      change.reset();
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    // The dialog renders in a portal, but React still bubbles its submit to the settings form.
    event.stopPropagation();
    setSubmitted(true);
    setFailure(null);
    if (!validateChangePassword(values).ok || change.isPending) return;
    change.mutate(values, {
      onSuccess: () => {
        handleOpenChange(false);
        notify.success(t('settings:password.changed'));
      },
      onError: (error) => {
        const policyRefused = isApiError(error) && error.issues?.some((issue) => issue.path === 'new_password');
        setFailure(policyRefused ? t('password.policy', { ns: 'validation' }) : errorText(t, error));
      },
    });
  };

  const set = (key: keyof typeof EMPTY) => (_event: unknown, data: { value: string }) => setValues((current) => ({ ...current, [key]: data.value }));

  return (
    <Dialog open={open} onOpenChange={(_event, data) => handleOpenChange(data.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button>{t('settings:password.change')}</Button>
      </DialogTrigger>
      <DialogSurface>
        <form onSubmit={handleSubmit} noValidate>
          <DialogBody>
            <DialogTitle>{t('settings:password.title')}</DialogTitle>
            <DialogContent className={styles.dialogForm}>
              {failure ? (
                <MessageBar intent="error">
                  <MessageBarBody>{failure}</MessageBarBody>
                </MessageBar>
              ) : null}
              <Field
                label={t('settings:password.current')}
                required
                validationMessage={submitted && values.current_password.length === 0 ? t('currentPassword.required', { ns: 'validation' }) : undefined}
              >
                <Input type="password" name="current_password" autoComplete="current-password" value={values.current_password} onChange={set('current_password')} />
              </Field>
              <Field
                label={t('settings:password.new')}
                required
                validationMessage={shown(values.new_password.length > 0) && !policy.ok ? t(policy.error, { ns: VALIDATION_NAMESPACE }) : undefined}
              >
                <Input type="password" name="new_password" autoComplete="new-password" value={values.new_password} onChange={set('new_password')} />
              </Field>
              <Field
                label={t('settings:password.confirm')}
                required
                validationMessage={shown(values.confirm_new_password.length > 0) && !confirmation.ok ? t(confirmation.error, { ns: VALIDATION_NAMESPACE }) : undefined}
              >
                <Input type="password" name="confirm_new_password" autoComplete="new-password" value={values.confirm_new_password} onChange={set('confirm_new_password')} />
              </Field>
            </DialogContent>
            <DialogActions>
              <DialogTrigger disableButtonEnhancement>
                <Button>{t('settings:password.cancel')}</Button>
              </DialogTrigger>
              <Button type="submit" appearance="primary" disabledFocusable={change.isPending} icon={change.isPending ? <Spinner size="tiny" /> : undefined}>
                {t('settings:password.submit')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
