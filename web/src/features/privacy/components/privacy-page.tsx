import { useRef, useState } from 'react';
import type { JSX } from 'react';
import { Link } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { REMOVAL_COUNTDOWN_MS } from '@chorus/core';
import { useSignOut } from '../../../lib/auth.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { AccountRemovalDialog, type RemovalKind } from './account-removal-dialog.tsx';
import { PersonalDataSection } from './personal-data-section.tsx';
import { DelayedSignOut, SignOutCountdown } from './sign-out-countdown.tsx';
import styles from './privacy-page.module.css';

/** Where the terms of service and the privacy policy are published. */
export const LEGAL_LINKS = {
  terms: '/legal/terms',
  privacyPolicy: '/legal/privacy',
} as const;

type Ending = { kind: 'removed'; removal: RemovalKind } | { kind: 'notification-failed' } | null;

/**
 * /privacy: links to the terms and privacy policy, the personal data (View, Download), and
 * Deactivate / Delete account. `ssoProvider` names the identity provider of a company that
 * signs in only through SSO (CONFIRM replaces the password there), else null.
 */
export function PrivacyPage(props: { ssoProvider: 'saml' | 'google' | null }): JSX.Element {
  const { t } = useTranslation(['privacy']);
  const notify = useNotify();
  const [ending, setEnding] = useState<Ending>(null);
  // The session is already gone after a deactivation, so a failing sign-out call is expected.
  const signOut = useSignOut(() => undefined);
  const signedOut = useRef(false);

  const handleSignOut = (): void => {
    if (signedOut.current) return;
    signedOut.current = true;
    signOut.mutate();
  };
  const handleNotificationFailed = (): void => {
    notify.error(t('code.854', { ns: 'errors' }), { timeout: REMOVAL_COUNTDOWN_MS });
    setEnding({ kind: 'notification-failed' });
  };

  return (
    <div className={styles.page}>
      <h1 id="privacy-title" className={styles.title}>
        {t('privacy:title')}
      </h1>
      <section className={styles.section} aria-labelledby="privacy-legal-heading">
        <h2 id="privacy-legal-heading" className={styles.heading}>
          {t('privacy:legal.title')}
        </h2>
        <ul className={styles.links}>
          <li>
            <Link href={LEGAL_LINKS.terms} target="_blank" rel="noopener noreferrer">
              {t('privacy:legal.terms')}
            </Link>
          </li>
          <li>
            <Link href={LEGAL_LINKS.privacyPolicy} target="_blank" rel="noopener noreferrer">
              {t('privacy:legal.privacyPolicy')}
            </Link>
          </li>
        </ul>
      </section>
      <PersonalDataSection />
      <section className={styles.section} aria-labelledby="privacy-account-heading">
        <h2 id="privacy-account-heading" className={styles.heading}>
          {t('privacy:removal.title')}
        </h2>
        <p>{t('privacy:removal.description')}</p>
        <div className={styles.actions}>
          <AccountRemovalDialog
            kind="deactivate"
            ssoProvider={props.ssoProvider}
            onDone={(removal) => setEnding({ kind: 'removed', removal })}
            onNotificationFailed={handleNotificationFailed}
          />
          <AccountRemovalDialog
            kind="delete"
            ssoProvider={props.ssoProvider}
            onDone={(removal) => setEnding({ kind: 'removed', removal })}
            onNotificationFailed={handleNotificationFailed}
          />
        </div>
      </section>
      {ending?.kind === 'removed' ? (
        <SignOutCountdown
          message={ending.removal === 'delete' ? t('success.deletionRequested', { ns: 'errors' }) : t('success.accountDeactivated', { ns: 'errors' })}
          onSignOut={handleSignOut}
        />
      ) : null}
      {ending?.kind === 'notification-failed' ? <DelayedSignOut onSignOut={handleSignOut} /> : null}
    </div>
  );
}
