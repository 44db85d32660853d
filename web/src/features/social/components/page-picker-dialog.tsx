import { useId, useState } from 'react';
import type { JSX } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Radio,
  RadioGroup,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { LinkedNetwork } from '@chorus/core';

/** The value of the personal-account choice (page ids are never empty). */
const PERSONAL = '';

/**
 * The network pages modal: choose a Facebook page or LinkedIn company page to post as, or
 * 'Use my personal account'. `onChoose` gets the page id, or null for the personal account.
 */
export function PagePickerDialog(props: {
  network: 'facebook' | 'linkedin';
  link: LinkedNetwork;
  pending: boolean;
  onChoose: (pageId: string | null, done: () => void) => void;
}): JSX.Element {
  const { t } = useTranslation(['social']);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState(props.link.page_id ?? PERSONAL);
  const labelId = useId();
  const title = props.network === 'facebook' ? t('social:pages.dialogTitleFacebook') : t('social:pages.dialogTitleLinkedin');

  const handleOpenChange = (next: boolean): void => {
    if (next) setChoice(props.link.page_id ?? PERSONAL);
    setOpen(next);
  };
  const handleSave = (): void => props.onChoose(choice === PERSONAL ? null : choice, () => setOpen(false));

  return (
    <Dialog open={open} onOpenChange={(_, data) => handleOpenChange(data.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button>{props.network === 'facebook' ? t('social:pages.chooseFacebook') : t('social:pages.chooseLinkedin')}</Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <RadioGroup aria-labelledby={labelId} value={choice} onChange={(_, data) => setChoice(data.value)}>
              <span id={labelId}>{t('social:pages.postAs')}</span>
              {props.link.pages.map((page) => (
                <Radio key={page.id} value={page.id} label={page.name} />
              ))}
              <Radio value={PERSONAL} label={t('social:pages.personal')} />
            </RadioGroup>
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button>{t('social:pages.cancel')}</Button>
            </DialogTrigger>
            <Button appearance="primary" disabled={props.pending} onClick={handleSave}>
              {t('social:pages.save')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
