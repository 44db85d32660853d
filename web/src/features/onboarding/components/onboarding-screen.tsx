import { useEffect, useRef, useState } from 'react';
import type { JSX, ReactNode } from 'react';
import { Button, Spinner, Text } from '@fluentui/react-components';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SignOutRegular } from '@fluentui/react-icons';
import { LOGOUT_ERROR_TOAST_MS, OnboardingEvent } from '@chorus/core';
import { useConfigInfo, useCurrentUser, useSignOut } from '../../../lib/auth.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { useReportOnboarding } from '../api/onboarding-events.ts';
import { useTimezones } from '../api/timezone.ts';
import { TimezoneConfirm } from './timezone-confirm.tsx';
import styles from './onboarding-screen.module.css';

/** Whether an Escape key press belongs to an open popup (dialog, list) rather than to the page. */
function escapeIsTaken(event: KeyboardEvent): boolean {
  if (event.defaultPrevented) return true;
  if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return true;
  return event.target instanceof Element && event.target.closest('[aria-expanded="true"]') !== null;
}

/**
 * Onboarding's one slide: link networks (the `networks` region, composed by the route) and
 * confirm the time zone. Get Started is enabled once a network is linked or the time zone is
 * saved and reports 'finished'; Skip and Escape report 'skipped'; both return to the feed.
 * A header carries the company's logo and name, and Sign Out.
 */
export function OnboardingScreen(props: { networks: ReactNode; networkLinked: boolean; networksLoading: boolean }): JSX.Element {
  const { t } = useTranslation(['social']);
  const config = useConfigInfo();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const notify = useNotify();
  const report = useReportOnboarding();
  const signOut = useSignOut(() => notify.error(t('message.unknownLogout', { ns: 'errors' }), { timeout: LOGOUT_ERROR_TOAST_MS }));
  const zones = useTimezones();
  const [timezoneSaved, setTimezoneSaved] = useState(false);
  const canFinish = props.networkLinked || timezoneSaved;

  const end = (event: OnboardingEvent): void => {
    if (report.isPending) return;
    report.mutate(event, { onSuccess: () => void navigate('/', { replace: true }), onError: (error) => notify.failure(error) });
  };
  const endRef = useRef(end);
  useEffect(() => {
    endRef.current = end;
  });

  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent): void => {
      if (event.key === 'Escape' && !escapeIsTaken(event)) endRef.current(OnboardingEvent.SKIPPED);
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, []);

  const company = config?.company_name ?? '';
  const logo = user?.companies.find((entry) => entry.company_id === config?.company_id)?.logo_images.original;
  return (
    <>
      <header className={styles.header}>
        <div className={styles.brand}>
          {logo ? <img className={styles.logo} src={logo} alt={t('nav.companyLogo', { ns: 'common', company })} /> : null}
          <Text weight="semibold" size={400}>
            {company}
          </Text>
        </div>
        <Button appearance="subtle" icon={<SignOutRegular />} disabled={signOut.isPending} onClick={() => signOut.mutate()}>
          {t('nav.signOut', { ns: 'common' })}
        </Button>
      </header>
      <main id="chorus-main" tabIndex={-1} className={styles.main}>
        <h1>{t('social:onboarding.title', { company: config?.company_name ?? '' })}</h1>
        <Text as="p">{t('social:onboarding.intro')}</Text>
        {props.networksLoading || zones.isPending ? (
          // One spinner until both steps can show: as each step replaced its own small spinner,
          // the buttons below moved down under a pointer about to press them.
          <Spinner label={t('app.loading', { ns: 'common' })} />
        ) : (
          <>
            {props.networks}
            {user ? <TimezoneConfirm current={user.timezone} onSaved={() => setTimezoneSaved(true)} /> : null}
            <div className={styles.footer}>
              <Button appearance="primary" disabled={!canFinish || report.isPending} onClick={() => end(OnboardingEvent.FINISHED)} aria-describedby="onboarding-hint">
                {t('social:onboarding.getStarted')}
              </Button>
              <Button disabled={report.isPending} onClick={() => end(OnboardingEvent.SKIPPED)}>
                {t('social:onboarding.skip')}
              </Button>
              <Text id="onboarding-hint">{canFinish ? t('social:onboarding.escapeHint') : t('social:onboarding.getStartedHint')}</Text>
            </div>
          </>
        )}
      </main>
    </>
  );
}
