import { useEffect, useRef } from 'react';
import type { JSX } from 'react';
import { Text } from '@fluentui/react-components';
import type { To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorCode, isApiError, type EmailVerificationResponse } from '@chorus/core';
import { errorText } from '../../../lib/notify.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import { useVerifyEmail } from '../api/social-sign-in.ts';
import styles from './auth-screen.module.css';

function useFailureBody(error: unknown): string {
  const { t } = useTranslation();
  const code = isApiError(error) ? error.code : ErrorCode.UNKNOWN;
  switch (code) {
    case ErrorCode.MAGIC_LINK_EXPIRED:
      return t('verifyEmail.expired');
    case ErrorCode.MAGIC_LINK_USED:
      return t('verifyEmail.used');
    case ErrorCode.MAGIC_LINK_ERROR:
      return t('verifyEmail.invalid');
    default:
      return errorText(t, error);
  }
}

function VerifyEmailFailure(props: { error: unknown; backTo: To }): JSX.Element {
  const { t } = useTranslation();
  const body = useFailureBody(props.error);
  return (
    <div className={styles.root} role="alert">
      <Text as="h1" size={600} weight="semibold" className={styles.heading}>
        {t('verifyEmail.problem')}
      </Text>
      <Text as="p">{body}</Text>
      <RouterButtonLink to={props.backTo} appearance="primary">
        {t('verifyEmail.backToSignIn')}
      </RouterButtonLink>
    </div>
  );
}

/**
 * Uses a mailed verification link once (guarded against React running the effect twice):
 * links the social account, hands the session on, or shows why the link failed.
 */
export function VerifyEmailScreen(props: { code: string; backTo: To; onSignedIn: (result: EmailVerificationResponse) => void }): JSX.Element {
  const { t } = useTranslation();
  const verify = useVerifyEmail();
  const started = useRef(false);
  const { code, onSignedIn } = props;
  const { mutate } = verify;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(code, { onSuccess: onSignedIn });
  }, [code, mutate, onSignedIn]);

  if (verify.isError) return <VerifyEmailFailure error={verify.error} backTo={props.backTo} />;
  return <PageSpinner label={t('verifyEmail.verifying')} />;
}
