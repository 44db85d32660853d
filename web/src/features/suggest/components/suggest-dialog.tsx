import type { JSX } from 'react';
import { Button, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { SuggestForm } from './suggest-form.tsx';
import styles from './suggest-dialog.module.css';

/** The suggest modal: the form, then its success message. Escape and the close button close it. */
export function SuggestDialog(props: { onClose: () => void }): JSX.Element {
  const { t } = useTranslation(['library']);
  return (
    <Dialog open onOpenChange={(_event, data) => (data.open ? undefined : props.onClose())}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle action={<Button appearance="subtle" aria-label={t('library:suggest.close')} icon={<DismissRegular />} onClick={props.onClose} />}>
            {t('library:suggest.title')}
          </DialogTitle>
          <DialogContent>
            <SuggestForm onDone={props.onClose} />
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
