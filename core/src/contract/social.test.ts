import { describe, expect, it } from 'vitest';
import { isLinkedNetwork, networkIdOfSlug, SocialNetworksResponse, UsePageRequest, usePageNetwork } from './social.ts';

describe('social network contract', () => {
  it('maps slugs to the spec network ids', () => {
    expect([networkIdOfSlug('twitter'), networkIdOfSlug('facebook'), networkIdOfSlug('linkedin')]).toEqual([1, 2, 3]);
  });

  it('tells a linked network from the empty object', () => {
    const response = SocialNetworksResponse.parse({
      twitter: {},
      linkedin: { id: 'x', username: 'Sam', linkedAccountName: 'Sam', picture: null, is_active: true, pages: [], page_id: null },
    });
    expect(isLinkedNetwork(response.twitter)).toBe(false);
    expect(isLinkedNetwork(response.linkedin)).toBe(true);
    expect(isLinkedNetwork(response.facebook)).toBe(false);
  });

  it('refuses a link carrying anything but the spec fields when empty', () => {
    expect(SocialNetworksResponse.safeParse({ twitter: { access_token: 'secret' } }).success).toBe(false);
  });

  it.each([
    [{ action: 'use-page', page: 'p1' }, 'facebook'],
    [{ action: 'use-company', company: null }, 'linkedin'],
  ] as const)('use-page %j acts on %s', (body, network) => {
    expect(usePageNetwork(UsePageRequest.parse(body).action)).toBe(network);
  });
});
