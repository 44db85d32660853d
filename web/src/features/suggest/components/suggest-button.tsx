import { Suspense, lazy, useState } from 'react';
import type { JSX } from 'react';
import { Button } from '@fluentui/react-components';
import { LightbulbRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

// The dialog and its form load on first use; the top bar only carries the button.
const SuggestDialog = lazy(() => import('./suggest-dialog.tsx').then((m) => ({ default: m.SuggestDialog })));

function SuggestButtonInner(props: SuggestButtonProps): JSX.Element {
  const { t } = useTranslation(['library']);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button appearance="subtle" icon={<LightbulbRegular />} aria-label={t('library:suggest.button')} className={props.className} onClick={() => setOpen(true)}>
        <span className={props.labelClassName}>{t('library:suggest.button')}</span>
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SuggestDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Where the button sits decides its look: the top bar may hide its text on narrow bars. */
export interface SuggestButtonProps {
  /** Class of the button. */
  className?: string;
  /** Class of the text beside the icon (the button keeps its name when the text is hidden). */
  labelClassName?: string;
}

/** The top bar's suggest content button, opening the suggest modal. */
export function SuggestButton(props: SuggestButtonProps): JSX.Element {
  return (
    <Suspense fallback={null}>
      <SuggestButtonInner {...props} />
    </Suspense>
  );
}
