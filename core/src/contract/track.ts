/**
 * Tracking (content library spec, "Tracking; clicks carry a channel"): the client reports the
 * post cards a person saw and the posts they opened or followed to their source. The channel
 * is the share-flow type of how the person got there (feed or topic 9, recommendation 2,
 * notification 3, ...). Unversioned spec paths live under v1, like /cs/event.
 */
import { z } from 'zod';
import { ShareFlowType } from '../domain/enums.ts';

/** Most post ids one impressions request carries (a page of cards, flushed in batches). */
export const MAX_IMPRESSIONS_PER_REQUEST = 100;

const SHARE_FLOW_TYPES: readonly ShareFlowType[] = Object.values(ShareFlowType);

/** A share-flow type id, 0 to 9. */
export const ShareFlowTypeSchema = z.literal(SHARE_FLOW_TYPES);

/**
 * Whether a value (such as a link's `type_id` parameter) names a share-flow type. Checked
 * without zod: browser code runs it, and the production browser build has no zod
 * (web/src/lib/zod-unchecked.ts).
 */
export function parseShareFlowType(value: string | null | undefined): ShareFlowType | null {
  if (value === null || value === undefined || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return SHARE_FLOW_TYPES.find((type) => type === id) ?? null;
}

/** POST /api/v1/track/post/impressions: the posts shown, each counted once however often it is listed. */
export const TrackImpressionsRequest = z.object({
  post_ids: z
    .array(z.number().int().positive())
    .min(1)
    .max(MAX_IMPRESSIONS_PER_REQUEST)
    .transform((ids) => [...new Set(ids)]),
  channel: ShareFlowTypeSchema.default(ShareFlowType.feedOrTopic),
});
export type TrackImpressionsRequest = z.input<typeof TrackImpressionsRequest>;

/** How many of the posts were counted: live posts of the host's company (others are ignored). */
export const TrackImpressionsResponse = z.object({ recorded: z.number().int().nonnegative() });
export type TrackImpressionsResponse = z.infer<typeof TrackImpressionsResponse>;

/** POST /api/v1/track/post/{id}/clicks: a post opened, or followed to its source. */
export const TrackClickRequest = z.object({ channel: ShareFlowTypeSchema });
export type TrackClickRequest = z.infer<typeof TrackClickRequest>;

/** The recorded click. */
export const TrackClickResponse = z.object({ post_id: z.number().int().positive(), channel: ShareFlowTypeSchema });
export type TrackClickResponse = z.infer<typeof TrackClickResponse>;

/**
 * Product analytics (spec "Analytics events"): a page event when a route settles (500 ms after
 * the change) and track events for actions (100 ms). The server attaches the person's role
 * (spec 6: the role is sent to analytics) and stores them in the event log; the sign-in through
 * SSO is tracked by the server itself when the token exchange succeeds.
 */
export const ANALYTICS_TRACK_NAMES = ['share_modal_opened'] as const;
export type AnalyticsTrackName = (typeof ANALYTICS_TRACK_NAMES)[number];

/** Longest page name: an app path with its ids replaced (see `analyticsPageName`). */
export const ANALYTICS_PAGE_NAME_MAX = 200;

/**
 * The page name of an app path: numeric segments become `:id`, so pages of one kind count
 * together and no query (a search's words) is ever sent.
 */
export function analyticsPageName(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0] ?? '/';
  return path.replace(/\/\d+(?=\/|$)/g, '/:id').slice(0, ANALYTICS_PAGE_NAME_MAX) || '/';
}

/** A property value of a track event: short, flat values only. */
const AnalyticsValue = z.union([z.string().max(100), z.number().finite(), z.boolean(), z.null()]);

/** POST /api/v1/track/analytics: one page or track event. */
export const AnalyticsEventRequest = z.discriminatedUnion('type', [
  z.object({ type: z.literal('page'), name: z.string().startsWith('/').max(ANALYTICS_PAGE_NAME_MAX) }),
  z.object({
    type: z.literal('track'),
    name: z.enum(ANALYTICS_TRACK_NAMES),
    properties: z
      .record(z.string().regex(/^[a-z_]{1,40}$/), AnalyticsValue)
      .refine((value) => Object.keys(value).length <= 10, 'At most 10 properties')
      .default({}),
  }),
]);
export type AnalyticsEventRequest = z.input<typeof AnalyticsEventRequest>;

/** The stored event's kind and the role attached to it. */
export const AnalyticsEventResponse = z.object({ recorded: z.literal(true), role_id: z.number().int() });
export type AnalyticsEventResponse = z.infer<typeof AnalyticsEventResponse>;
