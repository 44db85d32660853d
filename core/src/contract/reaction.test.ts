import { describe, expect, it } from 'vitest';
import { Network } from '../domain/enums.ts';
import { SHARER_NETWORK_ICONS, sharerNetworkIcons } from './reaction.ts';

const { TWITTER: X, FACEBOOK: F, LINKEDIN: L } = Network;

describe('reactions modal: a sharer’s network icons', () => {
  it('shows up to 4 icons (spec 9)', () => {
    expect(SHARER_NETWORK_ICONS).toBe(4);
  });

  // One icon per share, newest first; '+N' counts the shares past the fourth icon.
  it.each([
    [[], [], 0],
    [[L], [L], 0],
    [[L, X, F], [L, X, F], 0],
    [[L, L, X, F], [L, L, X, F], 0],
    [[L, L, X, F, L], [L, L, X, F], 1],
    [[X, X, X, X, X, X, F], [X, X, X, X], 3],
  ])('shares %j show %j then +%i', (networks, shown, more) => {
    expect(sharerNetworkIcons(networks)).toEqual({ shown, more });
  });
});
