/**
 * Bookmarks and post subscriptions (spec 4): bookmarking also subscribes the user to the
 * post's notifications, removing the bookmark also unsubscribes. Both writes share a
 * transaction so the two rows never disagree.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { bookmarks, postSubscriptions } from '../db/schema.ts';

/** Bookmarks a post (already checked live in the company) and subscribes to it. */
export async function addBookmark(db: Database, companyId: number, userId: number, postId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(bookmarks).values({ userId, postId, companyId }).onConflictDoNothing();
    await tx.insert(postSubscriptions).values({ userId, postId }).onConflictDoNothing();
  });
}

/** Removes a bookmark and the subscription that came with it. */
export async function removeBookmark(db: Database, companyId: number, userId: number, postId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.postId, postId), eq(bookmarks.companyId, companyId)));
    await tx.delete(postSubscriptions).where(and(eq(postSubscriptions.userId, userId), eq(postSubscriptions.postId, postId)));
  });
}

/** Subscribes to or unsubscribes from a post's notifications (bookmarks stay as they are). */
export async function setSubscription(db: Database, userId: number, postId: number, subscribed: boolean): Promise<void> {
  if (subscribed) await db.insert(postSubscriptions).values({ userId, postId }).onConflictDoNothing();
  else await db.delete(postSubscriptions).where(and(eq(postSubscriptions.userId, userId), eq(postSubscriptions.postId, postId)));
}

/** The user's bookmark and subscription state of a post. */
export async function bookmarkState(db: Database, userId: number, postId: number): Promise<{ bookmarked: boolean; subscribed: boolean }> {
  const [bookmark] = await db.select({ postId: bookmarks.postId }).from(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.postId, postId))).limit(1);
  const [subscription] = await db
    .select({ postId: postSubscriptions.postId })
    .from(postSubscriptions)
    .where(and(eq(postSubscriptions.userId, userId), eq(postSubscriptions.postId, postId)))
    .limit(1);
  return { bookmarked: bookmark !== undefined, subscribed: subscription !== undefined };
}
