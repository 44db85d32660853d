/**
 * LinkedIn mention search (content-library spec 3 "Mention", 5 "Mentions", 7
 * `/social/{networkId}/search`, 8 error 310). Path: v2 `GET /api/v2/social/{networkId}/search?q=`.
 * Only LinkedIn takes mentions; 310 means the person has not linked it.
 */
import { z } from 'zod';
import { MENTION_SEARCH_MIN_CHARS } from '../domain/constants.ts';
import { Network } from '../domain/enums.ts';
import { Mention } from './share.ts';

/** Longest mention query. */
export const MENTION_QUERY_MAX = 100;
/** What a mention query may hold: letters, digits, hyphen, underscore, ampersand, apostrophe. */
export const MENTION_QUERY_PATTERN = /^[\p{L}\p{N}\-_&']+$/u;

/** True when the text may be searched for mentions (the editor searches only then). */
export function isMentionQuery(text: string): boolean {
  return text.length >= MENTION_SEARCH_MIN_CHARS && text.length <= MENTION_QUERY_MAX && MENTION_QUERY_PATTERN.test(text);
}

/** Path of `GET /api/v2/social/{networkId}/search`: LinkedIn (3) only. */
export const MentionSearchParams = z.object({
  networkId: z.coerce
    .number()
    .int()
    .refine((id) => id === Network.LINKEDIN, { message: 'Mentions are supported only on LinkedIn.' }),
});

/** Query of `GET /api/v2/social/{networkId}/search`. */
export const MentionSearchQuery = z.object({
  q: z
    .string()
    .min(MENTION_SEARCH_MIN_CHARS, `Type at least ${MENTION_SEARCH_MIN_CHARS} characters.`)
    .max(MENTION_QUERY_MAX)
    .regex(MENTION_QUERY_PATTERN, 'Use letters, digits, -, _, & and \' only.'),
  _: z.string().optional(),
});
export type MentionSearchQuery = z.input<typeof MentionSearchQuery>;

/** Answer: the mention candidates (`index` 0 until the editor places one in the caption). */
export const MentionSearchResponse = z.object({ objects: z.array(Mention) });
export type MentionSearchResponse = z.infer<typeof MentionSearchResponse>;

/** A LinkedIn mention URN: `urn:li:organization:123` (the kind LinkedIn lets members mention and the search finds). */
const LINKEDIN_URN = /^urn:li:(organization|person):(\d+)$/;

/**
 * The URN of a mention: its `account_id` when that is already a URN, else built once from the
 * numeric id and `account_type`; null when it is neither (never `urn:li:…:urn:li:…`).
 */
export function linkedInMentionUrn(mention: Pick<Mention, 'account_id' | 'account_type'>): string | null {
  const id = mention.account_id.trim();
  if (LINKEDIN_URN.test(id)) return id;
  if (!/^\d+$/.test(id)) return null;
  return `urn:li:${mention.account_type === 'person' ? 'person' : 'organization'}:${id}`;
}

/** The organization id of a mention (LinkedIn's numeric id), or null when it names no organization. */
export function linkedInOrganizationId(mention: Pick<Mention, 'account_id' | 'account_type'>): string | null {
  const urn = linkedInMentionUrn(mention);
  const match = urn === null ? null : LINKEDIN_URN.exec(urn);
  return match && match[1] === 'organization' ? (match[2] ?? null) : null;
}
