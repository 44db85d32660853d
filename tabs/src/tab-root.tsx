import { ChorusApp } from '@chorus/web';
import { useEffect, useState } from 'react';
import type { JSX } from 'react';
import type { TabStart } from './start-up.ts';
import { fluentThemeForTeams, toTeamsTheme } from './teams-theme.ts';
import type { TeamsTheme } from './teams-theme.ts';

/** The path prefix the server hosts the tab build under. */
export const TAB_BASENAME = '/tab';

/** Props of {@link TabRoot}. */
export interface TabRootProps {
  readonly start: TabStart;
  /** Subscribes to the host's theme changes (teams-js keeps one handler, so no unsubscribe). */
  readonly onThemeChange: (handler: (theme: string) => void) => void;
}

/** Renders the web app for the tab: Teams-hosted with the host's theme, or the web sign-in. */
export function TabRoot({ start, onThemeChange }: TabRootProps): JSX.Element {
  const [teamsTheme, setTeamsTheme] = useState<TeamsTheme>(start.host === 'teams' ? start.theme : 'default');

  useEffect(() => {
    if (start.host === 'teams') {
      onThemeChange((name) => setTeamsTheme(toTeamsTheme(name)));
    }
  }, [start, onThemeChange]);

  if (start.host === 'web') {
    return <ChorusApp basename={TAB_BASENAME} initialPath={start.initialPath} host="web" />;
  }
  return (
    <ChorusApp
      basename={TAB_BASENAME}
      initialPath={start.initialPath}
      host="teams"
      theme={fluentThemeForTeams(teamsTheme)}
      language={start.language}
    />
  );
}
