/**
 * An admin's answer to a deletion request (accounts spec 4, 6): look the delete token up,
 * confirm (the user's personal data is deleted) or reject (the user is kept).
 */
import { ErrorCode } from '@chorus/core';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { consumeOneTimeToken, peekToken, type OneTimeTokenRow } from '../auth/one-time-tokens.ts';
import type { Database } from '../db/database.ts';
import {
  bookmarks,
  categoryFollows,
  comments,
  externalIdentities,
  memberships,
  oneTimeTokens,
  outboxMails,
  postClicks,
  postImpressions,
  postReactions,
  posts,
  shares,
  shareDrafts,
  shareLinks,
  events,
  postSubscriptions,
  userEvents,
  users,
  type CompanyRow,
  type UserRow,
} from '../db/schema.ts';
import { ApiError, forbidden } from '../errors.ts';

/** A usable deletion request and the person who made it. */
export interface DeletionRequest {
  token: OneTimeTokenRow;
  requester: UserRow;
}

/**
 * The request of a delete token, for an admin of `company`. An unknown, used or expired token
 * (or one whose requester is gone) fails with `invalidCode` (856 to view, 855 to act); a
 * token of another company is forbidden (403).
 */
export async function findDeletionRequest(db: Database, company: CompanyRow, code: string, invalidCode: 855 | 856): Promise<DeletionRequest> {
  const found = await peekToken(db, 'delete-request', code, { companyId: company.id });
  if (found.state === 'foreign') throw forbidden();
  if (found.state !== 'valid' || found.row.userId === null) throw new ApiError(invalidCode);
  const [requester] = await db.select().from(users).where(eq(users.id, found.row.userId)).limit(1);
  if (!requester) throw new ApiError(invalidCode);
  return { token: found.row, requester };
}

/**
 * Deletes the requester's personal data in the company. Shares, impressions and clicks stay
 * as anonymous rows (user_id null) so the posts' counters and the company's totals do not
 * change. A person who belongs to no other company is deleted altogether (the cascades remove
 * sessions, identities, social accounts, likes, comments, bookmarks, follows, events and
 * tokens); a person who still belongs elsewhere loses this company's data and membership only.
 */
export async function deleteUserData(db: Database, company: CompanyRow, request: DeletionRequest): Promise<void> {
  const userId = request.requester.id;
  await db.transaction(async (tx) => {
    if (!(await consumeOneTimeToken(tx, request.token.id))) throw new ApiError(ErrorCode.INVALID_DELETE_TOKEN);
    const elsewhere = await tx
      .select({ companyId: memberships.companyId })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), ne(memberships.companyId, company.id)))
      .limit(1);
    // Shares keep counting, anonymously; their captions are the person's words and go.
    await tx.update(shares).set({ userId: null, content: '', mentions: [] }).where(and(eq(shares.userId, userId), eq(shares.companyId, company.id)));
    await tx.update(events).set({ userId: null }).where(and(eq(events.userId, userId), eq(events.companyId, company.id)));
    await tx.update(shareLinks).set({ userId: null }).where(and(eq(shareLinks.userId, userId), eq(shareLinks.companyId, company.id)));
    await tx.delete(shareDrafts).where(and(eq(shareDrafts.userId, userId), eq(shareDrafts.companyId, company.id)));
    await tx.update(postImpressions).set({ userId: null }).where(and(eq(postImpressions.userId, userId), eq(postImpressions.companyId, company.id)));
    await tx.update(postClicks).set({ userId: null }).where(and(eq(postClicks.userId, userId), eq(postClicks.companyId, company.id)));
    if (elsewhere.length === 0) {
      await tx.delete(outboxMails).where(eq(outboxMails.to, request.requester.email));
      await tx.delete(users).where(eq(users.id, userId));
      return;
    }
    const companyPosts = tx.select({ id: posts.id }).from(posts).where(eq(posts.companyId, company.id));
    await tx.delete(postReactions).where(and(eq(postReactions.userId, userId), inArray(postReactions.postId, companyPosts)));
    await tx.delete(postSubscriptions).where(and(eq(postSubscriptions.userId, userId), inArray(postSubscriptions.postId, companyPosts)));
    await tx.delete(comments).where(and(eq(comments.userId, userId), eq(comments.companyId, company.id)));
    await tx.delete(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.companyId, company.id)));
    await tx.delete(categoryFollows).where(and(eq(categoryFollows.userId, userId), eq(categoryFollows.companyId, company.id)));
    await tx.delete(userEvents).where(and(eq(userEvents.userId, userId), eq(userEvents.companyId, company.id)));
    await tx.delete(externalIdentities).where(and(eq(externalIdentities.userId, userId), eq(externalIdentities.companyId, company.id)));
    await tx.delete(oneTimeTokens).where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.companyId, company.id)));
    await tx.delete(memberships).where(and(eq(memberships.userId, userId), eq(memberships.companyId, company.id)));
  });
}

/** Closes the request without deleting anything (855 when another admin answered first). */
export async function rejectDeletion(db: Database, request: DeletionRequest): Promise<void> {
  if (!(await consumeOneTimeToken(db, request.token.id))) throw new ApiError(ErrorCode.INVALID_DELETE_TOKEN);
  // Any other pending request of the same person in the company is answered by this one too.
  await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.kind, 'delete-request'), eq(oneTimeTokens.userId, request.requester.id), eq(oneTimeTokens.companyId, request.token.companyId ?? 0), sql`${oneTimeTokens.usedAt} is null`));
}
