import { describe, expect, it } from 'vitest';
import { validateAiSettings } from './ai-settings.ts';

describe('validateAiSettings (consent requires job title and goal)', () => {
  it.each<[boolean, string, string, boolean]>([
    [false, '', '', true],
    [false, 'Engineer', '', true],
    [true, 'Engineer', 'Grow my network', true],
    [true, '', 'Grow my network', false],
    [true, 'Engineer', '', false],
    [true, '', '', false],
    [true, '   ', 'Grow my network', false],
    [true, 'Engineer', '\n', false],
  ])('consent %s, title %j, goal %j: %s', (consent_granted, job_title, goal, ok) => {
    expect(validateAiSettings({ consent_granted, job_title, goal })).toEqual(
      ok ? { ok: true } : { ok: false, error: 'ai.incomplete' },
    );
  });
});
