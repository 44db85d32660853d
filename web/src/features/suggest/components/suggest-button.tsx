import { Suspense, lazy, useState } from 'react';
import type { JSX } from 'react';
import { Button } from '@fluentui/react-components';
import { LightbulbRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

// The dialog and its form load on first use; the top bar only carries the button.
const SuggestDialog = lazy(() => import('./suggest-dialog.tsx').then((m) => ({ default: m.SuggestDialog })));

function SuggestButtonInner(): JSX.Element {
  const { t } = useTranslation(['library']);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button appearance="subtle" icon={<LightbulbRegular />} onClick={() => setOpen(true)}>
        {t('library:suggest.button')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SuggestDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The top bar's suggest content button, opening the suggest modal. */
export function SuggestButton(): JSX.Element {
  return (
    <Suspense fallback={null}>
      <SuggestButtonInner />
    </Suspense>
  );
}
