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

/** LinkedIn's mention markup in a post's commentary: `@[Name](urn:li:organization:123)`. */
export function linkedInMentionMarkup(mention: Pick<Mention, 'account_id' | 'mention_text'>): string {
  // Brackets and parentheses in the shown name would end the markup early (LinkedIn's little text format escapes them).
  const name = mention.mention_text.replace(/[\\[\]()@]/g, (c) => `\\${c}`);
  return `@[${name}](${mention.account_id})`;
}
