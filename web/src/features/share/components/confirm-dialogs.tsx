import { useState } from 'react';
import type { JSX } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/**
 * The empty-caption warning (spec 5 "Empty caption", 2 "Warning modal"): 'Share Anyway' (or
 * 'Queue Anyway' before queueing) goes on, 'Write a caption' returns to the editor; 'Don't show
 * this message again' is passed on.
 */
export function EmptyCaptionDialog(props: { action: 'share' | 'queue'; onContinue: (optOut: boolean) => void; onWrite: () => void }): JSX.Element {
  const { t } = useTranslation(['share']);
  const [optOut, setOptOut] = useState(false);
  return (
    <Dialog open modalType="alert" onOpenChange={(_, data) => (data.open ? undefined : props.onWrite())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('share:emptyCaption.title')}</DialogTitle>
          <DialogContent>
            <p>{t('share:emptyCaption.body')}</p>
            <Checkbox checked={optOut} onChange={(_, data) => setOptOut(data.checked === true)} label={t('share:emptyCaption.optOut')} />
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onWrite}>{t('share:emptyCaption.writeCaption')}</Button>
            <Button appearance="primary" onClick={() => props.onContinue(optOut)}>
              {props.action === 'queue' ? t('share:emptyCaption.queueAnyway') : t('share:emptyCaption.shareAnyway')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** The exit confirmation (spec 2): asked only when a caption has unsaved edits. */
export function ExitDialog(props: { onExit: () => void; onGoBack: () => void }): JSX.Element {
  const { t } = useTranslation(['share']);
  return (
    <Dialog open modalType="alert" onOpenChange={(_, data) => (data.open ? undefined : props.onGoBack())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('share:exit.title')}</DialogTitle>
          <DialogContent>{t('share:exit.body')}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={props.onGoBack}>
              {t('share:exit.goBack')}
            </Button>
            <Button onClick={props.onExit}>{t('share:exit.exit')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
