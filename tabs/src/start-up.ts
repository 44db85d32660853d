import { DEFAULT_LANGUAGE, TEAMS_INIT_TIMEOUT_MS } from '@chorus/core';
import type { Language } from '@chorus/core';
import { pathForSubPageId } from './sub-page.ts';
import { settleWithin } from './settle-within.ts';
import { toTeamsTheme } from './teams-theme.ts';
import type { TeamsTheme } from './teams-theme.ts';
import { languageForTeamsLocale } from './teams-locale.ts';

/** The parts of a Teams context the tab reads. */
export interface TeamsContextSubset {
  readonly app: { readonly theme?: string; readonly locale?: string };
  readonly page: { readonly subPageId?: string };
}

/** The teams-js calls the start-up makes; the real one wraps `app`, tests pass a fake. */
export interface TeamsHostApi {
  initialize(): Promise<void>;
  getContext(): Promise<TeamsContextSubset>;
  notifySuccess(): Promise<unknown>;
}

/** The path the tab shows when it is not running inside Teams. */
export const OUTSIDE_TEAMS_PATH = '/sign-in';

/** What the tab renders with, decided once at start-up. */
export type TabStart =
  | {
      readonly host: 'teams';
      readonly theme: TeamsTheme;
      readonly language: Language;
      readonly initialPath: string | undefined;
    }
  | { readonly host: 'web'; readonly initialPath: typeof OUTSIDE_TEAMS_PATH };

const TEAMS_DEFAULTS = { theme: 'default', language: DEFAULT_LANGUAGE, initialPath: undefined } as const;

/**
 * Decides how the tab starts: `initialize()` raced against the Teams time-out; a time-out
 * or a rejection (no Teams parent) sends the tab to sign-in. Inside Teams the context gives
 * theme, language and a deep link; a context that cannot be read leaves the defaults.
 */
export async function startTab(teams: TeamsHostApi, timeoutMs: number = TEAMS_INIT_TIMEOUT_MS): Promise<TabStart> {
  const initialized = await settleWithin(teams.initialize(), timeoutMs);
  if (initialized.status !== 'fulfilled') {
    return { host: 'web', initialPath: OUTSIDE_TEAMS_PATH };
  }
  const context = await settleWithin(teams.getContext(), timeoutMs);
  // Success is reported even without a context: the tab is usable either way.
  Promise.resolve()
    .then(() => teams.notifySuccess())
    .catch(() => undefined);
  if (context.status !== 'fulfilled') {
    return { host: 'teams', ...TEAMS_DEFAULTS };
  }
  return {
    host: 'teams',
    theme: toTeamsTheme(context.value.app.theme),
    language: languageForTeamsLocale(context.value.app.locale),
    initialPath: pathForSubPageId(context.value.page.subPageId),
  };
}
