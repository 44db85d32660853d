import { useState } from 'react';
import type { JSX, ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, DialogTrigger } from '@fluentui/react-components';
import type { ButtonProps } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import styles from './confirm-action.module.css';

interface ConfirmActionProps {
  /** The trigger button's text. */
  label: string;
  /** The question's title, e.g. 'Delete this comment?'. */
  title: string;
  /** What happens, in a sentence. */
  body: ReactNode;
  /** The confirming button's text (the action's verb). */
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  appearance?: ButtonProps['appearance'];
  size?: ButtonProps['size'];
}

/**
 * A destructive action that asks first: the button opens an alert dialog naming what will
 * happen, with Cancel (focused first, the safe choice) and the action in the danger style.
 */
export function ConfirmAction(props: ConfirmActionProps): JSX.Element {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog modalType="alert" open={open} onOpenChange={(_, data) => setOpen(data.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button appearance={props.appearance} size={props.size} disabled={props.disabled}>
          {props.label}
        </Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogContent>{props.body}</DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button>{t('confirm.cancel')}</Button>
            </DialogTrigger>
            <Button
              appearance="primary"
              className={styles.danger}
              onClick={() => {
                setOpen(false);
                props.onConfirm();
              }}
            >
              {props.confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
