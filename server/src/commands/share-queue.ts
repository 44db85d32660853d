/**
 * Queue and schedule (content-library spec 4 "Queue", 5 "Schedule time", 8 the queue codes;
 * issue 15): a share row in `queued` with its time, which the delivery engine publishes then.
 * A post is queued once per network per person (a partial unique index keeps two requests from
 * both succeeding); the caption is checked as share now checks it.
 */
import {
  ErrorCode,
  isShareableNetwork,
  networkIdOfSlug,
  SHAREABLE_NETWORK_SLUGS,
  nextQueueSlot,
  postDeferResumePath,
  type LinkableNetwork,
  type Mention,
  type SnippetChoice,
} from '@chorus/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { connectorFor, type ConnectorDeps } from '../connectors/registry.ts';
import { shares, type CompanyRow, type PostRow, type ShareRow, type UserRow } from '../db/schema.ts';
import { SqlState, sqlState } from '../db/sql-errors.ts';
import { ApiError, notFound } from '../errors.ts';
import type { JobQueue } from '../lib/context.ts';
import { isRetryable, storedReason } from '../presenters/share.ts';
import { lookUpMentions } from './mention-search.ts';
import { recordEvent, recordEvents, type EventInput } from './share-events.ts';
import { captionToShare, checkShare, livePost, recheckShare, requireShareableCaption } from './share-checks.ts';
import { linkOf, startSocialLink, type SocialLinkContext } from './social-link.ts';

/** What queueing needs. */
export interface QueueDeps extends ConnectorDeps {
  config: ConnectorDeps['config'] & SocialLinkContext['config'];
  jobs: JobQueue | null;
}

/** What the person asked to queue. */
export interface QueueInput {
  network: LinkableNetwork;
  postId: number;
  channel: number;
  content: string;
  mentions: Mention[];
  snippet: SnippetChoice | null;
  aiGenerated: boolean;
  aiEfficacy: number;
}

/** How a queue request ended. */
export type QueueResult = { kind: 'queued'; share: ShareRow } | { kind: 'authorize'; url: string };

/** How a queue request made for someone else differs from the person's own. */
export interface QueueOptions {
  /** The person is not here to link the network: refuse with 310 instead of answering 418's url. */
  refuseUnlinked?: boolean;
  /** Events to record with the queued share, in its transaction. */
  alsoRecord?: (share: ShareRow) => EventInput[];
}

/** The company's live post (it may start later: 656 says so for the chosen time). */
export async function queueablePost(deps: Pick<QueueDeps, 'db'>, company: CompanyRow, postId: number): Promise<PostRow> {
  return livePost(deps.db, company, postId, 'later');
}

/** 657 when the time has passed, 655 when the post expires first, 656 when it starts after. */
export function requireQueueTime(post: Pick<PostRow, 'start' | 'expiration'>, at: Date, now: Date = new Date()): void {
  if (at.getTime() <= now.getTime()) throw new ApiError(ErrorCode.QUEUE_TIME_PASSED);
  if (post.expiration !== null && post.expiration.getTime() <= at.getTime()) throw new ApiError(ErrorCode.EXPIRES_BEFORE_SHARE);
  if (post.start.getTime() > at.getTime()) throw new ApiError(ErrorCode.NOT_AVAILABLE_UNTIL_AFTER);
}

/** The person's queued shares' times on a network: those slots are taken. */
async function takenSlots(deps: QueueDeps, userId: number, networkId: number): Promise<Date[]> {
  const rows = await deps.db
    .select({ at: shares.scheduledAt })
    .from(shares)
    .where(and(eq(shares.userId, userId), eq(shares.network, networkId), eq(shares.state, 'queued')));
  return rows.flatMap((row) => (row.at === null ? [] : [row.at]));
}

/**
 * Queues a share of the post at `at`, or (`at` null) at the next free slot of the person's queue
 * settings for the network in their time zone (417 when they give none). 418 with the link url
 * when the network is not linked; 419 (schedule) or 658 (queue) when already queued.
 */
export async function queueShare(deps: QueueDeps, company: CompanyRow, user: UserRow, input: QueueInput, at: Date | null, options: QueueOptions = {}): Promise<QueueResult> {
  // The link is not required here: the person is sent to link it (or 310 for someone else), below.
  const { post, caption, mentions } = await checkShare(deps.db, {
    company,
    userId: user.id,
    postId: input.postId,
    network: input.network,
    content: input.content,
    mentions: input.mentions,
    snippet: input.snippet,
    lookUpMentions: (given) => lookUpMentions(deps.db, deps.config, user.id, given),
    when: 'later',
    needsLink: false,
  });
  const networkId = networkIdOfSlug(input.network);
  const alreadyQueued = at === null ? ErrorCode.ALREADY_QUEUED_2 : ErrorCode.ALREADY_QUEUED;

  const [existing] = await deps.db
    .select({ id: shares.id })
    .from(shares)
    .where(and(eq(shares.userId, user.id), eq(shares.postId, post.id), eq(shares.network, networkId), eq(shares.state, 'queued')))
    .limit(1);
  if (existing) throw new ApiError(alreadyQueued);

  const link = await linkOf(deps.db, user.id, input.network);
  const facebookProfile = input.network === 'facebook' && (link === null || link.pageId === null);
  // A Facebook profile share becomes a reminder at its time, so it needs no link; others do.
  if (!facebookProfile && (link === null || !link.isActive || connectorFor(deps, input.network) === null)) {
    if (options.refuseUnlinked === true) throw new ApiError(ErrorCode.NETWORK_NOT_LINKED);
    const url = await startSocialLink(deps, company, user.id, input.network, {
      isElement: false,
      onboarding: false,
      returnTo: postDeferResumePath(input.network, post.id, at?.toISOString() ?? null, input.content, mentions),
    });
    return { kind: 'authorize', url };
  }

  const now = new Date();
  const when = at ?? nextQueueSlot(user.settings.post_queue[input.network], user.timezone, now, await takenSlots(deps, user.id, networkId));
  if (when === null) throw new ApiError(ErrorCode.QUEUE_SETTINGS_INVALID);
  requireQueueTime(post, when, now);

  let share: ShareRow | undefined;
  try {
    share = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(shares)
        .values({
          companyId: company.id,
          userId: user.id,
          postId: post.id,
          network: networkId,
          state: 'queued',
          method: 'api',
          channel: input.channel,
          pageId: link?.pageId ?? null,
          content: caption,
          mentions,
          snippet: input.snippet,
          aiGenerated: input.aiGenerated,
          aiEfficacy: input.aiEfficacy,
          scheduledAt: when,
          dueAt: when,
          timezone: user.timezone,
        })
        .returning();
      if (row) {
        await recordEvent(tx, { companyId: company.id, userId: user.id, postId: post.id, network: networkId, kind: 'share_queued', data: { shareId: row.id, at: when.toISOString(), mode: at === null ? 'queue' : 'schedule' } });
        await recordEvents(tx, options.alsoRecord?.(row) ?? []);
      }
      return row;
    });
  } catch (error) {
    if (sqlState(error) === SqlState.UNIQUE_VIOLATION) throw new ApiError(alreadyQueued);
    throw error;
  }
  if (!share) throw new Error('queue insert returned nothing');
  await deps.jobs?.enqueueDelivery(share);
  return { kind: 'queued', share };
}

/** The person's own queued share, or 201 (not found as far as they can tell). */
export async function ownQueued(deps: Pick<QueueDeps, 'db'>, company: CompanyRow, user: UserRow, id: number): Promise<ShareRow> {
  const [row] = await deps.db
    .select()
    .from(shares)
    .where(and(eq(shares.id, id), eq(shares.companyId, company.id), eq(shares.userId, user.id), eq(shares.state, 'queued')))
    .limit(1);
  if (!row) throw new ApiError(ErrorCode.MISSING_OR_INCORRECT, 'No such queued post.');
  return row;
}

/**
 * A queued share's caption after a change (none given: its own), checked as every queued caption
 * is (654, 659, 660, 470): the member's update and an admin's pushed edit run the same rules.
 */
export async function checkedQueuedCaption(
  deps: Pick<QueueDeps, 'db'> & { config?: QueueDeps['config'] },
  company: CompanyRow,
  share: ShareRow,
  post: PostRow,
  content: string | undefined,
  mentions?: Mention[] | undefined,
): Promise<{ content: string; mentions: Mention[] }> {
  if (!isShareableNetwork(share.network)) throw new Error(`share ${share.id} has network ${share.network}`);
  const network = SHAREABLE_NETWORK_SLUGS[share.network];
  // New mentions are named by the organization lookup; the stored ones were when queued.
  const kept = network !== 'linkedin' ? [] : mentions === undefined ? share.mentions : deps.config && share.userId !== null ? await lookUpMentions(deps.db, deps.config, share.userId, mentions) : [];
  const caption = content === undefined ? share.content : captionToShare(post, content);
  await requireShareableCaption(deps.db, company, network, post, caption, kept, share.snippet);
  return { content: caption, mentions: kept };
}

/** Moves a queued share to a new time, optionally with a new caption (PUT /post/deferred/{id}). */
export async function updateQueuedShare(
  deps: QueueDeps,
  company: CompanyRow,
  user: UserRow,
  id: number,
  change: { at: Date; content?: string | undefined; mentions?: Mention[] | undefined },
): Promise<ShareRow> {
  const share = await ownQueued(deps, company, user, id);
  const post = await queueablePost(deps, company, share.postId);
  requireQueueTime(post, change.at);
  const { content, mentions } = await checkedQueuedCaption(deps, company, share, post, change.content, change.mentions);
  const [row] = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(shares)
      .set({ scheduledAt: change.at, dueAt: change.at, content, mentions, updated: sql`now()` })
      .where(and(eq(shares.id, share.id), eq(shares.state, 'queued')))
      .returning();
    if (rows[0]) {
      await recordEvent(tx, { companyId: company.id, userId: user.id, postId: share.postId, network: share.network, kind: 'share_queue_changed', data: { shareId: share.id, at: change.at.toISOString() } });
    }
    return rows;
  });
  // A worker took it in the meantime: it is no longer the person's to change.
  if (!row) throw new ApiError(ErrorCode.MISSING_OR_INCORRECT, 'No such queued post.');
  await deps.jobs?.enqueueDelivery(row);
  return row;
}

/** Removes a queued share (DELETE /post/deferred/{id}); a worker that took it first wins. */
export async function removeQueuedShare(deps: Pick<QueueDeps, 'db'>, company: CompanyRow, user: UserRow, id: number): Promise<void> {
  const share = await ownQueued(deps, company, user, id);
  await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(shares)
      .where(and(eq(shares.id, share.id), eq(shares.state, 'queued')))
      .returning({ id: shares.id });
    if (removed.length === 0) throw new ApiError(ErrorCode.MISSING_OR_INCORRECT, 'No such queued post.');
    await recordEvent(tx, { companyId: company.id, userId: user.id, postId: share.postId, network: share.network, kind: 'share_queue_removed', data: { shareId: share.id } });
  });
}

/**
 * Tries a failed (or link-cancelled) share again (POST /share/{id}/retry): back to `queued`, due now, attempts
 * reset, as what it was (same network, same method, same caption). Only its owner (404 for
 * anyone else), only a failure marked retryable (201 otherwise: an unconfirmed share may be on
 * the network, an intent or reminder is never turned into an API share), and only when share
 * now's checks pass again (checkShare's code).
 */
export async function retryShare(deps: Pick<QueueDeps, 'db' | 'jobs'>, company: CompanyRow, user: UserRow, id: number): Promise<ShareRow> {
  const [share] = await deps.db
    .select()
    .from(shares)
    .where(and(eq(shares.id, id), eq(shares.companyId, company.id), eq(shares.userId, user.id)))
    .limit(1);
  if (!share) throw notFound();
  if (!isRetryable(share)) throw new ApiError(ErrorCode.MISSING_OR_INCORRECT, 'This share cannot be retried.');
  const refusal = await recheckShare(deps.db, share);
  if (refusal !== null) throw refusal;
  const [row] = await deps.db
    .update(shares)
    .set({ state: 'queued', dueAt: sql`now()`, attempts: 0, errorCode: null, errorReason: null, updated: sql`now()` })
    .where(and(eq(shares.id, share.id), inArray(shares.state, ['failed', 'cancelled']), eq(shares.method, 'api')))
    .returning();
  if (!row) throw new ApiError(ErrorCode.MISSING_OR_INCORRECT, 'This share cannot be retried.');
  await deps.jobs?.enqueueDelivery(row);
  return row;
}

/**
 * The person checked the network for an unconfirmed share (POST /share/{id}/resolve): published
 * counts it (with its event); not published fails it, so it can be retried.
 */
export async function resolveShare(deps: Pick<QueueDeps, 'db'>, company: CompanyRow, user: UserRow, id: number, published: boolean): Promise<ShareRow> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(shares)
      .set(
        published
          ? { state: 'published', publishedAt: sql`now()`, errorReason: null, updated: sql`now()` }
          : { state: 'failed', errorCode: ErrorCode.UNKNOWN, errorReason: storedReason('not_published', 'not on the network, as the person checked'), updated: sql`now()` },
      )
      .where(and(eq(shares.id, id), eq(shares.companyId, company.id), eq(shares.userId, user.id), eq(shares.state, 'unconfirmed')))
      .returning();
    if (!row) throw new ApiError(ErrorCode.MISSING_OR_INCORRECT, 'No such unconfirmed share.');
    await recordEvent(tx, {
      companyId: company.id,
      userId: user.id,
      postId: row.postId,
      network: row.network,
      kind: published ? 'share_published' : 'share_failed',
      data: { shareId: row.id, resolvedBy: 'person' },
    });
    return row;
  });
}
