import { createElement, useCallback } from 'react';
import { useToastController } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { requestToaster, TOASTER_ID, toasterMounted } from '../../../lib/toaster-id.ts';

/**
 * Sharing and queueing arrive with a later issue: until then their buttons announce that in
 * an informational toast instead of failing.
 */
export function useComingSoon(): () => void {
  const { t } = useTranslation(['library']);
  const { dispatchToast } = useToastController(TOASTER_ID);
  return useCallback(() => {
    requestToaster();
    void Promise.all([import('../../../lib/toast-content.tsx'), toasterMounted]).then(([{ ToastContent }]) => {
      dispatchToast(createElement(ToastContent, { title: t('library:card.comingSoon'), message: t('library:card.comingSoonBody') }), { intent: 'info' });
    });
  }, [dispatchToast, t]);
}
