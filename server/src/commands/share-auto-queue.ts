/**
 * An admin pushes a post into members' LinkedIn auto-queue (content-library spec 6 "Program
 * admins ... push posts to a user's auto-queue (LinkedIn, if the user enabled it)"; issue 15).
 * Only while the company's auto_queue_enabled toggle is on, and only for the people whose own
 * LinkedIn auto-queue is on. Each person's share goes through queueShare, so it meets every rule
 * of a share the person queued: a person who cannot be queued is counted, not an error of the call.
 */
import { ErrorCode, Network, ShareFlowType, type AutoQueueResponse } from '@chorus/core';
import { startingCaption } from '@chorus/core/post-draft';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { memberships, users, type CompanyRow, type UserRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { draftsOf } from './share-drafts.ts';
import { recordEvent, recordEvents } from './share-events.ts';
import { queueablePost, queueShare, type QueueDeps } from './share-queue.ts';

/** Whom to queue for: the listed people of the company, or all its members. */
export type AutoQueueTarget = { userIds: readonly number[] } | { all: true };

/** The company's active members among the target, by id. */
async function targetMembers(deps: Pick<QueueDeps, 'db'>, company: CompanyRow, target: AutoQueueTarget): Promise<UserRow[]> {
  const conditions = [eq(memberships.companyId, company.id), isNull(users.deactivatedAt)];
  if ('userIds' in target) conditions.push(inArray(users.id, [...target.userIds]));
  const rows = await deps.db
    .select({ user: users })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(and(...conditions))
    .orderBy(asc(users.id));
  return rows.map((row) => row.user);
}

/**
 * Queues the post at each target person's next free LinkedIn slot. Refuses the whole call with
 * 497 when the company's auto queue is off and 662 when the post is not the company's live post.
 * A listed id that is not an active member fails with 404; a person not linked with 310, one who
 * already has it queued with 658, one whose settings give no slot with 417, and the caption codes.
 */
export async function autoQueuePost(deps: QueueDeps, company: CompanyRow, admin: UserRow, postId: number, target: AutoQueueTarget): Promise<AutoQueueResponse> {
  if (!company.featureToggles.auto_queue_enabled) throw new ApiError(ErrorCode.AUTO_QUEUE_DISABLED);
  const post = await queueablePost(deps, company, postId);
  const members = await targetMembers(deps, company, target);
  const found = new Set(members.map((member) => member.id));
  const failed: AutoQueueResponse['failed'] = 'userIds' in target ? [...new Set(target.userIds)].filter((id) => !found.has(id)).map((id) => ({ user_id: id, code: ErrorCode.NOT_FOUND })) : [];
  let queued = 0;
  let skipped = 0;
  for (const member of members) {
    if (!member.settings.post_queue.linkedin.auto_queue_enabled) {
      skipped += 1;
      continue;
    }
    if (member.emailConfirmedAt === null) {
      failed.push({ user_id: member.id, code: ErrorCode.EMAIL_NOT_CONFIRMED });
      continue;
    }
    // The caption the person's share modal would start from: their LinkedIn draft, else the post's suggested caption or text.
    const draft = (await draftsOf(deps.db, company.id, member.id, post.id)).get(Network.LINKEDIN);
    try {
      await queueShare(
        deps,
        company,
        member,
        {
          network: 'linkedin',
          postId: post.id,
          channel: ShareFlowType.autoQueueBulkImport,
          content: draft?.content ?? startingCaption(post, 'linkedin'),
          mentions: draft?.mentions ?? [],
          snippet: null,
          aiGenerated: false,
          aiEfficacy: 1,
        },
        null,
        {
          refuseUnlinked: true,
          alsoRecord: (share) => [{ companyId: company.id, userId: member.id, postId: post.id, network: Network.LINKEDIN, kind: 'auto_queue_added', data: { shareId: share.id, by: admin.id } }],
        },
      );
      queued += 1;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      failed.push({ user_id: member.id, code: error.code });
    }
  }
  await deps.db.transaction(async (tx) => {
    await recordEvents(
      tx,
      failed
        .filter((entry) => found.has(entry.user_id))
        .map((entry) => ({ companyId: company.id, userId: entry.user_id, postId: post.id, network: Network.LINKEDIN, kind: 'auto_queue_failed' as const, data: { code: entry.code, by: admin.id } })),
    );
    await recordEvent(tx, { companyId: company.id, userId: admin.id, postId: post.id, network: Network.LINKEDIN, kind: 'auto_queue_bulk', data: { queued, skipped, failed: failed.length } });
  });
  return { queued, skipped, failed };
}
