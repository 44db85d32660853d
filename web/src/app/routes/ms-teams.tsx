import { useEffect, useState } from 'react';
import type { JSX } from 'react';
import { Button, Spinner, Text, Title2 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TEAMS_INIT_TIMEOUT_MS } from '@chorus/core';

type TeamsStart = 'ready' | 'outside';

/**
 * Whether Teams hosts the page: teams-js initialised within the Teams time-out (2.5 s). teams-js
 * loads only here, so the web app's other screens never carry it.
 */
async function startInTeams(): Promise<{ outcome: TeamsStart; notifySuccess: () => void }> {
  const { app } = await import('@microsoft/teams-js');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<TeamsStart>((resolve) => {
    timer = setTimeout(() => resolve('outside'), TEAMS_INIT_TIMEOUT_MS);
  });
  const initialised = app.initialize().then(
    (): TeamsStart => 'ready',
    (): TeamsStart => 'outside',
  );
  const outcome = await Promise.race([initialised, timedOut]);
  clearTimeout(timer);
  return { outcome, notifySuccess: () => void app.notifySuccess().catch(() => undefined) };
}

/**
 * /ms-teams: the Teams connector page. Inside Teams it explains what Chorus does in the team
 * and how to share from it; anywhere else (Teams not initialised within 2.5 s) it goes to
 * sign-in, as the spec says.
 */
export function MsTeamsRoute(): JSX.Element {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    startInTeams()
      .then(({ outcome, notifySuccess }) => {
        if (!live) return;
        if (outcome === 'ready') {
          setReady(true);
          notifySuccess();
        } else {
          void navigate('/sign-in', { replace: true });
        }
      })
      .catch(() => {
        if (live) void navigate('/sign-in', { replace: true });
      });
    return () => {
      live = false;
    };
  }, [navigate]);

  if (!ready) return <Spinner label={t('msTeams.connecting')} />;
  return (
    <section aria-labelledby="ms-teams-title">
      <Title2 as="h1" id="ms-teams-title">
        {t('msTeams.title')}
      </Title2>
      <Text as="p" block>
        {t('msTeams.intro')}
      </Text>
      <ol>
        <li>{t('msTeams.stepBot')}</li>
        <li>{t('msTeams.stepCard')}</li>
        <li>{t('msTeams.stepTab')}</li>
      </ol>
      <Button appearance="primary" onClick={() => void navigate('/sign-in')}>
        {t('msTeams.open')}
      </Button>
    </section>
  );
}
