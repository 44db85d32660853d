/** A member's suggestion as the admin console's queue shows it (contract/admin-suggestions.ts). */
import { SUGGESTION_PENDING_STATUS, type AdminSuggestion, type SuggestionState } from '@chorus/core';
import { SUGGESTION_REJECTED_STATUS } from '../lib/admin-post-states.ts';
import type { PostRow } from '../db/schema.ts';
import { presentPersonName, signedAttachment, type PersonName } from './admin-post.ts';

/** A suggestion with its people, as the queue's queries read it. */
export interface SuggestionRow {
  post: PostRow;
  suggester: PersonName | null;
  reviewer: PersonName | null;
}

/** Pending, rejected, or approved (any other status: it became a post). */
export function suggestionState(status: number): SuggestionState {
  if (status === SUGGESTION_PENDING_STATUS) return 'pending';
  return status === SUGGESTION_REJECTED_STATUS ? 'rejected' : 'approved';
}

/** One suggestion, its link preview's image signed so the browser loads it from our origin. */
export function presentSuggestion(row: SuggestionRow, signingKey: Buffer): AdminSuggestion {
  const { post } = row;
  return {
    id: post.id,
    state: suggestionState(post.status),
    title: post.title,
    content: post.content,
    url: post.url,
    attachment: signedAttachment(post.attachment, signingKey, post.companyId),
    images: post.media.images,
    suggested_by: row.suggester === null ? null : presentPersonName(row.suggester),
    created: post.created.toISOString(),
    review:
      post.reviewedAt === null
        ? null
        : { by: row.reviewer === null ? null : presentPersonName(row.reviewer), at: post.reviewedAt.toISOString(), reason: post.reviewReason, note: post.reviewNote },
  };
}
