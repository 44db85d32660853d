import type { TFunction } from 'i18next';
import type { NotifiedPost } from '../notifier.ts';
import type { CardElement } from './adaptive-card.ts';

/** Longest summary a card shows, in characters, before it is cut with an ellipsis. */
export const summaryMaxLength = 200;

/**
 * Shortens a caption to at most `max` characters on a word boundary when one is close, with an
 * ellipsis. Counts code points so an emoji or accented letter is never split in half.
 */
export function truncateSummary(text: string, max = summaryMaxLength): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(clean);
  if (chars.length <= max) {
    return clean;
  }
  const cut = chars.slice(0, max - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  // Prefer a word boundary, unless it would throw away a large part of the text.
  const kept = lastSpace >= cut.length * 0.75 ? cut.slice(0, lastSpace) : cut;
  return `${kept.replace(/[\s.,;:!?-]+$/u, '')}…`;
}

/** The card elements that present a published post, shared by the bot and channel cards. */
export function postCardBody(post: NotifiedPost, t: TFunction): CardElement[] {
  const body: CardElement[] = [
    { type: 'TextBlock', text: t('newPost.heading'), size: 'small', weight: 'bolder', color: 'accent', wrap: true },
    { type: 'TextBlock', text: post.title, style: 'heading', size: 'large', weight: 'bolder', wrap: true, spacing: 'small' },
  ];
  if (post.topic) {
    body.push({ type: 'TextBlock', text: t('newPost.topic', { topic: post.topic }), isSubtle: true, spacing: 'none', wrap: true });
  }
  if (post.imageUrl) {
    body.push({ type: 'Image', url: post.imageUrl, altText: t('newPost.imageAlt', { title: post.title }), size: 'stretch' });
  }
  const summary = truncateSummary(post.summary);
  if (summary) {
    body.push({ type: 'TextBlock', text: summary, wrap: true });
  }
  return body;
}
