import { describe, expect, it } from 'vitest';
import { CsEventRequest, needsOnboarding } from './onboarding.ts';

describe('onboarding contract', () => {
  it.each([
    [false, [], true],
    [false, [{ event: 'skipped' as const }], false],
    [false, [{ event: 'finished' as const }], false],
    [true, [], false],
  ])('skip_onboarding %s with events %j needs onboarding: %s', (skip, objects, expected) => {
    expect(needsOnboarding(skip, { objects })).toBe(expected);
  });

  it('accepts only the onboarding events', () => {
    expect(CsEventRequest.safeParse({ event: 'finished' }).success).toBe(true);
    expect(CsEventRequest.safeParse({ event: 'started' }).success).toBe(false);
  });
});
