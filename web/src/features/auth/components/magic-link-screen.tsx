import { useEffect, useRef } from 'react';
import type { JSX } from 'react';
import { Button, Text } from '@fluentui/react-components';
import type { To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorCode, isApiError, type MagicLinkResponse } from '@chorus/core';
import { errorText } from '../../../lib/notify.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { RouterButtonLink } from '../../../components/router-link.tsx';
import { useMagicLinkSignIn } from '../api/recovery.ts';
import styles from './email-sign-in-form.module.css';

/** The title and text of each way a link can fail (accounts spec 4: expired 426, error 427, used 428). */
function useFailureText(error: unknown): { title: string; body: string } {
  const { t } = useTranslation();
  const code = isApiError(error) ? error.code : ErrorCode.UNKNOWN;
  switch (code) {
    case ErrorCode.MAGIC_LINK_EXPIRED:
      return { title: t('title.magicLinkExpired', { ns: 'errors' }), body: t('message.magicLinkExpired', { ns: 'errors' }) };
    case ErrorCode.MAGIC_LINK_ERROR:
      return { title: t('title.magicLinkError', { ns: 'errors' }), body: t('magicLink.errorBody') };
    case ErrorCode.MAGIC_LINK_USED:
      return { title: t('title.magicLinkUsed', { ns: 'errors' }), body: t('magicLink.usedBody') };
    default:
      return { title: t('title.error', { ns: 'errors' }), body: errorText(t, error) };
  }
}

function MagicLinkFailure(props: { error: unknown; requestTo: To; backTo: To }): JSX.Element {
  const { t } = useTranslation();
  const text = useFailureText(props.error);
  return (
    <div className={styles.form} role="alert">
      <Text as="h1" size={600} weight="semibold" className={styles.heading}>
        {text.title}
      </Text>
      <Text as="p">{text.body}</Text>
      <div className={styles.actions}>
        <RouterButtonLink to={props.backTo}>{t('magicLink.back')}</RouterButtonLink>
        <RouterButtonLink to={props.requestTo} appearance="primary">
          {t('magicLink.requestNew')}
        </RouterButtonLink>
      </div>
    </div>
  );
}

/** The address an answer 499 names under `path` (signed_in_as, continue_as). */
function named(error: unknown, path: string): string {
  return (isApiError(error) ? error.issues.find((issue) => issue.path === path)?.message : undefined) ?? '';
}

/**
 * A link of one person opened while another is signed in: nothing changes until the person
 * chooses (login CSRF: a link alone never switches the session).
 */
function SwitchPrompt(props: { error: unknown; onContinue: () => void }): JSX.Element {
  const { t } = useTranslation();
  const current = named(props.error, 'signed_in_as');
  const other = named(props.error, 'continue_as');
  return (
    <div className={styles.form} role="alertdialog" aria-labelledby="magic-link-switch-title" aria-describedby="magic-link-switch-body">
      <Text as="h1" size={600} weight="semibold" className={styles.heading} id="magic-link-switch-title">
        {t('magicLink.switchTitle')}
      </Text>
      <Text as="p" id="magic-link-switch-body">
        {t('magicLink.switchBody', { current, other })}
      </Text>
      <div className={styles.actions}>
        <RouterButtonLink to="/">{t('magicLink.switchStay', { current })}</RouterButtonLink>
        <Button appearance="primary" onClick={props.onContinue}>
          {t('magicLink.switchContinue', { other })}
        </Button>
      </div>
    </div>
  );
}

/**
 * Consumes a magic sign-in link once (links are single use, so the call is guarded against
 * React running the effect twice) and hands the session on, or shows why the link failed.
 */
export function MagicLinkScreen(props: {
  code: string;
  requestTo: To;
  backTo: To;
  onSignedIn: (result: MagicLinkResponse) => void;
}): JSX.Element {
  const { t } = useTranslation();
  const signIn = useMagicLinkSignIn();
  const started = useRef(false);
  const { code, onSignedIn } = props;
  const { mutate } = signIn;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate({ code }, { onSuccess: onSignedIn });
  }, [code, mutate, onSignedIn]);

  if (signIn.isError && isApiError(signIn.error, ErrorCode.SIGNED_IN_AS_SOMEONE_ELSE)) {
    return <SwitchPrompt error={signIn.error} onContinue={() => mutate({ code, confirmed: true }, { onSuccess: onSignedIn })} />;
  }
  if (signIn.isError) return <MagicLinkFailure error={signIn.error} requestTo={props.requestTo} backTo={props.backTo} />;
  return <PageSpinner label={t('magicLink.signingIn')} />;
}
