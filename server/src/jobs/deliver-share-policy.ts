/**
 * What the delivery engine does after a network answers, and how fast it may publish (pure
 * rules, no database). Only answers that prove the network did not take the post are retried;
 * an answer that leaves it unknown is never re-sent (ARCHITECTURE.md "Jobs and delivery
 * guarantees").
 */
import { ErrorCode, type LinkableNetwork } from '@chorus/core';
import type { PollHandle, PublishOutcome } from '../connectors/types.ts';
import type { ShareReasonKind } from '../presenters/share.ts';

/** Publishing attempts (the first included) before a share that keeps being refused fails. */
export const MAX_DELIVERY_ATTEMPTS = 5;

/** First retry delay for a retryable answer; doubled each attempt up to RETRY_MAX_MS. */
export const RETRY_BASE_MS = 30_000;
/** Longest retry delay. */
export const RETRY_MAX_MS = 30 * 60_000;

/** The next state of a share after one publishing attempt. */
export type DeliveryDecision =
  | { kind: 'published'; networkPostId: string; url: string | null }
  | { kind: 'processing'; networkPostId: string | null; poll: PollHandle }
  /** Back to `queued` at `at`: the network proved it did not take the post. */
  | { kind: 'retry'; at: Date; detail: string }
  /** `failed` with the catalogue code shown to the person; `relink` asks them to link the network again. */
  | { kind: 'failed'; code: number; reason: ShareReasonKind; detail: string; relink: boolean }
  /** `unconfirmed`: it may be on the network; the person is asked to check. */
  | { kind: 'unconfirmed'; detail: string };

/** Catalogue codes of a failed delivery (core/src/domain/errors.ts). */
export const DELIVERY_FAILURE_CODES = {
  duplicate: ErrorCode.DUPLICATE_POST,
  relink: ErrorCode.NETWORK_NOT_LINKED_REDIRECT,
  exhausted: ErrorCode.UNKNOWN,
} as const;

/** Delay before retry number `attempt` (1 for the first retry): exponential, capped, with jitter in [0.5, 1]. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.5 + Math.min(1, Math.max(0, random())) / 2));
}

/** The decision for a connector's outcome after `attempts` attempts (this one included). */
export function decideDelivery(outcome: PublishOutcome, attempts: number, now: Date, random: () => number = Math.random): DeliveryDecision {
  switch (outcome.kind) {
    case 'published':
      return { kind: 'published', networkPostId: outcome.networkPostId, url: outcome.url };
    case 'processing':
      return { kind: 'processing', networkPostId: outcome.networkPostId, poll: outcome.poll };
    case 'duplicate':
      return { kind: 'failed', code: DELIVERY_FAILURE_CODES.duplicate, reason: 'duplicate', detail: outcome.detail, relink: false };
    case 'relink':
      return { kind: 'failed', code: DELIVERY_FAILURE_CODES.relink, reason: 'relink', detail: outcome.detail, relink: true };
    case 'rejected':
      return { kind: 'failed', code: outcome.code, reason: 'rejected', detail: outcome.detail, relink: false };
    case 'unconfirmed':
      return { kind: 'unconfirmed', detail: outcome.detail };
    case 'rate_limited':
    case 'retryable': {
      if (attempts >= MAX_DELIVERY_ATTEMPTS) {
        return { kind: 'failed', code: DELIVERY_FAILURE_CODES.exhausted, reason: outcome.kind, detail: `gave up after ${attempts} attempts: ${outcome.detail}`, relink: false };
      }
      // A 429 says when to come back; never sooner than the backoff would.
      const wait = outcome.kind === 'rate_limited' ? Math.max(outcome.retryAfterMs, 1_000) : retryDelayMs(attempts, random);
      return { kind: 'retry', at: new Date(now.getTime() + wait), detail: outcome.detail };
    }
  }
}

/** A published limit on one person's posts to a network: `limit` posts in any `windowMs`. */
export interface PacingRule {
  limit: number;
  windowMs: number;
}

/**
 * Per-person publishing limits the networks publish, beyond X's (100 posts per 15 minutes per
 * person and 10,000 a day for the app, kept by the X budget of the connectors): LinkedIn's member
 * share limit is 150 a day. Facebook pages have no published per-person post count (their limit
 * is app-wide call volume), so none is applied here.
 */
export const PERSON_PACING: Partial<Record<LinkableNetwork, PacingRule>> = {
  linkedin: { limit: 150, windowMs: 24 * 60 * 60_000 },
};

/**
 * When the next post may start under a pacing rule, given the start times of the person's
 * recent posts to that network: now while fewer than `limit` fall in the window, else when the
 * oldest one that keeps the window full leaves it.
 */
export function nextPacedStart(rule: PacingRule, recentStarts: readonly Date[], now: Date): Date {
  const windowStart = now.getTime() - rule.windowMs;
  const inWindow = recentStarts
    .map((start) => start.getTime())
    .filter((start) => start > windowStart)
    .sort((a, b) => a - b);
  if (inWindow.length < rule.limit) return now;
  const freeing = inWindow[inWindow.length - rule.limit];
  return new Date((freeing ?? now.getTime()) + rule.windowMs);
}

/**
 * Concurrent publishes per network and worker process (one pg-boss queue per network). A publish
 * mostly waits on the network, so the cap is set by what each network tolerates from one app
 * at once, not by our CPU: X's limits are counted per post (the X budget), LinkedIn and Facebook
 * throttle call volume per app.
 */
export const NETWORK_CONCURRENCY: Record<LinkableNetwork, number> = {
  twitter: 16,
  linkedin: 8,
  facebook: 8,
};
