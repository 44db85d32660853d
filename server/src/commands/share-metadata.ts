/**
 * What the share modal needs about a post (v5 `GET /post/{postId}/metadata`, spec 3 "Network
 * edit entry"): per network the company enables, the person's draft (else the post's suggested
 * caption for the network, else its text, with its hashtags: core's startingCaption),
 * whether they shared it there, whether and how Share Now can go (API or the network's own
 * share page), why not, the page posted as, the queue entry and any video still processing.
 */
import { networkIdOfSlug, SHAREABLE_NETWORK_KEYS, ShareFlowType, type NetworkMetadata, type PostMetadataResponse } from '@chorus/core';
import { CAPTION_LIMITS } from '@chorus/core/caption-length';
import { startingCaption } from '@chorus/core/post-draft';
import { and, eq, inArray } from 'drizzle-orm';
import { connectorFor, type ConnectorDeps } from '../connectors/registry.ts';
import { shares, type CompanyRow, type UserRow } from '../db/schema.ts';
import { hashtagsString } from '../presenters/post.ts';
import { isInternalPost, isNativeVideo, networkAllowed, sharablePost, SHARE_NETWORKS } from './share-checks.ts';
import { draftsOf } from './share-drafts.ts';
import { trackedLinkFor, trackedUrl } from './share-links.ts';
import { enabledNetworks, linksOf } from './social-link.ts';

/** The share modal's view of a post for the signed-in person. */
export async function postShareMetadata(deps: ConnectorDeps, company: CompanyRow, user: UserRow, postId: number): Promise<PostMetadataResponse> {
  const post = await sharablePost(deps.db, company, postId);
  const [links, drafts, own] = await Promise.all([
    linksOf(deps.db, user.id),
    draftsOf(deps.db, company.id, user.id, post.id),
    deps.db
      .select({ id: shares.id, network: shares.network, state: shares.state, scheduledAt: shares.scheduledAt, pollState: shares.pollState })
      .from(shares)
      .where(and(eq(shares.companyId, company.id), eq(shares.userId, user.id), eq(shares.postId, post.id), inArray(shares.state, ['queued', 'published', 'publishing']))),
  ]);
  const sharingEnabled = company.featureToggles.sharing_enabled;
  const enabled = new Set(enabledNetworks(company));
  const networks: NetworkMetadata[] = SHARE_NETWORKS.filter((network) => enabled.has(network)).map((network) => {
    const networkId = networkIdOfSlug(network);
    const link = links.get(network) ?? null;
    const mine = own.filter((row) => row.network === networkId);
    const queued = mine.find((row) => row.state === 'queued') ?? null;
    const page = link?.pageId ? (link.pages.find((p) => p.id === link.pageId) ?? null) : null;
    const connector = connectorFor(deps, network);
    // The same choice as share-now.ts: Facebook profiles and X without an app share through the network's page.
    const intent = (network === 'facebook' && (connector === null || link === null || link.pageId === null) && !isNativeVideo(company, post)) || (network === 'twitter' && connector === null);
    const disabled = !sharingEnabled || !networkAllowed(company, post, network);
    const blocked = disabled ? 'disabled' : intent ? null : link === null ? 'unlinked' : !link.isActive ? 'inactive' : null;
    const draft = drafts.get(networkId);
    return {
      networkId,
      name: SHAREABLE_NETWORK_KEYS[networkId],
      content: draft?.content ?? startingCaption(post, network),
      mentions: draft?.mentions ?? [],
      hashtags: hashtagsString(post.hashtags),
      shared: mine.some((row) => row.state === 'published'),
      canShare: blocked === null && (intent || connector !== null),
      canQueue: queued === null && !disabled,
      blocked,
      method: intent ? 'intent' : 'api',
      page: page === null ? null : { id: page.id, name: page.name },
      deferredPostId: queued?.id ?? null,
      deferredPostDate: queued?.scheduledAt?.toISOString() ?? null,
      isShareProcessing: mine.some((row) => row.state === 'publishing' && row.pollState !== null),
      maxLength: CAPTION_LIMITS[network],
    };
  });
  const link = post.url === null || isInternalPost(post) ? null : await trackedLinkFor(deps.db, { companyId: company.id, userId: user.id, postId: post.id, channel: ShareFlowType.feedOrTopic, network: null });
  return {
    post_id: post.id,
    // Every post's text may be edited before sharing (as the post presenter says).
    editable: true,
    url: post.url,
    tracked_url: link === null ? null : trackedUrl(deps.config, company, link.code),
    sharing_enabled: sharingEnabled,
    networks,
  };
}
