import type { JSX } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/**
 * 'Leave without saving?' of a form with unsaved changes (lib/use-leave-guard.ts holds the move):
 * Stay (first, the safe choice) keeps the changes on screen; Leave drops them. `body` says what is lost.
 */
export function LeaveDialog(props: { open: boolean; body: string; onLeave: () => void; onStay: () => void }): JSX.Element {
  const { t } = useTranslation();
  return (
    <Dialog modalType="alert" open={props.open} onOpenChange={(_event, data) => (data.open ? undefined : props.onStay())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('leave.title')}</DialogTitle>
          <DialogContent>{props.body}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={props.onStay}>
              {t('leave.stay')}
            </Button>
            <Button onClick={props.onLeave}>{t('leave.leave')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
