/**
 * Reviewing members' suggestions in the admin console (issue 47 "Suggestions"): approving one
 * makes it a draft post (the same row, its member kept as `suggested_by`), editable before it is
 * published; rejecting one keeps it, with the reason and the note its member reads. Each decision
 * is written with its audit record and the member's event (the source of their notice) in one
 * transaction; a suggestion already decided is refused with 487 and left as it is.
 */
import { SUGGESTION_NOTE_MAX, SUGGESTION_PENDING_STATUS, SUGGESTION_REJECT_NOTICE, type RejectSuggestionRequest } from '@chorus/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { posts, type CompanyRow, type PostRow } from '../db/schema.ts';
import { notFound, suggestionReviewed, validationFailed } from '../errors.ts';
import { DRAFT_STATUS, SUGGESTION_REJECTED_STATUS } from '../lib/admin-post-states.ts';
import { recordAudit, type PersonActor } from './audit.ts';
import { recordEvent } from './share-events.ts';

/** Whether a row is, or was, a member's suggestion (pending, rejected, or approved into a post). */
function isSuggestion(post: PostRow): boolean {
  return post.status === SUGGESTION_PENDING_STATUS || post.status === SUGGESTION_REJECTED_STATUS || post.reviewedAt !== null;
}

/** The suggestion locked for the decision: 404 for none of the company's, 487 when it is no longer open to `allowed` statuses. */
async function lockedSuggestion(tx: Database, companyId: number, id: number, allowed: readonly number[]): Promise<PostRow> {
  const [post] = await tx
    .select()
    .from(posts)
    .where(and(eq(posts.companyId, companyId), eq(posts.id, id)))
    .for('update');
  if (post === undefined || !isSuggestion(post)) throw notFound();
  if (!allowed.includes(post.status)) throw suggestionReviewed();
  return post;
}

/**
 * Approves a pending (or an earlier rejected) suggestion into a draft that goes live when it is
 * published; its member is credited when it goes live (commands/admin-posts.ts, publish).
 */
export async function approveSuggestion(db: Database, company: CompanyRow, reviewer: PersonActor, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    const post = await lockedSuggestion(tx, company.id, id, [SUGGESTION_PENDING_STATUS, SUGGESTION_REJECTED_STATUS]);
    const now = new Date();
    await tx
      .update(posts)
      .set({ status: DRAFT_STATUS, startsOnPublish: true, start: now, reviewedBy: reviewer.userId, reviewedAt: now, reviewReason: null, reviewNote: null, modified: now })
      .where(eq(posts.id, post.id));
    await recordAudit(tx, {
      actor: reviewer.actor,
      companyId: company.id,
      action: 'suggestion.approve',
      target: `post:${post.id}`,
      data: { title: post.title, ...(post.status === SUGGESTION_REJECTED_STATUS ? { before: 'rejected' } : {}) },
    });
    if (post.suggestedBy !== null) {
      await recordEvent(tx, { kind: 'suggestion_approved', companyId: company.id, userId: post.suggestedBy, postId: post.id, network: null, data: { by: reviewer.userId } });
    }
    return post.id;
  });
}

/** Rejects a pending suggestion with a reason and an optional note (201 `note` noteLong over SUGGESTION_NOTE_MAX). */
export async function rejectSuggestion(db: Database, company: CompanyRow, reviewer: PersonActor, id: number, input: RejectSuggestionRequest): Promise<void> {
  const note = input.note === undefined || input.note === null || input.note.trim() === '' ? null : input.note.trim();
  if (note !== null && note.length > SUGGESTION_NOTE_MAX) throw validationFailed([{ path: 'note', message: 'noteLong' }]);
  await db.transaction(async (tx) => {
    const post = await lockedSuggestion(tx, company.id, id, [SUGGESTION_PENDING_STATUS]);
    const now = new Date();
    await tx
      .update(posts)
      .set({ status: SUGGESTION_REJECTED_STATUS, reviewedBy: reviewer.userId, reviewedAt: now, reviewReason: input.reason, reviewNote: note, modified: now })
      .where(eq(posts.id, post.id));
    await recordAudit(tx, { actor: reviewer.actor, companyId: company.id, action: 'suggestion.reject', target: `post:${post.id}`, data: { title: post.title, reason: input.reason, note } });
    if (post.suggestedBy !== null) {
      await recordEvent(tx, {
        kind: 'suggestion_rejected',
        companyId: company.id,
        userId: post.suggestedBy,
        postId: post.id,
        network: null,
        data: { by: reviewer.userId, reason: input.reason, notificationType: SUGGESTION_REJECT_NOTICE[input.reason], note },
      });
    }
  });
}
