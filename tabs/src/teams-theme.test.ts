import { teamsDarkTheme, teamsHighContrastTheme, teamsLightTheme } from '@fluentui/react-components';
import { describe, expect, it } from 'vitest';
import { fluentThemeForTeams, toTeamsTheme } from './teams-theme.ts';

describe('fluentThemeForTeams', () => {
  it.each([
    ['default', teamsLightTheme],
    ['dark', teamsDarkTheme],
    ['contrast', teamsHighContrastTheme],
    ['DARK', teamsDarkTheme],
    ['sepia', teamsLightTheme],
    [undefined, teamsLightTheme],
  ])('maps the Teams theme %s', (name, expected) => {
    expect(fluentThemeForTeams(name)).toBe(expected);
  });
});

describe('toTeamsTheme', () => {
  it('keeps known names and turns unknown ones into default', () => {
    expect(toTeamsTheme('contrast')).toBe('contrast');
    expect(toTeamsTheme('')).toBe('default');
    expect(toTeamsTheme('glass')).toBe('default');
  });
});
