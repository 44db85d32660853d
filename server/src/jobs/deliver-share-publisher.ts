/**
 * The delivery engine's way to a network: the connector registry (fresh tokens under the link's
 * lock, relink marking) and, for X's real API, the app-wide posting budget. Kept apart from the
 * engine so the engine's states and the network calls are read in one place each.
 */
import { SHAREABLE_NETWORK_SLUGS, type LinkableNetwork, type ShareableNetworkId } from '@chorus/core';
import { eq } from 'drizzle-orm';
import { connectorFor, withFreshAccount, type ConnectorDeps } from '../connectors/registry.ts';
import type { PublishOutcome, PublishRequest } from '../connectors/types.ts';
import { takeXBudgets, type XBudgetLimits } from '../connectors/x/budget.ts';
import { publishedText } from '../commands/published-text.ts';
import { mediaFor } from '../commands/share-now.ts';
import type { ShareMediaConfig } from '../commands/share-media.ts';
import { trackedLinkFor, trackedUrl } from '../commands/share-links.ts';
import { companies, posts, type ShareRow } from '../db/schema.ts';
import type { MediaStore } from '../lib/media-store.ts';
import type { SharePublisher } from './deliver-share.ts';

/** How long a share waits when X's app-wide or per-person budget is spent (its shortest window). */
export const X_BUDGET_WAIT_MS = 15 * 60_000;

function slugOf(network: number): LinkableNetwork {
  return SHAREABLE_NETWORK_SLUGS[network as ShareableNetworkId];
}

/**
 * What a queued share publishes, built as share now builds it (caption with hashtags and, on X,
 * the person's tracked link; LinkedIn mention markup; the post's media), so both publish the same.
 */
async function requestOf(deps: PublisherDeps, share: ShareRow): Promise<PublishRequest | null> {
  const [row] = await deps.db.select({ post: posts, company: companies }).from(posts).innerJoin(companies, eq(companies.id, posts.companyId)).where(eq(posts.id, share.postId)).limit(1);
  if (!row || share.userId === null) return null;
  const { post, company } = row;
  const network = slugOf(share.network);
  const link = post.url === null ? null : await trackedLinkFor(deps.db, { companyId: company.id, userId: share.userId, postId: post.id, channel: share.channel, network: share.network });
  const tracked = link === null ? null : trackedUrl(deps.config, company, link.code);
  const media = await mediaFor(deps, company, post);
  return {
    ...publishedText(network, post, share.content, share.mentions, tracked),
    link: network === 'twitter' ? null : tracked,
    linkPreview: share.snippet === null ? null : { title: share.snippet.title, description: share.snippet.description, imageUrl: share.snippet.image },
    images: media.images,
    video: media.video,
    shareId: share.id,
  };
}

/** What the publisher needs: the connectors' and share now's configuration, and the media store. */
export type PublisherDeps = ConnectorDeps & { config: ConnectorDeps['config'] & ShareMediaConfig; media: MediaStore; xBudget?: XBudgetLimits };

/** The publisher of the worker role, on the connector registry. */
export function connectorPublisher(deps: PublisherDeps): SharePublisher {
  return {
    async budget(batch) {
      const ok = { kind: 'ok' } as const;
      const taking = batch.filter((share) => {
        const network = slugOf(share.network);
        const connector = connectorFor(deps, network);
        return network === 'twitter' && connector !== null && !connector.sandbox && share.userId !== null;
      });
      const taken = await takeXBudgets(
        deps.db,
        taking.map((share) => share.userId ?? 0),
        deps.xBudget,
      );
      const byShare = new Map(taking.map((share, i) => [share.id, taken[i]]));
      return batch.map((share) => {
        const result = byShare.get(share.id);
        if (result === undefined || result.kind === 'ok') return ok;
        return { kind: 'later', waitMs: X_BUDGET_WAIT_MS, scope: result.scope } as const;
      });
    },
    async publish(share) {
      const request = await requestOf(deps, share);
      if (request === null) return { kind: 'rejected', code: 202, detail: 'The sharer or the post is gone.' };
      if (share.userId === null) return { kind: 'rejected', code: 202, detail: 'The sharer is gone.' };
      const result = await withFreshAccount(deps, { userId: share.userId, companyId: share.companyId, network: slugOf(share.network) }, (connector, account) => connector.publish(account, request));
      switch (result.kind) {
        case 'done':
          return result.value;
        case 'not_linked':
        case 'relink':
          return { kind: 'relink', detail: result.kind === 'relink' ? result.detail : 'The network is not linked.' } satisfies PublishOutcome;
        case 'unavailable':
          return { kind: 'rejected', code: 202, detail: 'The network cannot be reached from this server.' };
        case 'retryable':
          return { kind: 'retryable', detail: result.detail };
      }
    },
    async metrics(share) {
      if (share.userId === null || share.networkPostId === null) return null;
      const networkPostId = share.networkPostId;
      const result = await withFreshAccount(deps, { userId: share.userId, companyId: share.companyId, network: slugOf(share.network) }, (connector, account) => connector.metrics(account, networkPostId));
      return result.kind === 'done' ? result.value : null;
    },
    async findRecent(share) {
      if (share.userId === null || share.publishingAt === null) return null;
      const since = new Date(share.publishingAt.getTime() - 60_000);
      const request = await requestOf(deps, share);
      if (request === null) return null;
      const result = await withFreshAccount(deps, { userId: share.userId, companyId: share.companyId, network: slugOf(share.network) }, (connector, account) => connector.findRecent(account, request.text, since, request.link, request.mentions));
      return result.kind === 'done' ? result.value : null;
    },
  };
}
