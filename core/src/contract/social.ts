/**
 * Linked social networks (accounts spec 2, 3, 7; content-library "Network pages modal"):
 * link status per network, linking through the network's OAuth 2.0 consent (the embedded
 * sandbox network until a real client is configured), unlinking, and choosing the Facebook
 * business page or LinkedIn company page to post as. Tokens never leave the server.
 */
import { z } from 'zod';
import { SHAREABLE_NETWORK_SLUGS, type ShareableNetworkId } from '../domain/enums.ts';
import { safeNextPath } from '../validation/safe-next-path.ts';

/** The networks that can be linked, by the slug used in paths such as /social/link-{network}. */
export const LINKABLE_NETWORKS = ['twitter', 'facebook', 'linkedin'] as const;
export const LinkableNetwork = z.enum(LINKABLE_NETWORKS);
export type LinkableNetwork = z.infer<typeof LinkableNetwork>;

/** Networks that offer pages to post as: Facebook business pages and LinkedIn company pages. */
export const PAGE_NETWORKS: readonly LinkableNetwork[] = ['facebook', 'linkedin'];

/** The company feature toggle that enables each network. */
export const NETWORK_TOGGLES = {
  twitter: 'twitter_enabled',
  facebook: 'facebook_enabled',
  linkedin: 'linkedin_enabled',
} as const satisfies Record<LinkableNetwork, string>;

/** The network id (1 Twitter, 2 Facebook, 3 LinkedIn) of a slug. */
export function networkIdOfSlug(slug: LinkableNetwork): ShareableNetworkId {
  const entry = Object.entries(SHAREABLE_NETWORK_SLUGS).find(([, value]) => value === slug);
  return Number(entry?.[0] ?? 1) as ShareableNetworkId;
}

/** A page (Facebook) or company page (LinkedIn) of a linked account. */
export const SocialPage = z.object({
  id: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  picture: z.string().nullable(),
});
export type SocialPage = z.infer<typeof SocialPage>;

/** A linked network. `page_id` is the chosen page; null posts as the personal account. */
export const LinkedNetwork = z.object({
  /** The account's id at the network. */
  id: z.string(),
  username: z.string(),
  /** The same as username (the spec names both). */
  linkedAccountName: z.string(),
  picture: z.string().nullable(),
  /** False when the network refused the token: the user should relink. */
  is_active: z.boolean(),
  pages: z.array(SocialPage),
  page_id: z.string().nullable(),
});
export type LinkedNetwork = z.infer<typeof LinkedNetwork>;

/** An unlinked network is an empty object. */
export const UnlinkedNetwork = z.object({}).strict();

/** The spec's "Social network link": the linked account, or an empty object. */
export const SocialNetworkLink = z.union([LinkedNetwork, UnlinkedNetwork]);
export type SocialNetworkLink = z.infer<typeof SocialNetworkLink>;

/** True for a linked network (the empty object is not). */
export function isLinkedNetwork(link: SocialNetworkLink | undefined): link is LinkedNetwork {
  return link !== undefined && 'id' in link;
}

/** GET /api/v1/social/networks: one entry per network the company enables (others are absent). */
export const SocialNetworksResponse = z.object({
  twitter: SocialNetworkLink.optional(),
  facebook: SocialNetworkLink.optional(),
  linkedin: SocialNetworkLink.optional(),
});
export type SocialNetworksResponse = z.infer<typeof SocialNetworksResponse>;

/** GET /api/v1/social/networks/facebook: the Facebook status; both null when not linked. */
export const FacebookStatusResponse = z.object({ page_id: z.string().nullable(), id: z.string().nullable() });
export type FacebookStatusResponse = z.infer<typeof FacebookStatusResponse>;

const Flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional();

/** True for the flag forms clients send (true, 1, '1'). */
export function flagIsSet(flag: z.infer<typeof Flag>): boolean {
  return flag === true || flag === 1 || flag === '1';
}

/**
 * POST /api/v1/social/link-{network}: starts linking. `is_element` when the app runs embedded,
 * `onboarding` to come back to onboarding instead of the settings page.
 */
export const LinkNetworkRequest = z.object({
  is_element: Flag,
  onboarding: Flag,
  /**
   * Where to come back to instead of the settings page: only the share and queue resume routes
   * (`/post-share/...`, `/post-defer/...`), which reopen the modal with the caption kept.
   */
  return_to: z.string().max(2048).optional(),
});
export type LinkNetworkRequest = z.input<typeof LinkNetworkRequest>;

/** The resume routes a link may come back to (content-library spec 2). */
const LINK_RETURN_PREFIXES = ['/post-share/', '/post-defer/'] as const;

/** The path a link comes back to, when `return_to` is a safe resume route; else null. */
export function linkReturnPath(returnTo: string | undefined): string | null {
  const path = safeNextPath(returnTo);
  return path !== null && LINK_RETURN_PREFIXES.some((prefix) => path.startsWith(prefix)) ? path : null;
}

/** The answer of link-{network}: where the browser goes to give consent. */
export const LinkNetworkResponse = z.object({ url: z.string() });
export type LinkNetworkResponse = z.infer<typeof LinkNetworkResponse>;

/** POST /api/v1/social/unlink-{network}: the answer once the link is gone. */
export const UnlinkNetworkResponse = z.object({ success: z.literal(true) });
export type UnlinkNetworkResponse = z.infer<typeof UnlinkNetworkResponse>;

/**
 * POST /api/v1/social/use-page: `use-page` chooses a Facebook page, `use-company` a LinkedIn
 * company page; null ('Use my personal account') posts as the person again.
 */
export const UsePageRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('use-page'), page: z.string().min(1).max(200).nullable() }),
  z.object({ action: z.literal('use-company'), company: z.string().min(1).max(200).nullable() }),
]);
export type UsePageRequest = z.infer<typeof UsePageRequest>;

/** The network of a use-page action. */
export function usePageNetwork(action: UsePageRequest['action']): 'facebook' | 'linkedin' {
  return action === 'use-page' ? 'facebook' : 'linkedin';
}

/** The answer of use-page: the network's link with its new page. */
export const UsePageResponse = LinkedNetwork;
export type UsePageResponse = z.infer<typeof UsePageResponse>;

/** GET /api/v1/social/callback/{network}: the network's answer to a link (a code, or an error). */
export const SocialLinkCallbackQuery = z.object({
  state: z.string().max(100).default(''),
  code: z.string().max(100).optional(),
  error: z.string().max(100).optional(),
});
export type SocialLinkCallbackQuery = z.infer<typeof SocialLinkCallbackQuery>;
