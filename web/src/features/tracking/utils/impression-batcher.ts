import { MAX_IMPRESSIONS_PER_REQUEST, type ShareFlowType } from '@chorus/core';

/** Quiet time after the last card seen before a batch is sent. */
export const IMPRESSION_IDLE_MS = 1_000;

/** Sends a batch; `keepalive` while the page is going away. */
export type SendImpressions = (postIds: readonly number[], channel: ShareFlowType, keepalive: boolean) => void;

/**
 * Collects the post cards seen during one page view and sends each id once: in a batch after
 * a quiet second, straight away when a batch is full, and whatever is left when the page
 * view ends or the page is hidden.
 */
export class ImpressionBatcher {
  readonly #send: SendImpressions;
  readonly #idleMs: number;
  readonly #seen = new Set<number>();
  #pending: number[] = [];
  #channel: ShareFlowType;
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(send: SendImpressions, channel: ShareFlowType, idleMs: number = IMPRESSION_IDLE_MS) {
    this.#send = send;
    this.#channel = channel;
    this.#idleMs = idleMs;
  }

  /** A card was seen; ids already seen in this page view are ignored. */
  add(postId: number): void {
    if (this.#seen.has(postId)) return;
    this.#seen.add(postId);
    this.#pending.push(postId);
    if (this.#pending.length >= MAX_IMPRESSIONS_PER_REQUEST) {
      this.flush(false);
      return;
    }
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.flush(false), this.#idleMs);
  }

  /** Ends the page view: sends what is pending, then counts cards again, on `channel`. */
  startPageView(channel: ShareFlowType): void {
    this.flush(false);
    this.#seen.clear();
    this.#channel = channel;
  }

  /** Sends what is pending now, in batches of at most the contract's maximum. */
  flush(keepalive: boolean): void {
    if (this.#timer !== null) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    while (this.#pending.length > 0) {
      this.#send(this.#pending.splice(0, MAX_IMPRESSIONS_PER_REQUEST), this.#channel, keepalive);
    }
  }
}
