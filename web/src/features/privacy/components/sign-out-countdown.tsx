import type { JSX } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { REMOVAL_COUNTDOWN_MS } from '@chorus/core';
import { useCountdown } from '../hooks/use-countdown.ts';

/**
 * The success modal after a deactivation or deletion request: it counts 10 seconds down and
 * then signs the user out (`onSignOut`), or at once with Sign out now.
 */
export function SignOutCountdown(props: { message: string; onSignOut: () => void }): JSX.Element {
  const { t } = useTranslation(['privacy']);
  const seconds = useCountdown(REMOVAL_COUNTDOWN_MS, true, props.onSignOut);
  return (
    <Dialog open modalType="alert">
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('privacy:countdown.title')}</DialogTitle>
          <DialogContent>
            <p role="status">{props.message}</p>
            <p aria-live="polite">{t('privacy:countdown.signingOut', { count: seconds })}</p>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={props.onSignOut}>
              {t('privacy:countdown.signOutNow')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** After error 854: no modal, only the 10-second wait before signing out. */
export function DelayedSignOut(props: { onSignOut: () => void }): null {
  useCountdown(REMOVAL_COUNTDOWN_MS, true, props.onSignOut);
  return null;
}
