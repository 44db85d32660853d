/**
 * The admin console's suggestions queue (issue 47 "Suggestions"; the spec says how admins act is
 * not shown): what members suggested (`POST /api/v1/post/suggestion/mobile`), reviewed by content
 * creators up (`suggestions.review`). Paths, all of the host's company, refused to a plain member:
 *
 * - `GET /api/v1/admin/suggestions`: the queue, pending first-come first-served, or the rejected ones.
 * - `POST /api/v1/admin/suggestions/:id/approve`: the suggestion becomes a draft post, editable in
 *   the posts editor before it is published; when it goes live its member is credited
 *   (event `suggestion_published`, the source of notice type 0 and of the suggestion's points).
 * - `POST /api/v1/admin/suggestions/:id/reject`: with a reason and an optional note the member
 *   reads (event `suggestion_rejected`, the source of notice types 12 to 16).
 */
import { z } from 'zod';
import { NotificationType } from '../domain/enums.ts';
import { paged } from './common.ts';
import { Attachment, MediaImage } from './post.ts';

/** Why a suggestion was turned down, as the member is told. */
export const SUGGESTION_REJECT_REASONS = ['generic', 'standards', 'exists', 'brand', 'unsuitable'] as const;
export const SuggestionRejectReason = z.enum(SUGGESTION_REJECT_REASONS);
export type SuggestionRejectReason = z.infer<typeof SuggestionRejectReason>;

/** The member's notice for each reason (notification types 12 to 16). */
export const SUGGESTION_REJECT_NOTICE: Readonly<Record<SuggestionRejectReason, number>> = {
  generic: NotificationType.SUGGESTION_REJECTED,
  standards: NotificationType.SUGGESTION_REJECTED_STANDARDS,
  exists: NotificationType.SUGGESTION_REJECTED_EXISTS,
  brand: NotificationType.SUGGESTION_REJECTED_OFF_BRAND,
  unsuitable: NotificationType.SUGGESTION_REJECTED_NOT_SUITABLE,
};

/** Longest note to the member. */
export const SUGGESTION_NOTE_MAX = 500;

/** A suggestion's place in the queue: waiting, approved into a draft, or rejected. */
export const SUGGESTION_STATES = ['pending', 'approved', 'rejected'] as const;
export const SuggestionState = z.enum(SUGGESTION_STATES);
export type SuggestionState = z.infer<typeof SuggestionState>;

const Person = z.object({ id: z.number().int(), name: z.string() });

/** One suggestion as the queue shows it. */
export const AdminSuggestion = z.object({
  id: z.number().int(),
  state: SuggestionState,
  title: z.string(),
  content: z.string(),
  url: z.string().nullable(),
  /** The link's preview where one was read (else the screen asks for it through the posts' link preview). */
  attachment: Attachment.nullable(),
  images: z.array(MediaImage),
  /** Who suggested it, or null for a member since removed. */
  suggested_by: Person.nullable(),
  created: z.string(),
  /** The decision, once made. */
  review: z
    .object({
      by: Person.nullable(),
      at: z.string(),
      reason: SuggestionRejectReason.nullable(),
      note: z.string().nullable(),
    })
    .nullable(),
});
export type AdminSuggestion = z.infer<typeof AdminSuggestion>;

/** Query of `GET /api/v1/admin/suggestions`. */
export const AdminSuggestionListQuery = z.object({
  /** pending (the default: oldest first, as they wait) or rejected (newest decision first). */
  state: z.enum(['pending', 'rejected']).optional(),
  page_num: z.coerce.number().int().min(1).optional(),
  results_per_page: z.coerce.number().int().min(1).max(100).optional(),
  _: z.string().optional(),
});
/** Client-side parameters of the queue. */
export interface AdminSuggestionListQuery {
  state?: 'pending' | 'rejected';
  page_num?: number;
  results_per_page?: number;
}
export const AdminSuggestionListResponse = paged(AdminSuggestion);
export type AdminSuggestionListResponse = z.infer<typeof AdminSuggestionListResponse>;

/** Answer of the approval: the draft post it became (the same id), to open in the editor. */
export const ApproveSuggestionResponse = z.object({ post_id: z.number().int() });
export type ApproveSuggestionResponse = z.infer<typeof ApproveSuggestionResponse>;

/** Body of `POST /api/v1/admin/suggestions/:id/reject`. */
export const RejectSuggestionRequest = z.object({
  reason: SuggestionRejectReason,
  /** Up to twice the limit, so an over-long note is the 201 `noteLong`, not a schema failure. */
  note: z.string().max(SUGGESTION_NOTE_MAX * 2).nullable().optional(),
});
export type RejectSuggestionRequest = z.infer<typeof RejectSuggestionRequest>;
export const RejectSuggestionResponse = AdminSuggestion;
