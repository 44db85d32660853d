/**
 * The text a share publishes, as one function for share now, delivery, the compliance check and
 * the recovery match: the member's words (LinkedIn mentions in place, by the names the
 * organization lookup gave), the post's hashtags the caption does not already hold and, on X,
 * the tracked link. LinkedIn mentions
 * travel beside the text as spans, never as markup inside it: the connector writes the markup,
 * so a caption that types `@[Name](urn:…)` or `](` itself stays plain, escaped text.
 */
import { linkedInMentionUrn, type LinkableNetwork, type Mention } from '@chorus/core';
import { hashtagsToAdd, placeMentions } from '@chorus/core/caption-length';
import type { PublishedMention } from '../connectors/types.ts';
import type { PostRow } from '../db/schema.ts';
import { hashtagsString } from '../presenters/post.ts';

/** A share's published text and its LinkedIn mention spans. */
export interface PublishedText {
  text: string;
  mentions: PublishedMention[];
}

/** The text with each LinkedIn mention's name in place, and where each name sits. */
function withMentions(caption: string, mentions: readonly Mention[]): PublishedText {
  const { text, placed } = placeMentions(caption, mentions);
  return {
    text,
    mentions: placed.flatMap(({ start, length, mention }) => {
      const urn = linkedInMentionUrn(mention);
      return urn === null || length === 0 ? [] : [{ start, length, urn }];
    }),
  };
}

/**
 * The caption as the network shows it: the person's words (LinkedIn mentions placed), the
 * post's hashtags, and on X the tracked link (LinkedIn and Facebook take it as the post's link).
 */
export function publishedText(network: LinkableNetwork, post: Pick<PostRow, 'hashtags'>, caption: string, mentions: readonly Mention[], tracked: string | null): PublishedText {
  const words = network === 'linkedin' ? withMentions(caption, mentions) : { text: caption, mentions: [] };
  const head = words.text.trim() === '' ? words.text : words.text.trimEnd();
  // The caption box shows the hashtags, so the member may have kept or moved them: each goes out once.
  const parts = [head, hashtagsToAdd(head, hashtagsString(post.hashtags))];
  if (network === 'twitter' && tracked !== null) parts.push(tracked);
  const joined = parts.filter((part) => part !== '').join(' ');
  // An empty caption with media is sent as one space (spec 5 "Empty caption").
  if (joined === '') return { text: caption, mentions: [] };
  return { text: joined, mentions: words.mentions.filter((span) => span.start + span.length <= head.length) };
}
