/**
 * Dismissing a post from one's feed ("Not interested", content-library spec 7 `GET
 * /post/dismiss/{id}`): the post leaves that member's feed only; lists, search, bookmarks and
 * a direct link still reach it. Both writes are idempotent.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { postDismissals } from '../db/schema.ts';

/** Dismisses a post (already checked live in the company) from the member's feed. */
export async function dismissPost(db: Database, companyId: number, userId: number, postId: number): Promise<void> {
  await db.insert(postDismissals).values({ companyId, userId, postId }).onConflictDoNothing();
}

/** Brings a dismissed post back to the member's feed (the undo of dismissPost). */
export async function restorePost(db: Database, companyId: number, userId: number, postId: number): Promise<void> {
  await db
    .delete(postDismissals)
    .where(and(eq(postDismissals.userId, userId), eq(postDismissals.postId, postId), eq(postDismissals.companyId, companyId)));
}
