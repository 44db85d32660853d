import { useEffect, useRef } from 'react';
import type { JSX } from 'react';
import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/notify.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import { useConfirmEmail } from '../api/email-confirmation.ts';
import styles from './sign-up-form.module.css';

/**
 * Spends a mailed confirmation link once (guarded against React running the effect twice) and
 * says whether the address is now confirmed; either way it leads on to the app.
 */
export function ConfirmEmailScreen(props: { code: string }): JSX.Element {
  const { t } = useTranslation();
  const confirm = useConfirmEmail();
  const started = useRef(false);
  const { code } = props;
  const { mutate } = confirm;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(code);
  }, [code, mutate]);

  if (confirm.isPending || confirm.isIdle) return <PageSpinner label={t('emailConfirmation.confirming')} />;
  const ok = confirm.isSuccess;
  return (
    <div className={styles.form} role={ok ? 'status' : 'alert'}>
      <Text as="h1" size={600} weight="semibold" className={styles.heading}>
        {ok ? t('emailConfirmation.confirmedTitle') : t('emailConfirmation.problemTitle')}
      </Text>
      <Text as="p">{ok ? t('emailConfirmation.confirmedBody') : errorText(t, confirm.error)}</Text>
      <RouterButtonLink to="/" appearance="primary">
        {t('emailConfirmation.continue')}
      </RouterButtonLink>
    </div>
  );
}
