/**
 * Queue, schedule and My Shares (content-library spec 2 "Timeline", 3 "Queued share",
 * "Timeline post", 4 "Queue", 7 the `/post/deferred...` and `/post/timeline...` calls, 8 the
 * queue codes; issue 15). Paths:
 *
 * - v4 `POST /api/v4/post/deferred` (schedule), `POST /api/v4/post/deferred/queue` (next slot)
 * - v4 `PUT` and `DELETE /api/v4/post/deferred/{id}`, `PATCH /api/v4/post/deferred/{id}/pushed-edit`
 * - v5 `GET /api/v5/post/timeline/shared`, `/queued`, `/queued/{id}`
 * - v5 `POST /api/v5/post/share/{id}/retry` and `/resolve`
 *
 * 418 (link the network first) is not an error: HTTP 200 with `error: 418` and the `url` that
 * links it, returning to the modal (`/post-defer`). Every other failure is an ApiErrorBody:
 * 417 (the queue settings give no slot), 419 and 658 (already queued), 655 (the post expires
 * first), 656 (the post starts later), 657 (the time has passed).
 */
import { z } from 'zod';
import { Network, PushedEditStatus } from '../domain/enums.ts';
import type { LinkableNetwork } from './social.ts';
import { base64Url, CaptionText, ChannelId, Mention, MentionInput, ShareableNetworkIdSchema, ShareableNetworkIdValue, ShareState, SnippetChoice, type Mention as MentionType } from './share.ts';

/** The caption a queued share carries (our addition: as the share call takes it). */
const CaptionFields = {
  content: CaptionText.default(''),
  mentions: z.array(MentionInput).max(50).default([]),
  snippet: SnippetChoice.nullable().default(null),
  ai_generated: z.boolean().default(false),
  ai_efficacy: z.number().min(0).max(1).default(1),
};

/** Body of `POST /api/v4/post/deferred`: schedule a share at `time` (an ISO 8601 instant). */
export const ScheduleShareRequest = z.object({
  network: ShareableNetworkIdSchema,
  post: z.coerce.number().int().positive(),
  time: z.iso.datetime({ offset: true }),
  channel_id: ChannelId.default(1),
  ...CaptionFields,
});
export type ScheduleShareRequest = z.input<typeof ScheduleShareRequest>;

/** Body of `POST /api/v4/post/deferred/queue`: the next free slot of the person's queue. */
export const QueueShareRequest = z.object({
  network_id: ShareableNetworkIdSchema,
  post_id: z.coerce.number().int().positive(),
  channel_id: ChannelId.default(1),
  ...CaptionFields,
});
export type QueueShareRequest = z.input<typeof QueueShareRequest>;

/** Answer of both: the queued share's id and time, or 418 with the url that links the network. */
export const DeferredShareResponse = z.object({
  id: z.number().int().nullable(),
  /** When it will be published (ISO 8601, UTC). */
  date: z.string().nullable(),
  error: z.union([z.null(), z.literal(418)]),
  url: z.string().nullable(),
});
export type DeferredShareResponse = z.infer<typeof DeferredShareResponse>;

/** Body of `PUT /api/v4/post/deferred/{id}`: a new time, and optionally a new caption. */
export const UpdateDeferredRequest = z.object({
  date: z.iso.datetime({ offset: true }),
  content: CaptionText.optional(),
  mentions: z.array(MentionInput).max(50).optional(),
});
export type UpdateDeferredRequest = z.input<typeof UpdateDeferredRequest>;

/** Query of the timeline lists. */
export const TimelineQuery = z.object({
  page_num: z.coerce.number().int().min(1).default(1),
  results_per_page: z.coerce.number().int().min(1).max(50).default(15),
  /** A network id to show only its shares. */
  network: ShareableNetworkIdSchema.optional(),
  /** Our addition: one day, YYYY-MM-DD in the person's zone (the date search). */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD').optional(),
});
export type TimelineQuery = z.input<typeof TimelineQuery>;

/** A share's numbers (spec 3 "Timeline post" analytics). */
export const TimelineAnalytics = z.object({
  likes: z.number().int(),
  comments: z.number().int(),
  clickthroughs: z.number().int(),
  reshares: z.number().int(),
});

/** An admin's proposed caption for a queued share, and why (spec 3 "Timeline post" pushed_edits). */
export const PushedEdit = z.object({ content: z.string(), reason: z.string() });
export type PushedEdit = z.infer<typeof PushedEdit>;

/** One shared or queued item (spec 3 "Timeline post"), with our `state` and `reason`. */
export const TimelinePost = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  /** The post's title, so the member sees what they shared (our addition to the spec's fields). */
  post_title: z.string(),
  network_id: ShareableNetworkIdValue,
  content: z.string(),
  mentions: z.array(Mention),
  hashtags: z.string(),
  url: z.string().nullable(),
  /** The post on the network once published. */
  social_link: z.string().nullable(),
  primary_media_images: z.array(z.string()),
  media_images: z.array(z.string()),
  /** When it was shared, or when it will be (queued); ISO 8601. */
  date: z.string(),
  /** 1 live, 2 no longer live: only a live post opens from the timeline. */
  status: z.number().int(),
  leaderboard_score_value: z.number().int(),
  analytics: TimelineAnalytics,
  /** The admins' edits waiting for the member, while the share's date is in the future. */
  pushed_edits: z.array(PushedEdit),
  state: ShareState,
  /** Why it failed or is unconfirmed, in the person's language; null otherwise. */
  reason: z.string().nullable(),
  /** Whether Retry is offered: a failed API share whose failure may pass on a second try. */
  retryable: z.boolean(),
  /** A queued Facebook profile share: at its time the person is reminded to post it themselves. */
  reminder: z.boolean(),
});
export type TimelinePost = z.infer<typeof TimelinePost>;

/** Answer of the timeline lists: a page and the person's queue count. */
export const TimelineResponse = z.object({
  num_results: z.number().int(),
  page_num: z.number().int(),
  results_per_page: z.number().int(),
  objects: z.array(TimelinePost),
  queue_count: z.number().int(),
});
export type TimelineResponse = z.infer<typeof TimelineResponse>;

/**
 * Body of `POST /api/v4/admin/post/deferred/{id}/pushed-edit` (ours: spec 6 says admins push
 * edits, not how): the proposed caption and a reason the member reads.
 */
export const PushEditRequest = z.object({
  content: CaptionText,
  reason: z.string().trim().min(1, 'reason is required').max(500),
});
export type PushEditRequest = z.input<typeof PushEditRequest>;

/** Body of `PATCH /api/v4/post/deferred/{id}/pushed-edit`: accept (1) or reject (2) the pending edit. */
export const DecidePushedEditRequest = z.object({
  status: z.union([z.literal(PushedEditStatus.ACCEPTED), z.literal(PushedEditStatus.REJECTED)]),
});
export type DecidePushedEditRequest = z.input<typeof DecidePushedEditRequest>;

/**
 * Answer of both pushed-edit calls (spec 7: "network, pushed_edits"): the queued share's network
 * entry as it now stands, and its edits still waiting for the member.
 */
export const PushedEditResponse = z.object({
  network: z.object({
    network_id: ShareableNetworkIdValue,
    deferred_post_id: z.number().int(),
    /** When it will be published (ISO 8601, UTC). */
    deferred_post_date: z.string(),
    content: z.string(),
    mentions: z.array(Mention),
  }),
  pushed_edits: z.array(PushedEdit),
});
export type PushedEditResponse = z.infer<typeof PushedEditResponse>;

/**
 * Body of `POST /api/v4/admin/post/{postId}/auto-queue` (ours: spec 6 says admins push posts to
 * a member's LinkedIn auto-queue, not how): exactly one of user_ids, group_ids or all.
 */
export const AutoQueueRequest = z
  .object({
    network_id: z.coerce.number().pipe(z.literal(Network.LINKEDIN, 'auto-queue is for LinkedIn (3) only')),
    user_ids: z.array(z.number().int().positive()).min(1).max(1000).optional(),
    group_ids: z.array(z.number().int().positive()).min(1).max(100).optional(),
    all: z.literal(true).optional(),
  })
  .refine((body) => [body.user_ids, body.group_ids, body.all].filter((value) => value !== undefined).length === 1, {
    message: 'give exactly one of user_ids, group_ids or all',
    path: ['user_ids'],
  });
export type AutoQueueRequest = z.input<typeof AutoQueueRequest>;

/**
 * Answer of the auto-queue call (our design): how many were queued, how many were skipped
 * because their own LinkedIn auto-queue is off, and who could not be queued with the code why
 * (418 not linked, 658 already queued, 417 no slot, and the caption codes).
 */
export const AutoQueueResponse = z.object({
  queued: z.number().int(),
  skipped: z.number().int(),
  failed: z.array(z.object({ user_id: z.number().int(), code: z.number().int() })),
});
export type AutoQueueResponse = z.infer<typeof AutoQueueResponse>;

/** Body of `POST /api/v5/post/share/{id}/resolve`: the person checked the network. */
export const ResolveShareRequest = z.object({ published: z.boolean() });
export type ResolveShareRequest = z.input<typeof ResolveShareRequest>;

/**
 * The `/post-defer/{network}/{post_id}?date&content&mentions` path that resumes queueing after
 * the person links the network, encoded as `/post-share` is (content and mentions as base64url,
 * see postShareResumePath); the mentions, then the caption, are dropped before the path grows
 * past `maxLength`.
 */
export function postDeferResumePath(network: LinkableNetwork, postId: number, date: string | null, content: string, mentions: readonly MentionType[], maxLength = 2000): string {
  const base = `/post-defer/${network}/${postId}`;
  const dated = date === null ? '' : `date=${encodeURIComponent(date)}&`;
  const caption = base64Url(content);
  for (const candidate of [`${base}?${dated}content=${caption}&mentions=${base64Url(JSON.stringify(mentions))}`, `${base}?${dated}content=${caption}`, `${base}?${dated}`.replace(/[?&]$/, '')]) {
    if (candidate.length <= maxLength) return candidate;
  }
  return base;
}
