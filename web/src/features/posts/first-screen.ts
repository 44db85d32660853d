import { preload } from 'react-dom';
import type { FeedResponse, Post } from '@chorus/core';
import { cardPictureOf, postMediaKind } from './components/post-media-kind.ts';

/**
 * How many cards a page's first grid shows on its first screen (a phone's one and a half cards, a
 * desktop's first row). Their media loads at once, at high priority, instead of waiting for the
 * layout a lazy image needs: the first card's picture is the page's largest paint.
 */
export const FIRST_SCREEN_CARDS = 2;

/** The feed's first grid: its featured carousel when it has featured posts (it comes first), else its latest posts. */
export function feedFirstGrid(feed: Pick<FeedResponse, 'featured'>): 'featured' | 'latest' {
  return feed.featured.length > 0 ? 'featured' : 'latest';
}

/** The feed's first card: the first of its first grid, if any. */
export function feedFirstCard(feed: Pick<FeedResponse, 'featured' | 'latest'>): Post | undefined {
  return (feedFirstGrid(feed) === 'featured' ? feed.featured : feed.latest)[0];
}

/**
 * Starts loading the picture of a page's first card as soon as the page's data has arrived, at
 * high priority: it is the page's largest paint on a phone, and the card's own <img> asked for
 * it only once the page had rendered, a few hundred milliseconds of a phone's main thread later.
 * Only the first: the others of the first screen (FIRST_SCREEN_CARDS) load when their cards
 * render, and a second picture ahead of the first would share a slow network with it (a phone's
 * carousel shows one featured post). React's preload() adds one <link rel="preload"> per
 * picture to the document, however often the data comes.
 */
export function preloadFirstCard(post: Post | undefined): void {
  const picture = post === undefined ? null : cardPictureOf(postMediaKind(post));
  if (picture !== null) preload(picture, { as: 'image', fetchPriority: 'high' });
}
