/** The share routes' link parameters (`/post-share/{network}/{postId}?type_id`), read by the share and My Shares screens. */
import { SHAREABLE_NETWORK_SLUGS, type ShareableNetworkId } from '@chorus/core';

/** A network named in a link (`twitter`, `TWITTER` or `1`), or null. */
export function networkFromParam(value: string | null | undefined): ShareableNetworkId | null {
  if (!value) return null;
  const lower = value.toLowerCase();
  for (const [id, slug] of Object.entries(SHAREABLE_NETWORK_SLUGS)) {
    if (slug === lower || id === value) return Number(id) as ShareableNetworkId;
  }
  return null;
}

/** The share-flow type of a link's `type_id` (spec 3, 0 to 9), or undefined. */
export function channelFromParam(value: string | null | undefined): number | undefined {
  return value !== null && value !== undefined && /^\d$/.test(value) ? Number(value) : undefined;
}
