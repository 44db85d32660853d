/**
 * Share intents (content-library spec 3 "Share intent", 4 "Share"): a share the person makes
 * on the network's own page, because no API post is possible (a Facebook personal profile; X
 * without an app or past its posting budget). The intent is a share row (method `intent`)
 * that is `unconfirmed` while open and `published` once the person completes it, which is
 * when it counts. The dialog url carries the person's tracked link.
 */
import { ErrorCode, networkIdOfSlug, SHAREABLE_NETWORK_SLUGS, type LinkableNetwork, type ShareableNetworkId } from '@chorus/core';
import { withHashtags } from '@chorus/core/caption-length';
import { and, eq, sql } from 'drizzle-orm';
import { facebookShareDialogUrl, xIntentUrl } from '../connectors/intents.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { posts, shares, type CompanyRow, type PostRow } from '../db/schema.ts';
import { ApiError, notFound } from '../errors.ts';
import { hashtagsString } from '../presenters/post.ts';
import { storedReason } from '../presenters/share.ts';
import { recordEvent } from './share-events.ts';
import { trackedLinkFor, trackedUrl } from './share-links.ts';

/** What opening an intent needs from the app. */
export interface IntentDeps {
  db: Database;
  config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port' | 'networks'>;
}

/** An opened intent: its id and the network's share dialog to open. */
export interface OpenedIntent {
  postshare_intent_id: number;
  url: string;
}

/** The caption with the post's hashtags (each once), as the X composer is filled in. */
function intentText(post: PostRow, content: string): string {
  return withHashtags(content.trim(), hashtagsString(post.hashtags));
}

/**
 * Opens an intent after the share checks passed: records the row and its event, and gives
 * the dialog url (Facebook's sharer with the tracked link; X's composer with caption and link).
 * A post without a url has nothing Facebook's sharer can carry (654).
 */
export async function openShareIntent(
  deps: IntentDeps,
  input: { company: CompanyRow; userId: number; post: PostRow; network: LinkableNetwork; channel: number; content: string; reason: string },
): Promise<OpenedIntent> {
  const { company, post, network } = input;
  if (network === 'facebook' && post.url === null) throw new ApiError(ErrorCode.NO_CONTENT);
  const networkId = networkIdOfSlug(network);
  return deps.db.transaction(async (tx) => {
    const link = post.url === null ? null : await trackedLinkFor(tx, { companyId: company.id, userId: input.userId, postId: post.id, channel: input.channel, network: networkId });
    const tracked = link === null ? null : trackedUrl(deps.config, company, link.code);
    const [row] = await tx
      .insert(shares)
      .values({
        companyId: company.id,
        userId: input.userId,
        postId: post.id,
        network: networkId,
        state: 'unconfirmed',
        method: 'intent',
        channel: input.channel,
        content: input.content,
        linkId: link?.id ?? null,
        errorReason: storedReason('intent_open', input.reason),
      })
      .returning({ id: shares.id });
    if (!row) throw new Error('share intent insert returned nothing');
    await recordEvent(tx, { companyId: company.id, userId: input.userId, postId: post.id, network: networkId, kind: 'share_intent_opened', data: { shareId: row.id, reason: input.reason } });
    const url =
      network === 'facebook'
        ? facebookShareDialogUrl(tracked ?? '', deps.config.networks.facebook?.clientId ?? null)
        : xIntentUrl(intentText(post, input.content), tracked);
    return { postshare_intent_id: row.id, url };
  });
}

/** The advisory-lock namespace of counting a member's intents (with a hash of member, post and network). */
const INTENT_COUNT_LOCK_ID = 7_413_061;

/**
 * Whether an intent completed now is the member's first counted one for this post and network
 * today (UTC): a share-intent loop is stored but counts once a day (issue 52 item 9). The
 * member's completions for the post are serialised by a transaction lock, so two at once
 * cannot both count.
 */
async function firstIntentToday(tx: Database, userId: number, postId: number, networkId: ShareableNetworkId): Promise<boolean> {
  // Namespaced like the project's other advisory locks, so it never waits on an unrelated one.
  await tx.execute(sql`select pg_advisory_xact_lock(${INTENT_COUNT_LOCK_ID}, hashtext(${`${userId}:${postId}:${networkId}`}))`);
  const [earlier] = await tx
    .select({ id: shares.id })
    .from(shares)
    .where(
      and(
        eq(shares.userId, userId),
        eq(shares.postId, postId),
        eq(shares.network, networkId),
        eq(shares.method, 'intent'),
        eq(shares.state, 'published'),
        eq(shares.counted, true),
        sql`${shares.publishedAt} >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`,
      ),
    )
    .limit(1);
  return earlier === undefined;
}

/**
 * The person completed an intent: it becomes published once, and counts once per member, post
 * and network a day. Only its owner in
 * this company may complete it, for the network it was opened for (404 otherwise); completing
 * it again changes nothing. Returns the post's share count after it.
 */
export async function completeShareIntent(db: Database, company: CompanyRow, userId: number, intentId: number, networkId: ShareableNetworkId): Promise<number> {
  return db.transaction(async (tx) => {
    const [intent] = await tx
      .select()
      .from(shares)
      .where(and(eq(shares.id, intentId), eq(shares.companyId, company.id), eq(shares.userId, userId), eq(shares.method, 'intent'), eq(shares.network, networkId)))
      .limit(1)
      .for('update');
    if (!intent) throw notFound();
    if (intent.state !== 'published') {
      const counted = await firstIntentToday(tx, userId, intent.postId, networkId);
      await tx
        .update(shares)
        .set({ state: 'published', counted, errorReason: null, publishedAt: sql`now()`, updated: sql`now()` })
        .where(eq(shares.id, intent.id));
      await recordEvent(tx, {
        companyId: company.id,
        userId,
        postId: intent.postId,
        network: intent.network,
        kind: 'share_intent_completed',
        data: { shareId: intent.id, network: SHAREABLE_NETWORK_SLUGS[networkId], counted },
      });
    }
    const [post] = await tx.select({ shareCount: posts.shareCount }).from(posts).where(eq(posts.id, intent.postId)).limit(1);
    return post?.shareCount ?? 0;
  });
}
