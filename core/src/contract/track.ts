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

/** A share-flow type id, 0 to 9. */
export const ShareFlowTypeSchema = z.literal(Object.values(ShareFlowType));

/** Whether a value (such as a link's `type_id` parameter) names a share-flow type. */
export function parseShareFlowType(value: string | null | undefined): ShareFlowType | null {
  if (value === null || value === undefined || !/^\d+$/.test(value)) return null;
  const parsed = ShareFlowTypeSchema.safeParse(Number(value));
  return parsed.success ? parsed.data : null;
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
