/**
 * A post's stored status and its state in the admin console (contract/admin-posts.ts), in one
 * place: the statuses the console writes, how a row's state is derived from its status, start
 * and expiration, and the same rule as SQL for the console's list. The library's own test
 * (live-posts.ts `liveInCompany`) reads only status 1, so no console status is ever live.
 */
import { PostStatus, SUGGESTION_PENDING_STATUS, type AdminPostState } from '@chorus/core';
import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { posts, type PostRow } from '../db/schema.ts';

/** A draft: written in the console, never published (or a suggestion approved into one). */
export const DRAFT_STATUS = 3;
/** Taken down from the library by an admin, kept to publish again. */
export const UNPUBLISHED_STATUS = 4;
/** Deleted in the console: restorable for POST_RESTORE_DAYS (`deleted_status` is what comes back), then purged. */
export const DELETED_STATUS = 5;

/** A member's suggestion turned down in the console's queue (a pending one is core's SUGGESTION_PENDING_STATUS, 0). */
export const SUGGESTION_REJECTED_STATUS = 6;

/** The statuses the console lists (suggestions, status 0, wait in their own section). */
export const CONSOLE_STATUSES: readonly number[] = [PostStatus.LIVE, DRAFT_STATUS, UNPUBLISHED_STATUS, DELETED_STATUS];

/** The state of a post in the console at `now`; a pending suggestion reads as a draft. */
export function adminPostState(post: Pick<PostRow, 'status' | 'start' | 'expiration'>, now: Date = new Date()): AdminPostState {
  switch (post.status) {
    case PostStatus.LIVE:
      if (post.expiration !== null && post.expiration.getTime() <= now.getTime()) return 'expired';
      return post.start.getTime() > now.getTime() ? 'scheduled' : 'live';
    case DELETED_STATUS:
      return 'deleted';
    case DRAFT_STATUS:
    case SUGGESTION_PENDING_STATUS:
      return 'draft';
    default:
      return 'unpublished';
  }
}

const NOW = sql`now()`;

/** The posts in a console state, as SQL (the same rule as adminPostState). */
export function inAdminPostState(state: AdminPostState): SQL {
  const published = eq(posts.status, PostStatus.LIVE);
  const expired = and(isNotNull(posts.expiration), lte(posts.expiration, NOW));
  const notExpired = or(isNull(posts.expiration), gt(posts.expiration, NOW));
  const conditions: Record<AdminPostState, SQL | undefined> = {
    draft: eq(posts.status, DRAFT_STATUS),
    scheduled: and(published, gt(posts.start, NOW), notExpired),
    live: and(published, lte(posts.start, NOW), notExpired),
    expired: and(published, expired),
    unpublished: eq(posts.status, UNPUBLISHED_STATUS),
    deleted: eq(posts.status, DELETED_STATUS),
  };
  return conditions[state] ?? sql`false`;
}

/** Every console state but deleted: the list when no state is asked for. */
export function notDeleted(): SQL {
  return inArray(posts.status, [PostStatus.LIVE, DRAFT_STATUS, UNPUBLISHED_STATUS]);
}
