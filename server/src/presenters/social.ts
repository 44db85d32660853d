/** Linked social networks as the client sees them: never with tokens. */
import type { FacebookStatusResponse, LinkableNetwork, LinkedNetwork, SocialNetworksResponse } from '@chorus/core';
import type { SocialAccountRow } from '../db/schema.ts';

/** The spec's "Social network link" of a stored account. */
export function presentLinkedNetwork(row: SocialAccountRow): LinkedNetwork {
  return {
    id: row.externalId,
    username: row.username,
    linkedAccountName: row.username,
    picture: row.picture,
    is_active: row.isActive,
    pages: row.pages.map((page) => ({ id: page.id, name: page.name, is_active: row.isActive, picture: page.picture })),
    page_id: row.pageId,
  };
}

/** GET /social/networks: each enabled network, linked or an empty object. */
export function presentSocialNetworks(enabled: readonly LinkableNetwork[], links: ReadonlyMap<LinkableNetwork, SocialAccountRow>): SocialNetworksResponse {
  const response: SocialNetworksResponse = {};
  for (const network of enabled) {
    const row = links.get(network);
    response[network] = row ? presentLinkedNetwork(row) : {};
  }
  return response;
}

/** GET /social/networks/facebook */
export function presentFacebookStatus(row: SocialAccountRow | null): FacebookStatusResponse {
  return { page_id: row?.pageId ?? null, id: row?.externalId ?? null };
}
