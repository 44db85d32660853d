/**
 * Share now (content-library spec 4 "Share", 5, 8; issue 14 "Share now"): v3
 * `POST /share/{network}/{postId}`. The checks of share-checks.ts answer first, then how the
 * share can be made: through the network's API, through its own share page (an intent: a
 * Facebook profile, X without an app or past its budget), or not before the person links (or
 * relinks) the network (203). An API share is committed as `publishing` before the network is
 * called, so a crash can never re-send it blindly; the outcome then moves it to `published`,
 * `failed` or `unconfirmed` with its event in one transaction. A native video still
 * processing on the network stays `publishing` with its poll handle, and a job finishes it.
 */
import { ErrorCode, networkIdOfSlug, postShareResumePath, type LinkableNetwork, type Mention, type ShareOutcomeData, type ShareRequestParsed } from '@chorus/core';
import { eq, sql } from 'drizzle-orm';
import { connectorFor, markRelinkNeeded, withFreshAccount, type ConnectorDeps } from '../connectors/registry.ts';
import type { ConnectorAccount, ConnectorMedia, PublishOutcome, PublishRequest } from '../connectors/types.ts';
import { takeXBudget } from '../connectors/x/budget.ts';
import { posts, shares, type CompanyRow, type PostRow, type ShareRow, type UserRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { MediaStore } from '../lib/media-store.ts';
import { recordShareOutcome } from '../lib/metrics.ts';
import { storedReason, type ShareReasonKind } from '../presenters/share.ts';
import { lookUpMentions } from './mention-search.ts';
import { publishedText } from './published-text.ts';
import { checkShare, isNativeVideo } from './share-checks.ts';
import { recordEvents } from './share-events.ts';
import { openShareIntent, type OpenedIntent } from './share-intents.ts';
import { trackedLinkFor, trackedUrl } from './share-links.ts';
import { shareMedia, type ShareMediaConfig } from './share-media.ts';
import { linkOf, startSocialLink, type SocialLinkContext } from './social-link.ts';

/** What sharing needs from the app. */
export interface ShareDeps extends ConnectorDeps {
  config: ConnectorDeps['config'] & SocialLinkContext['config'] & ShareMediaConfig;
  /** Where the post's media files are read from (the local folder or the S3 bucket). */
  media: MediaStore;
  /** Starts the job that follows a processing native video; null where no job system runs. */
  enqueueVideoPoll: ((shareId: number, afterMs: number) => Promise<void>) | null;
}

/** How a share request ended (the route presents it). */
export type ShareNowResult =
  | { kind: 'shared'; share: ShareRow; count: number }
  | { kind: 'processing'; share: ShareRow; count: number }
  | { kind: 'intent'; intent: OpenedIntent; count: number }
  | { kind: 'authorize'; url: string };

/** How the share can be made, decided before anything is written. */
type Route = { kind: 'api' } | { kind: 'intent'; reason: string } | { kind: 'authorize' };

async function postCount(deps: ShareDeps, postId: number): Promise<number> {
  const [row] = await deps.db.select({ n: posts.shareCount }).from(posts).where(eq(posts.id, postId)).limit(1);
  return row?.n ?? 0;
}

/** The link flow's url, returning to the modal with the caption and mentions kept. */
async function authorizeUrl(deps: ShareDeps, company: CompanyRow, userId: number, network: LinkableNetwork, postId: number, content: string, mentions: readonly Mention[]): Promise<string> {
  return startSocialLink(deps, company, userId, network, { isElement: false, onboarding: false, returnTo: postShareResumePath(network, postId, content, mentions) });
}

/** API, intent or authorize first, from the link, the network's app and X's budget. */
async function routeOf(deps: ShareDeps, company: CompanyRow, user: UserRow, post: PostRow, network: LinkableNetwork): Promise<Route> {
  const connector = connectorFor(deps, network);
  const link = await linkOf(deps.db, user.id, network);
  if (network === 'facebook') {
    // Facebook lets apps post to pages only; a personal profile shares through the dialog.
    if (connector === null || link === null || link.pageId === null) {
      if (isNativeVideo(company, post)) throw new ApiError(ErrorCode.VIDEO_UNAVAILABLE, 'Native video to Facebook needs a page.');
      return { kind: 'intent', reason: link === null || link.pageId === null ? 'facebook_profile' : 'no_facebook_app' };
    }
  }
  if (network === 'twitter' && connector === null) return { kind: 'intent', reason: 'no_x_app' };
  if (link === null || !link.isActive || connector === null) return { kind: 'authorize' };
  if (network === 'twitter' && !connector.sandbox) {
    const budget = await takeXBudget(deps.db, user.id);
    if (budget.kind === 'spent') return { kind: 'intent', reason: `x_budget_${budget.scope}` };
  }
  return { kind: 'api' };
}

/** The post's images, or its video when it is shared as a native video. */
export async function mediaFor(deps: Pick<ShareDeps, 'config' | 'media'>, company: CompanyRow, post: PostRow): Promise<{ images: ConnectorMedia[]; video: ConnectorMedia | null }> {
  if (isNativeVideo(company, post)) {
    const source = post.media.videos[0];
    const video = await shareMedia(deps.media, deps.config, company, source?.mp4 ?? source?.mov ?? null);
    if (video === null) throw new ApiError(ErrorCode.VIDEO_UNAVAILABLE);
    return { images: [], video };
  }
  const images = await Promise.all(post.media.images.map((image) => shareMedia(deps.media, deps.config, company, image.original)));
  return { images: images.filter((image): image is ConnectorMedia => image !== null), video: null };
}

/** The events a share outcome writes (each with the outcome's ShareOutcomeData). */
type OutcomeEventKind = 'share_published' | 'share_failed' | 'share_unconfirmed' | 'relink_needed' | 'video_share_processing' | 'video_share_succeeded' | 'video_share_failed';

/** The row changes and events of an outcome. */
interface Settled {
  values: Partial<typeof shares.$inferInsert>;
  events: OutcomeEventKind[];
}

function failed(kind: ShareReasonKind, code: number, detail: string): Settled {
  return { values: { state: 'failed', errorCode: code, errorReason: storedReason(kind, detail) }, events: ['share_failed'] };
}

/** Where an outcome moves the share; a native video's end also records its video event. */
function settle(outcome: PublishOutcome, video: boolean): Settled {
  const settled = settleShare(outcome);
  if (!video || outcome.kind === 'processing') return settled;
  return { ...settled, events: [...settled.events, outcome.kind === 'published' ? 'video_share_succeeded' : 'video_share_failed'] };
}

function settleShare(outcome: PublishOutcome): Settled {
  switch (outcome.kind) {
    case 'published':
      return {
        values: { state: 'published', networkPostId: outcome.networkPostId, networkUrl: outcome.url, errorCode: null, errorReason: null, publishedAt: new Date() },
        events: ['share_published'],
      };
    case 'processing':
      return { values: { networkPostId: outcome.networkPostId, pollState: outcome.poll.state, errorReason: storedReason('processing') }, events: ['video_share_processing'] };
    case 'duplicate':
      return failed('duplicate', ErrorCode.DUPLICATE_POST, outcome.detail);
    case 'relink':
      return { ...failed('relink', ErrorCode.REDIRECT, outcome.detail), events: ['share_failed', 'relink_needed'] };
    case 'rate_limited':
      return failed('rate_limited', ErrorCode.UNKNOWN, `${outcome.detail} (retry after ${outcome.retryAfterMs} ms)`);
    case 'rejected':
      return failed('rejected', outcome.code, outcome.detail);
    case 'retryable':
      return failed('retryable', ErrorCode.UNKNOWN, outcome.detail);
    case 'unconfirmed':
      return { values: { state: 'unconfirmed', errorReason: storedReason('unconfirmed', outcome.detail) }, events: ['share_unconfirmed'] };
  }
}

/** Moves a share by its outcome and records the events, in one transaction, then counts the outcome (metrics). */
export async function recordOutcome(deps: Pick<ShareDeps, 'db'>, share: ShareRow, outcome: PublishOutcome, extra: { audience?: number | null; video: boolean }): Promise<ShareRow> {
  const settled = settle(outcome, extra.video);
  const eventData: ShareOutcomeData = { shareId: share.id, method: share.method, channel: share.channel };
  if (outcome.kind !== 'published' && outcome.kind !== 'processing') eventData.reason = outcome.kind;
  if (outcome.kind === 'published') eventData.url = outcome.url;
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(shares)
      .set({ ...settled.values, ...(extra.audience === undefined ? {} : { audience: extra.audience }), updated: sql`now()` })
      .where(eq(shares.id, share.id))
      .returning();
    if (!updated) throw new Error(`share ${share.id} vanished while publishing`);
    await recordEvents(
      tx,
      settled.events.map((kind) => ({ companyId: share.companyId, userId: share.userId, postId: share.postId, network: share.network, kind, data: eventData })),
    );
    return updated;
  });
  // Counted once committed; a video still processing is counted when its poll settles it.
  recordShareOutcome(row.network, row.state);
  return row;
}

/** The account's audience at share time; a network that will not say leaves it unknown. */
async function audienceOf(connector: { audience(account: ConnectorAccount): Promise<number | null> }, account: ConnectorAccount): Promise<number | null> {
  try {
    return await connector.audience(account);
  } catch {
    return null;
  }
}

/** Runs the whole share-now request for the signed-in person. */
export async function shareNow(deps: ShareDeps, company: CompanyRow, user: UserRow, network: LinkableNetwork, postId: number, input: ShareRequestParsed): Promise<ShareNowResult> {
  // An unlinked network is not refused here: the person is sent to link it (routeOf).
  const { post, caption, mentions } = await checkShare(deps.db, {
    company,
    userId: user.id,
    postId,
    network,
    content: input.content,
    mentions: input.mentions,
    snippet: input.snippet,
    lookUpMentions: (given) => lookUpMentions(deps.db, deps.config, user.id, given),
    when: 'now',
    needsLink: false,
  });

  const route = await routeOf(deps, company, user, post, network);
  if (route.kind === 'authorize') return { kind: 'authorize', url: await authorizeUrl(deps, company, user.id, network, post.id, input.content, mentions) };
  if (route.kind === 'intent') {
    const intent = await openShareIntent(deps, { company, userId: user.id, post, network, channel: input.channel_id, content: caption, reason: route.reason });
    return { kind: 'intent', intent, count: await postCount(deps, post.id) };
  }

  const networkId = networkIdOfSlug(network);
  const media = await mediaFor(deps, company, post);
  const link = post.url === null ? null : await trackedLinkFor(deps.db, { companyId: company.id, userId: user.id, postId: post.id, channel: input.channel_id, network: networkId });
  const tracked = link === null ? null : trackedUrl(deps.config, company, link.code);
  const current = await linkOf(deps.db, user.id, network);
  // Committed before the network is called: whatever happens next, this row says it may have gone.
  const [share] = await deps.db
    .insert(shares)
    .values({
      companyId: company.id,
      userId: user.id,
      postId: post.id,
      network: networkId,
      state: 'publishing',
      method: 'api',
      channel: input.channel_id,
      pageId: current?.pageId ?? null,
      content: caption,
      mentions,
      snippet: input.snippet,
      aiGenerated: input.ai_generated,
      aiEfficacy: input.ai_efficacy,
      linkId: link?.id ?? null,
      attempts: 1,
      publishingAt: sql`now()`,
    })
    .returning();
  if (!share) throw new Error('share insert returned nothing');

  const request: PublishRequest = {
    ...publishedText(network, post, caption, mentions, tracked),
    link: network === 'twitter' ? null : tracked,
    linkPreview: input.snippet === null ? null : { title: input.snippet.title, description: input.snippet.description, imageUrl: input.snippet.image },
    images: media.images,
    video: media.video,
    shareId: share.id,
  };
  let result;
  try {
    result = await withFreshAccount(deps, { userId: user.id, companyId: company.id, network }, async (connector, account) => {
      const outcome = await connector.publish(account, request);
      const audience = outcome.kind === 'published' || outcome.kind === 'processing' ? await audienceOf(connector, account) : undefined;
      return { outcome, audience };
    });
  } catch (error) {
    // The request may have reached the network before the failure: never re-send, say so.
    const detail = error instanceof Error ? error.message : 'publishing failed';
    await recordOutcome(deps, share, { kind: 'unconfirmed', detail }, { video: media.video !== null });
    throw error;
  }
  if (result.kind !== 'done') {
    // Nothing reached the network: the link is gone, inactive or lapsed, or the connector went away.
    const outcome: PublishOutcome = result.kind === 'retryable' ? { kind: 'retryable', detail: result.detail } : result.kind === 'relink' ? { kind: 'relink', detail: result.detail } : { kind: 'rejected', code: ErrorCode.UNKNOWN, detail: result.kind };
    await recordOutcome(deps, share, outcome, { video: media.video !== null });
    if (outcome.kind === 'relink' || result.kind === 'not_linked') return { kind: 'authorize', url: await authorizeUrl(deps, company, user.id, network, post.id, input.content, mentions) };
    throw new ApiError(ErrorCode.UNKNOWN);
  }
  const { outcome, audience } = result.value;
  // withFreshAccount sees our wrapper, not the outcome: the relink marking is ours here.
  if (outcome.kind === 'relink') await markRelinkNeeded(deps.db, result.link.id);
  const settledRow = await recordOutcome(deps, share, outcome, { audience, video: media.video !== null });
  switch (outcome.kind) {
    case 'published':
    case 'unconfirmed':
      return { kind: 'shared', share: settledRow, count: await postCount(deps, post.id) };
    case 'processing':
      if (deps.enqueueVideoPoll !== null) await deps.enqueueVideoPoll(share.id, outcome.poll.afterMs);
      return { kind: 'processing', share: settledRow, count: await postCount(deps, post.id) };
    case 'relink':
      return { kind: 'authorize', url: await authorizeUrl(deps, company, user.id, network, post.id, input.content, mentions) };
    case 'duplicate':
      throw new ApiError(ErrorCode.DUPLICATE_POST);
    case 'rejected':
      throw new ApiError(outcome.code);
    case 'rate_limited':
    case 'retryable':
      throw new ApiError(ErrorCode.UNKNOWN);
  }
}

