import { teamsDarkTheme, teamsHighContrastTheme, teamsLightTheme } from '@fluentui/react-components';
import type { Theme } from '@fluentui/react-components';

/** Theme names a Teams host reports in `context.app.theme` and in theme-change events. */
export const TEAMS_THEMES = ['default', 'dark', 'contrast'] as const;

/** One of the Teams host's theme names. */
export type TeamsTheme = (typeof TEAMS_THEMES)[number];

const FLUENT_THEMES: Record<TeamsTheme, Theme> = {
  default: teamsLightTheme,
  dark: teamsDarkTheme,
  contrast: teamsHighContrastTheme,
};

/** Reads a host-reported theme name; hosts may add names later, which fall back to `default`. */
export function toTeamsTheme(name: string | undefined): TeamsTheme {
  const lower = name?.toLowerCase();
  return TEAMS_THEMES.find((theme) => theme === lower) ?? 'default';
}

/** The Fluent theme that matches a Teams theme name (light for anything unknown). */
export function fluentThemeForTeams(name: string | undefined): Theme {
  return FLUENT_THEMES[toTeamsTheme(name)];
}
