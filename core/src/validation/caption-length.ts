/**
 * Caption counters of the share modal and of the share route (content-library spec 5
 * "Twitter/X", "LinkedIn", "Over the limit"; 9 "Twitter max / LinkedIn max").
 *
 * - X: at most 280, weighed by `twitter-text`'s `parseTweet`; every URL counts 23, the post's
 *   url (appended when shared) adds 24 (a space and a 23-weight link), the hashtag string adds
 *   its weight + 1 (the space before it).
 * - LinkedIn: at most 3000 characters, every URL counts 23, the same hashtag rule; a mention
 *   counts as the display name LinkedIn publishes.
 * - Facebook: at most 63206 characters, with the same hashtag rule.
 *
 * The spec's X weights (code points 0-4351, 8192-8205, 8208-8223 and 8242-8247 weigh 1, the rest
 * 2) are twitter-text's weight table. Where the two differ we follow twitter-text's v3
 * configuration, which is what X enforces: the text is NFC-normalised first and an emoji
 * sequence (a family, a flag, a skin-toned emoji, a keycap) weighs 2 in all, not 2 per code point.
 *
 * This module is a subpath export (`@chorus/core/caption-length`) rather than part of the core
 * index, so that twitter-text stays in the web app's share chunk and out of its first render.
 */
import twitterText from 'twitter-text';
import type { LinkableNetwork } from '../contract/social.ts';

/** Maximum caption length per network (spec 9). */
export const CAPTION_LIMITS: Readonly<Record<LinkableNetwork, number>> = {
  twitter: 280,
  linkedin: 3000,
  facebook: 63206,
};

/** What a URL in a caption counts on X and LinkedIn. */
export const URL_WEIGHT = 23;

/** What the post's url adds to an X caption: the separating space and a 23-weight link. */
export const POST_URL_WEIGHT_X = 24;

/** A mention span of a caption (the contract's Mention, reduced to what counting needs). */
export interface CountedMention {
  /** Where the mention starts in the caption, in UTF-16 code units. */
  index: number;
  /** The text of the mention in the caption. */
  mention_text: string;
  /** The display name the network publishes in its place. */
  name: string;
}

/** What is sent with a caption besides its text. */
export interface CaptionExtras {
  /** The post's url, appended to an X share (null when the post has none). */
  url?: string | null;
  /** The post's hashtags, appended after a space (those the caption does not already hold). */
  hashtagsString?: string | null;
  /** LinkedIn mentions in the caption. */
  mentions?: readonly CountedMention[];
}

/** A caption's count against its network's limit. */
export interface CaptionLength {
  length: number;
  max: number;
  over: boolean;
}

/** Counts Unicode code points, as LinkedIn and Facebook count characters. */
function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** X's weighted length of a text (twitter-text v3: NFC, emoji sequences 2, URLs 23). */
export function weightedLengthX(text: string): number {
  return text.length === 0 ? 0 : twitterText.parseTweet(text).weightedLength;
}

/** Where a placed mention sits in the text the network publishes (UTF-16 offsets). */
export interface PlacedMention<M extends CountedMention = CountedMention> {
  start: number;
  length: number;
  mention: M;
}

/**
 * The text with each mention span replaced by the name the network publishes, and where each
 * name now sits. A span that does not match the caption, or overlaps an earlier one, stays
 * plain text. The one placement rule: the counter and the published text both use it.
 */
export function placeMentions<M extends CountedMention>(text: string, mentions: readonly M[]): { text: string; placed: PlacedMention<M>[] } {
  const spans = [...mentions]
    .filter((mention) => mention.index >= 0 && mention.mention_text !== '' && text.startsWith(mention.mention_text, mention.index))
    .sort((a, b) => a.index - b.index);
  let out = '';
  let at = 0;
  const placed: PlacedMention<M>[] = [];
  for (const mention of spans) {
    if (mention.index < at) continue;
    out += text.slice(at, mention.index);
    placed.push({ start: out.length, length: mention.name.length, mention });
    out += mention.name;
    at = mention.index + mention.mention_text.length;
  }
  return { text: out + text.slice(at), placed };
}

function withMentionNames(text: string, mentions: readonly CountedMention[]): string {
  return placeMentions(text, mentions).text;
}

/** LinkedIn's length of a text: characters, with each URL counted as 23. */
function linkedInLength(text: string): number {
  const urls = twitterText.extractUrlsWithIndices(text);
  let length = codePoints(text);
  for (const url of urls) {
    length += URL_WEIGHT - codePoints(text.slice(url.indices[0], url.indices[1]));
  }
  return length;
}

/** A hashtag standing on its own (not inside a word), its body captured. */
const HASHTAG = /(?<![\p{L}\p{N}_])[#＃]([\p{L}\p{N}_]+)/gu;

/** Whether `caption` holds `tag` (`#solar`) as a hashtag of its own, in any case: `#solarpower` does not hold `#solar`. */
function holdsHashtag(caption: string, tag: string): boolean {
  const body = tag.slice(1).toLocaleLowerCase();
  for (const match of caption.matchAll(HASHTAG)) {
    if (match[1]?.toLocaleLowerCase() === body) return true;
  }
  return false;
}

/**
 * The post's hashtags (`#a #b`) that the caption does not already hold, as they are appended to
 * it: the caption box shows them, so a member may move them or write around them, and a
 * share never publishes one twice. One the member deletes is added back: the post's hashtags
 * are the company's and always go out.
 */
export function hashtagsToAdd(caption: string, hashtags: string | null | undefined): string {
  return (hashtags ?? '')
    .split(/\s+/)
    .filter((tag) => tag.length > 1 && !holdsHashtag(caption, tag))
    .join(' ');
}

/** The caption with the post's missing hashtags after a space: what the caption box starts with and what goes out. */
export function withHashtags(caption: string, hashtags: string | null | undefined): string {
  const missing = hashtagsToAdd(caption, hashtags);
  if (missing === '') return caption;
  const head = caption.trimEnd();
  return head === '' ? missing : `${head} ${missing}`;
}

/** The caption without the post's hashtags: empty when the member wrote nothing of their own. */
export function ownWords(caption: string, hashtags: string | null | undefined): string {
  const tags = new Set((hashtags ?? '').split(/\s+/).filter((tag) => tag.length > 1).map((tag) => tag.slice(1).toLocaleLowerCase()));
  return caption.replace(HASHTAG, (whole, body: string) => (tags.has(body.toLocaleLowerCase()) ? '' : whole)).trim();
}

function hashtagsLength(text: string, hashtags: string | null | undefined, count: (text: string) => number): number {
  const trimmed = hashtagsToAdd(text, hashtags);
  return trimmed.length === 0 ? 0 : count(trimmed) + 1;
}

/**
 * The counter of a caption on a network: `length` as the network counts it with the post's
 * url and hashtags, the network's `max`, and whether it is `over` the limit.
 */
export function captionLength(network: LinkableNetwork, text: string, extras: CaptionExtras = {}): CaptionLength {
  const max = CAPTION_LIMITS[network];
  let length: number;
  switch (network) {
    case 'twitter':
      length = weightedLengthX(text) + (extras.url ? POST_URL_WEIGHT_X : 0) + hashtagsLength(text, extras.hashtagsString, weightedLengthX);
      break;
    case 'linkedin':
      length = linkedInLength(withMentionNames(text, extras.mentions ?? [])) + hashtagsLength(text, extras.hashtagsString, codePoints);
      break;
    case 'facebook':
      length = codePoints(text) + hashtagsLength(text, extras.hashtagsString, codePoints);
      break;
  }
  return { length, max, over: length > max };
}
