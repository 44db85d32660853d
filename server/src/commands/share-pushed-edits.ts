/**
 * Pushed admin edits on a queued post (content-library spec 4 "Pushed admin edits on a queued
 * post", 7 `PATCH /post/deferred/{id}/pushed-edit`, 8 its messages; issue 15). An admin or
 * manager proposes a caption with a reason; the member accepts it (the caption is replaced) or
 * rejects it (kept). Both only while the share's date is in the future. The proposed caption
 * passes the rules of a member's own update (checkedQueuedCaption), when pushed and again when
 * accepted, since the company's rules may have changed in between.
 */
import { ErrorCode, isShareableNetwork, NotificationType, PushedEditStatus, type PushedEdit, type PushedEditResponse } from '@chorus/core';
import { and, eq, gt, sql } from 'drizzle-orm';
import { pushedEdits, shares, type CompanyRow, type ShareRow, type UserRow } from '../db/schema.ts';
import { SqlState, sqlState } from '../db/sql-errors.ts';
import { ApiError } from '../errors.ts';
import { isAhead } from '../queries/timeline.ts';
import { recordEvent } from './share-events.ts';
import { checkedQueuedCaption, ownQueued, queueablePost, type QueueDeps } from './share-queue.ts';

/** The answer of both calls: the share's network entry and its edits still waiting. */
export function presentPushedEdits(share: ShareRow, pending: readonly PushedEdit[]): PushedEditResponse {
  if (!isShareableNetwork(share.network)) throw new Error(`share ${share.id} has network ${share.network}`);
  return {
    network: {
      network_id: share.network,
      deferred_post_id: share.id,
      deferred_post_date: (share.scheduledAt ?? share.created).toISOString(),
      content: share.content,
      mentions: share.mentions,
    },
    pushed_edits: [...pending],
  };
}

/**
 * An admin or manager pushes an edit to a member's queued share of the company (the caller's
 * role is checked by the route). 201 when the share is not a queued share of the company or its
 * time has passed; the caption codes as a member's update answers them. A newer edit replaces a
 * waiting one. The owner is told through a `queued_post_changed` event (notification 24).
 */
export async function pushEdit(
  deps: Pick<QueueDeps, 'db'>,
  company: CompanyRow,
  admin: UserRow,
  shareId: number,
  input: { content: string; reason: string },
): Promise<PushedEditResponse> {
  const [share] = await deps.db
    .select()
    .from(shares)
    .where(and(eq(shares.id, shareId), eq(shares.companyId, company.id), eq(shares.state, 'queued')))
    .limit(1);
  if (!share || share.userId === null || !isAhead(share)) throw new ApiError(ErrorCode.MISSING_OR_INCORRECT, 'No such queued post.');
  const post = await queueablePost(deps, company, share.postId);
  const { content } = await checkedQueuedCaption(deps, company, share, post, input.content);
  const owner = share.userId;
  const edit: PushedEdit = { content, reason: input.reason };
  try {
    await deps.db.transaction(async (tx) => {
      await tx.delete(pushedEdits).where(and(eq(pushedEdits.shareId, share.id), eq(pushedEdits.status, PushedEditStatus.NEW)));
      const [row] = await tx.insert(pushedEdits).values({ companyId: company.id, shareId: share.id, adminUserId: admin.id, content, reason: input.reason }).returning({ id: pushedEdits.id });
      await recordEvent(tx, {
        companyId: company.id,
        userId: owner,
        postId: share.postId,
        network: share.network,
        kind: 'queued_post_changed',
        data: { notificationType: NotificationType.QUEUED_POST_CHANGED, shareId: share.id, pushedEditId: row?.id ?? null, by: admin.id },
      });
    });
  } catch (error) {
    // Another push for the same share committed between this one's delete and insert.
    if (sqlState(error) === SqlState.UNIQUE_VIOLATION) throw new ApiError(ErrorCode.MISSING_OR_INCORRECT, 'Another edit was pushed to this post at the same time; try again.');
    throw error;
  }
  return presentPushedEdits(share, [edit]);
}

/**
 * The member decides on the waiting edit of their queued share (PATCH /post/deferred/{id}/
 * pushed-edit): accepted replaces the caption, rejected keeps it; either way the edit is decided.
 * 496 and nothing changed when there is no waiting edit or the share's time has passed.
 */
export async function decidePushedEdit(
  deps: Pick<QueueDeps, 'db'>,
  company: CompanyRow,
  user: UserRow,
  shareId: number,
  status: typeof PushedEditStatus.ACCEPTED | typeof PushedEditStatus.REJECTED,
): Promise<PushedEditResponse> {
  const share = await ownQueued(deps, company, user, shareId);
  const [edit] = await deps.db
    .select()
    .from(pushedEdits)
    .where(and(eq(pushedEdits.shareId, share.id), eq(pushedEdits.status, PushedEditStatus.NEW)))
    .limit(1);
  if (!edit || !isAhead(share)) throw new ApiError(ErrorCode.PUSHED_EDIT_FAILED);
  const accepted = status === PushedEditStatus.ACCEPTED;
  const content = accepted ? (await checkedQueuedCaption(deps, company, share, await queueablePost(deps, company, share.postId), edit.content)).content : share.content;
  const updated = await deps.db.transaction(async (tx) => {
    const decided = await tx
      .update(pushedEdits)
      .set({ status, decidedAt: sql`now()` })
      .where(and(eq(pushedEdits.id, edit.id), eq(pushedEdits.status, PushedEditStatus.NEW)))
      .returning({ id: pushedEdits.id });
    // A second decision, or a newer push, got there first.
    if (decided.length === 0) throw new ApiError(ErrorCode.PUSHED_EDIT_FAILED);
    const [row] = await tx
      .update(shares)
      .set(accepted ? { content, updated: sql`now()` } : { updated: sql`now()` })
      .where(and(eq(shares.id, share.id), eq(shares.state, 'queued'), gt(shares.scheduledAt, sql`now()`)))
      .returning();
    // A worker took the share in the meantime: roll the decision back.
    if (!row) throw new ApiError(ErrorCode.PUSHED_EDIT_FAILED);
    await recordEvent(tx, { companyId: company.id, userId: user.id, postId: share.postId, network: share.network, kind: 'pushed_edit_decided', data: { shareId: share.id, pushedEditId: edit.id, status } });
    return row;
  });
  return presentPushedEdits(updated, []);
}
