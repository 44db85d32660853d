import { ShareFlowType } from '@chorus/core';
import type { ChorusHost } from '../../../lib/chorus-context.ts';
import { sendImpressions } from '../api/track-posts.ts';
import { channelOfPage } from './channel.ts';
import { ImpressionBatcher } from './impression-batcher.ts';
import { isPostPath } from './post-path.ts';

/** Share of a card that must be on screen for it to count as seen. */
export const VISIBLE_RATIO = 0.5;
/** Browsers report a crossing of the threshold a hair under it. */
const RATIO_TOLERANCE = 0.01;
/** Post cards carry their id (see the posts feature's PostCard). */
const CARD_SELECTOR = 'article[data-post-id]';

function postIdOf(element: Element): number | null {
  const id = Number(element.getAttribute('data-post-id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Cards in and under a node. */
function cardsIn(node: Node): Element[] {
  if (!(node instanceof Element)) return [];
  const cards = [...node.querySelectorAll(CARD_SELECTOR)];
  return node.matches(CARD_SELECTOR) ? [node, ...cards] : cards;
}

/**
 * Records impressions of the post cards under a root that a person actually saw (at least
 * half on screen), each once per page view: a page view is one list page (feed, topic,
 * search, bookmarks, featured). The post modal pauses counting, as it hides the list behind
 * it, and closing it goes on with the same page view.
 */
export class ImpressionTracker {
  readonly #root: HTMLElement;
  readonly #host: ChorusHost;
  readonly #batcher = new ImpressionBatcher(sendImpressions, ShareFlowType.feedOrTopic);
  readonly #intersections: IntersectionObserver;
  readonly #mutations: MutationObserver;
  #page: string | null = null;
  #paused = true;

  constructor(root: HTMLElement, host: ChorusHost) {
    this.#root = root;
    this.#host = host;
    this.#intersections = new IntersectionObserver((entries) => this.#handleIntersections(entries), { threshold: VISIBLE_RATIO });
    // Lists grow (infinite scroll) and change (carousels, filters): follow their cards.
    this.#mutations = new MutationObserver((records) => {
      for (const record of records) {
        record.removedNodes.forEach((node) => cardsIn(node).forEach((card) => this.#intersections.unobserve(card)));
        record.addedNodes.forEach((node) => cardsIn(node).forEach((card) => this.#intersections.observe(card)));
      }
    });
    this.#mutations.observe(root, { childList: true, subtree: true });
    // The last batch must leave even when the tab is closed or put away.
    window.addEventListener('pagehide', this.#handlePageHide);
    document.addEventListener('visibilitychange', this.#handleVisibilityChange);
  }

  /** The app shows `pathname`: a new page view, the post modal over the current one, or the same page again. */
  show(pathname: string): void {
    if (isPostPath(pathname)) {
      this.#paused = true;
      return;
    }
    const resumed = this.#paused;
    this.#paused = false;
    if (pathname !== this.#page) {
      this.#page = pathname;
      this.#batcher.startPageView(channelOfPage(pathname, this.#host));
      this.#observeAfresh();
    } else if (resumed) {
      this.#observeAfresh();
    }
  }

  /** Sends what is pending and stops observing. */
  stop(): void {
    window.removeEventListener('pagehide', this.#handlePageHide);
    document.removeEventListener('visibilitychange', this.#handleVisibilityChange);
    this.#mutations.disconnect();
    this.#intersections.disconnect();
    this.#batcher.flush(false);
  }

  /** Observes every card again, so the ones on screen now report themselves. */
  #observeAfresh(): void {
    this.#intersections.disconnect();
    cardsIn(this.#root).forEach((card) => this.#intersections.observe(card));
  }

  #handleIntersections(entries: IntersectionObserverEntry[]): void {
    if (this.#paused) return;
    for (const entry of entries) {
      const id = entry.isIntersecting && entry.intersectionRatio >= VISIBLE_RATIO - RATIO_TOLERANCE ? postIdOf(entry.target) : null;
      if (id !== null) this.#batcher.add(id);
    }
  }

  readonly #handlePageHide = (): void => this.#batcher.flush(true);

  readonly #handleVisibilityChange = (): void => {
    if (document.visibilityState === 'hidden') this.#batcher.flush(true);
  };
}
