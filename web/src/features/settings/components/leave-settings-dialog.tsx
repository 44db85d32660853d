import type { JSX } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/** 'Leave without saving?': Stay (first, the safe choice) keeps the changes on screen; Leave drops them. */
export function LeaveSettingsDialog(props: { open: boolean; onLeave: () => void; onStay: () => void }): JSX.Element {
  const { t } = useTranslation(['settings']);
  return (
    <Dialog modalType="alert" open={props.open} onOpenChange={(_event, data) => (data.open ? undefined : props.onStay())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('settings:leave.title')}</DialogTitle>
          <DialogContent>{t('settings:leave.body')}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={props.onStay}>
              {t('settings:leave.stay')}
            </Button>
            <Button onClick={props.onLeave}>{t('settings:leave.leave')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
