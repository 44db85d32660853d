/**
 * What a post draft of the admin console may hold (contract/admin-posts.ts): one check, run
 * by the editor next to each field and by the server before it saves. A subpath export
 * (`@chorus/core/post-draft`) like the caption counter it uses, so twitter-text stays out of the
 * member's first render.
 */
import type { AdminPostInput, SuggestedCaptions } from '../contract/admin-posts.ts';
import { POST_HASHTAGS_MAX, POST_HASHTAG_MAX, POST_IMAGES_MAX, POST_TEXT_MAX, POST_TITLE_MAX, POST_TOPICS_MAX } from '../contract/admin-posts.ts';
import { captionLength, withHashtags } from './caption-length.ts';

/** The fields `postDraftProblems` names. */
export type AdminPostField = 'title' | 'content' | 'hashtags' | 'url' | 'images' | 'topic_ids' | 'expiration' | 'captions.twitter' | 'captions.linkedin' | 'captions.facebook';

/** One problem of a draft: the field and its key under `adminPosts.problem.` of `screens`. */
export interface PostDraftProblem {
  field: AdminPostField;
  problem:
    | 'titleEmpty'
    | 'titleLong'
    | 'contentLong'
    | 'hashtagsMany'
    | 'hashtagBad'
    | 'urlBad'
    | 'imagesMany'
    | 'topicsMany'
    | 'expiresBeforeStart'
    | 'twitterLong'
    | 'linkedinLong'
    | 'facebookLong';
}

/** A hashtag as stored: letters, digits and underscores (no '#', no spaces). */
export const HASHTAG_PATTERN = /^[\p{L}\p{N}_]+$/u;

/** Whether a link is an absolute http(s) address with a host. */
export function isWebLink(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Hashtags as typed ('#Launch, growth'): split on spaces and commas, '#' dropped, no repeats. */
export function parseHashtags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of text.split(/[\s,]+/)) {
    const tag = raw.replace(/^#+/, '');
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/**
 * The caption a member starts from on a network: the suggested one, else the post's text, with
 * the post's hashtags it does not already hold (a share always publishes them, caption-length's
 * withHashtags), so the editor's count is the count of what goes out.
 */
export function startingCaption(post: Pick<AdminPostInput, 'content' | 'hashtags' | 'captions'>, network: keyof SuggestedCaptions): string {
  const suggested = post.captions[network];
  const words = suggested !== null && suggested.trim() !== '' ? suggested : post.content.trim();
  return withHashtags(words, post.hashtags.map((tag) => `#${tag}`).join(' '));
}

/**
 * Everything wrong with a draft, in the order of the form's fields: the editor shows each next
 * to its field, and the server refuses a save with any (nothing saved). A link that does not
 * open, or an image the server cannot decode, is found only when the server reads it.
 */
export function postDraftProblems(input: AdminPostInput): PostDraftProblem[] {
  const problems: PostDraftProblem[] = [];
  const title = input.title.trim();
  if (title === '') problems.push({ field: 'title', problem: 'titleEmpty' });
  else if (title.length > POST_TITLE_MAX) problems.push({ field: 'title', problem: 'titleLong' });
  if (input.content.length > POST_TEXT_MAX) problems.push({ field: 'content', problem: 'contentLong' });
  if (input.hashtags.length > POST_HASHTAGS_MAX) problems.push({ field: 'hashtags', problem: 'hashtagsMany' });
  else if (input.hashtags.some((tag) => tag.length > POST_HASHTAG_MAX || !HASHTAG_PATTERN.test(tag))) problems.push({ field: 'hashtags', problem: 'hashtagBad' });
  if (input.url !== null && input.url.trim() !== '' && !isWebLink(input.url.trim())) problems.push({ field: 'url', problem: 'urlBad' });
  if (input.images.length > POST_IMAGES_MAX) problems.push({ field: 'images', problem: 'imagesMany' });
  if (input.topic_ids.length > POST_TOPICS_MAX) problems.push({ field: 'topic_ids', problem: 'topicsMany' });
  if (input.expiration !== null && Date.parse(input.expiration) <= (input.start === null ? Date.now() : Date.parse(input.start))) {
    problems.push({ field: 'expiration', problem: 'expiresBeforeStart' });
  }
  const link = input.url !== null && input.url.trim() !== '' ? input.url.trim() : null;
  for (const network of ['twitter', 'linkedin'] as const) {
    const caption = startingCaption(input, network);
    const counted = captionLength(network, caption, { url: network === 'twitter' ? link : null });
    if (counted.over) problems.push({ field: `captions.${network}`, problem: network === 'twitter' ? 'twitterLong' : 'linkedinLong' });
  }
  if ((input.captions.facebook ?? '').length > POST_TEXT_MAX) problems.push({ field: 'captions.facebook', problem: 'facebookLong' });
  return problems;
}

