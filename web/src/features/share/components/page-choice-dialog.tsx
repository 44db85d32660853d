import { useId, useState } from 'react';
import type { JSX } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Radio, RadioGroup } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { SocialPage } from '@chorus/core';

/** The value of the personal-account choice (page ids are never empty). */
const PERSONAL = '';

/** The network pages modal (spec 2): a page of the linked account, or 'Use my personal account'. */
export function PageChoiceDialog(props: {
  pages: readonly SocialPage[];
  current: string | null;
  pending: boolean;
  onChoose: (pageId: string | null) => void;
  onCancel: () => void;
}): JSX.Element {
  const { t } = useTranslation(['share']);
  const [choice, setChoice] = useState(props.current ?? PERSONAL);
  const labelId = useId();
  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : props.onCancel())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('share:pages.title')}</DialogTitle>
          <DialogContent>
            <RadioGroup aria-labelledby={labelId} value={choice} onChange={(_, data) => setChoice(data.value)}>
              <span id={labelId}>{t('share:pages.postAs')}</span>
              <Radio value={PERSONAL} label={t('share:pages.personal')} />
              {props.pages.map((page) => (
                <Radio key={page.id} value={page.id} label={page.name} />
              ))}
            </RadioGroup>
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onCancel}>{t('share:pages.cancel')}</Button>
            <Button appearance="primary" disabled={props.pending} onClick={() => props.onChoose(choice === PERSONAL ? null : choice)}>
              {t('share:pages.save')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
