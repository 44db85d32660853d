/**
 * Job: publish a queued or scheduled share when it is due (content-library spec 4 "Queue";
 * ARCHITECTURE.md "Jobs and delivery guarantees"). One pg-boss queue per network caps how many
 * publishes run at once; a share moves `queued -> publishing` in one UPDATE committed before the
 * network is called, so exactly one worker takes it and a crash never re-sends it blindly.
 */
import { networkIdOfSlug, SHAREABLE_NETWORK_SLUGS, type LinkableNetwork, type ShareableNetworkId } from '@chorus/core';
import { and, asc, count, eq, gt, inArray, isNotNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { PgBoss, Queue, WorkHandler, WorkOptions } from 'pg-boss';
import { z } from 'zod';
import type { PostMetrics, PublishOutcome } from '../connectors/types.ts';
import type { Database } from '../db/database.ts';
import { shares, type ShareRow } from '../db/schema.ts';
import { recordEvent, type EventBody } from '../commands/share-events.ts';
import { recordShareOutcome } from '../lib/metrics.ts';
import { recheckShare } from '../commands/share-checks.ts';
import { cancelledReason, storedReason } from '../presenters/share.ts';
import { decideDelivery, nextPacedStart, NETWORK_CONCURRENCY, PERSON_PACING, type DeliveryDecision } from './deliver-share-policy.ts';

/** The pg-boss queue of a network's deliveries. */
export function deliverShareQueue(network: LinkableNetwork): string {
  return `deliver-share-${network}`;
}

/**
 * Queue options. pg-boss's own retries are off: a failed handler (a database hiccup) leaves the
 * share `queued` for the sweeper or `publishing` for recovery, which are the only ways back.
 * `short`: at most one waiting job per singleton key (share and due time), so the sweeper never
 * piles duplicates onto a backlog.
 */
export const deliverShareQueueOptions: Omit<Queue, 'name'> = {
  policy: 'short',
  retryLimit: 0,
  expireInSeconds: 600,
  notify: true,
};

/**
 * Worker options of a network. A job only wakes the worker (the handler takes due shares in
 * batches itself), so many jobs are fetched and completed at once; two handlers run at once.
 */
export function deliverShareWorkOptions(): WorkOptions {
  return {
    batchSize: 100,
    localConcurrency: 2,
    burstWhenBatchFull: true,
    pollingIntervalSeconds: 0.5,
    notifyPollingIntervalSeconds: 1,
  };
}

/** The job's payload. */
export const DeliverShareData = z.object({ shareId: z.number().int().positive() });
/** The job's payload. */
export type DeliverShareData = z.infer<typeof DeliverShareData>;

/** A share's place in a posting budget: taken, or wait `waitMs` because `scope`'s is spent. */
export type BudgetAnswer = { kind: 'ok' } | { kind: 'later'; waitMs: number; scope: string };

/** Publishes a claimed share through its network's connector, and looks for it after a crash. */
export interface SharePublisher {
  /**
   * Takes each share's place in an app-wide posting budget (X), or says how long it waits for
   * one; one answer per share, in order (a batch takes its places in one transaction).
   */
  budget(shares: readonly ShareRow[]): Promise<BudgetAnswer[]>;
  /** Calls the network (fresh token, caption with the tracked link). Never throws for a network answer. */
  publish(share: ShareRow): Promise<PublishOutcome>;
  /** The post if the network shows it among the account's recent posts; null when not found or not supported. */
  findRecent(share: ShareRow): Promise<{ networkPostId: string; url: string | null } | null>;
  /** A published share's numbers as the network reports them (jobs/share-metrics); null when it says nothing. */
  metrics(share: ShareRow): Promise<PostMetrics | null>;
}

/** What the handlers need. */
export interface DeliverShareDeps {
  db: Database;
  publisher: SharePublisher;
  /** A share in `publishing` longer than this (ms) belongs to a worker that died. */
  leaseMs: number;
  /** Starts the job that follows a native video the network is still processing (share now's). */
  enqueueVideoPoll?: (shareId: number, afterMs: number) => Promise<void>;
  now?: () => Date;
}

/** How one delivery job ended. */
export type DeliveryResult = 'not-due' | 'paced' | 'reminder' | 'cancelled' | DeliveryDecision['kind'];

function slugOf(network: number): LinkableNetwork {
  return SHAREABLE_NETWORK_SLUGS[network as ShareableNetworkId];
}

/** Whether a share is a Facebook share to a personal profile, which no API may publish. */
export function isFacebookProfileShare(share: Pick<ShareRow, 'network' | 'pageId'>): boolean {
  return slugOf(share.network) === 'facebook' && share.pageId === null;
}

/**
 * Keeps a person's posts to a network within its published limit: the time a claimed share may
 * start, or null when it may start now. Counts the person's other posts that started in the
 * window (shares claimed together count each other, so a batch never overshoots).
 */
async function pacedStart(deps: DeliverShareDeps, share: ShareRow, now: Date): Promise<Date | null> {
  const rule = PERSON_PACING[slugOf(share.network)];
  if (rule === undefined || share.userId === null) return null;
  const recent = await deps.db
    .select({ at: shares.publishingAt })
    .from(shares)
    .where(
      and(
        eq(shares.userId, share.userId),
        eq(shares.network, share.network),
        ne(shares.id, share.id),
        isNotNull(shares.publishingAt),
        gt(shares.publishingAt, new Date(now.getTime() - rule.windowMs)),
      ),
    );
  const next = nextPacedStart(rule, recent.flatMap((row) => (row.at === null ? [] : [row.at])), now);
  return next.getTime() > now.getTime() ? next : null;
}

/**
 * Takes a due share: `queued -> publishing` in one statement, committed on its own before the
 * network is called. Null when it is not due, was rescheduled, removed or taken by another worker.
 */
export async function claimShare(db: Database, shareId: number): Promise<ShareRow | null> {
  const [row] = await db
    .update(shares)
    .set({ state: 'publishing', publishingAt: sql`now()`, attempts: sql`${shares.attempts} + 1`, updated: sql`now()` })
    .where(and(eq(shares.id, shareId), eq(shares.state, 'queued'), lte(shares.dueAt, sql`now()`)))
    .returning();
  return row ?? null;
}

/**
 * Takes up to `limit` due shares of a network, oldest due first, in one statement: rows another
 * worker is taking are skipped, not waited for, so workers never take the same share.
 */
export async function claimDueShares(db: Database, network: number, limit: number): Promise<ShareRow[]> {
  const due = db
    .select({ id: shares.id })
    .from(shares)
    .where(and(eq(shares.state, 'queued'), eq(shares.network, network), lte(shares.dueAt, sql`now()`)))
    .orderBy(asc(shares.dueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(shares)
    .set({ state: 'publishing', publishingAt: sql`now()`, attempts: sql`${shares.attempts} + 1`, updated: sql`now()` })
    .where(and(inArray(shares.id, due), eq(shares.state, 'queued')))
    .returning();
}

/** Records a decision on a share this worker claimed, with its event, in one transaction. */
async function applyDecision(deps: DeliverShareDeps, share: ShareRow, decision: DeliveryDecision, now: Date): Promise<void> {
  // The claim's attempt number fences the row: a later claim (after a retry) has another. Not the
  // claim time, which PostgreSQL keeps to the microsecond and a JavaScript Date to the millisecond.
  const mine = and(eq(shares.id, share.id), eq(shares.state, 'publishing'), eq(shares.attempts, share.attempts));
  const base = { companyId: share.companyId, userId: share.userId, postId: share.postId, network: share.network };
  const moved = await deps.db.transaction(async (tx): Promise<boolean> => {
    switch (decision.kind) {
      case 'published': {
        // Recovery may have marked it unconfirmed meanwhile (a very slow network): the answer wins.
        const [row] = await tx
          .update(shares)
          .set({ state: 'published', networkPostId: decision.networkPostId, networkUrl: decision.url, publishedAt: now, updated: now, errorCode: null, errorReason: null, pollState: null })
          .where(and(eq(shares.id, share.id), inArray(shares.state, ['publishing', 'unconfirmed'])))
          .returning({ id: shares.id });
        if (row) await recordEvent(tx, { ...base, kind: 'share_published', data: { shareId: share.id, networkPostId: decision.networkPostId, url: decision.url, queued: true } });
        return row !== undefined;
      }
      case 'processing': {
        await tx
          .update(shares)
          .set({ networkPostId: decision.networkPostId, pollState: decision.poll.state, updated: now })
          .where(mine);
        await recordEvent(tx, { ...base, kind: 'video_share_processing', data: { shareId: share.id } });
        await deps.enqueueVideoPoll?.(share.id, decision.poll.afterMs);
        return false;
      }
      case 'retry': {
        const [row] = await tx
          .update(shares)
          .set({ state: 'queued', dueAt: decision.at, errorReason: storedReason('retryable', decision.detail), updated: now })
          .where(mine)
          .returning({ id: shares.id });
        if (row) await recordEvent(tx, { ...base, kind: 'share_delayed', data: { shareId: share.id, dueAt: decision.at.toISOString(), reason: 'retry' } });
        return false;
      }
      case 'failed': {
        const [row] = await tx
          .update(shares)
          .set({ state: 'failed', errorCode: decision.code, errorReason: storedReason(decision.reason, decision.detail), updated: now })
          .where(mine)
          .returning({ id: shares.id });
        if (!row) return false;
        await recordEvent(tx, { ...base, kind: 'share_failed', data: { shareId: share.id, code: decision.code, reason: decision.reason } });
        if (decision.relink) await recordEvent(tx, { ...base, kind: 'relink_needed', data: { shareId: share.id } });
        return true;
      }
      case 'unconfirmed': {
        const [row] = await tx
          .update(shares)
          .set({ state: 'unconfirmed', errorReason: storedReason('unconfirmed', decision.detail), updated: now })
          .where(mine)
          .returning({ id: shares.id });
        if (row) await recordEvent(tx, { ...base, kind: 'share_unconfirmed', data: { shareId: share.id, reason: decision.detail } });
        return row !== undefined;
      }
    }
  });
  // Counted once the outcome is committed, for the settled states only.
  if (moved && decision.kind !== 'processing' && decision.kind !== 'retry') recordShareOutcome(share.network, decision.kind);
}

/** Moves a share this worker claimed (its claim still holds) and records the event, in one transaction. */
async function moveClaimed(deps: DeliverShareDeps, share: ShareRow, values: PgUpdateSetSource<typeof shares>, event: EventBody): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(shares)
      .set(values)
      .where(and(eq(shares.id, share.id), eq(shares.state, 'publishing'), eq(shares.attempts, share.attempts)))
      .returning({ id: shares.id });
    if (row) await recordEvent(tx, { companyId: share.companyId, userId: share.userId, postId: share.postId, network: share.network, ...event });
    return row !== undefined;
  });
}

/**
 * Returns a claimed share to the queue before the network was called (pacing, a spent budget):
 * the attempt is not counted, and the person is told it moved.
 */
async function putBack(deps: DeliverShareDeps, share: ShareRow, dueAt: Date, reason: string, now: Date): Promise<void> {
  await moveClaimed(
    deps,
    share,
    { state: 'queued', dueAt, publishingAt: null, attempts: sql`greatest(${shares.attempts} - 1, 0)`, updated: now },
    { kind: 'share_delayed', data: { shareId: share.id, dueAt: dueAt.toISOString(), reason } },
  );
}

/**
 * Ends a claimed share that may no longer go out (checkShare refused it at its time: the post
 * is gone, internal or expired, the company's rules or networks changed, the member left, the
 * network was unlinked): `cancelled` with the refusal's code and reason, never published.
 */
async function cancel(deps: DeliverShareDeps, share: ShareRow, refusal: { code: number; message: string }, now: Date): Promise<void> {
  const moved = await moveClaimed(
    deps,
    share,
    { state: 'cancelled', errorCode: refusal.code, errorReason: storedReason(cancelledReason(refusal.code), refusal.message), publishingAt: null, updated: now },
    { kind: 'share_cancelled', data: { shareId: share.id, code: refusal.code } },
  );
  if (moved) recordShareOutcome(share.network, 'cancelled');
}

/**
 * Turns a due Facebook profile share into a reminder: Facebook lets no app post to a profile, so
 * at its time the person gets a notice that opens the share dialog with the caption ready. The
 * row becomes an open intent (`unconfirmed`, method `intent`) until they complete it.
 */
async function remind(deps: DeliverShareDeps, share: ShareRow, now: Date): Promise<void> {
  await moveClaimed(
    deps,
    share,
    { state: 'unconfirmed', method: 'intent', errorReason: storedReason('intent_open', 'reminder'), updated: now },
    { kind: 'share_reminder', data: { shareId: share.id } },
  );
}

/**
 * Publishes shares this worker claimed, concurrently, and records each outcome: a Facebook
 * profile share becomes a reminder; a share over its person's pacing or a spent budget goes back
 * to the queue with a later due time; the rest go to the network. One result per share, in order.
 */
export async function publishClaimed(deps: DeliverShareDeps, claimed: readonly ShareRow[]): Promise<DeliveryResult[]> {
  const results = new Map<number, DeliveryResult>();
  const toBudget: ShareRow[] = [];
  await Promise.all(
    claimed.map(async (share) => {
      const now = deps.now?.() ?? new Date();
      // Share now's checks again, at the share's time: what was allowed when queued may not be now.
      const refusal = await recheckShare(deps.db, share);
      if (refusal !== null) {
        await cancel(deps, share, refusal, now);
        results.set(share.id, 'cancelled');
        return;
      }
      if (isFacebookProfileShare(share)) {
        await remind(deps, share, now);
        results.set(share.id, 'reminder');
        return;
      }
      const paced = await pacedStart(deps, share, now);
      if (paced !== null) {
        await putBack(deps, share, paced, 'network_limit', now);
        results.set(share.id, 'paced');
        return;
      }
      toBudget.push(share);
    }),
  );
  const budgets = await deps.publisher.budget(toBudget);
  await Promise.all(
    toBudget.map(async (share, index) => {
      const now = deps.now?.() ?? new Date();
      const budget = budgets[index] ?? { kind: 'ok' };
      if (budget.kind === 'later') {
        await putBack(deps, share, new Date(now.getTime() + budget.waitMs), `budget_${budget.scope}`, now);
        results.set(share.id, 'paced');
        return;
      }
      let outcome: PublishOutcome;
      try {
        outcome = await deps.publisher.publish(share);
      } catch (error) {
        // The connector maps every network answer; a throw is ours, and the request may have left.
        outcome = { kind: 'unconfirmed', detail: `publish failed: ${error instanceof Error ? error.message : String(error)}` };
      }
      const decision = decideDelivery(outcome, share.attempts, deps.now?.() ?? new Date());
      await applyDecision(deps, share, decision, deps.now?.() ?? new Date());
      results.set(share.id, decision.kind);
    }),
  );
  return claimed.map((share) => results.get(share.id) ?? 'not-due');
}

/** Delivers one share if it is due: claims, publishes and records the outcome. */
export async function deliverShare(deps: DeliverShareDeps, shareId: number): Promise<DeliveryResult> {
  const claimed = await claimShare(deps.db, shareId);
  if (!claimed) return 'not-due';
  const [result] = await publishClaimed(deps, [claimed]);
  return result ?? 'not-due';
}

/**
 * Publishes a network's due shares a batch at a time until none is due or `max` were taken
 * (the job then ends, and the next job or sweep goes on). Returns how many were taken.
 */
export async function deliverDueShares(deps: DeliverShareDeps, network: LinkableNetwork, options: { batch: number; max: number }): Promise<number> {
  const id = networkIdOfSlug(network);
  let taken = 0;
  while (taken < options.max) {
    const claimed = await claimDueShares(deps.db, id, Math.min(options.batch, options.max - taken));
    if (claimed.length === 0) break;
    taken += claimed.length;
    await publishClaimed(deps, claimed);
  }
  return taken;
}

/**
 * Settles shares left in `publishing` past the lease (their worker died): published when the
 * network shows the post among the account's recent posts, else `unconfirmed` with the reason
 * and an event telling the person. Never re-sent. Returns how many were settled.
 */
export async function recoverStalledShares(deps: DeliverShareDeps): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const stalled = await deps.db
    .select()
    .from(shares)
    .where(and(eq(shares.state, 'publishing'), lt(shares.publishingAt, new Date(now.getTime() - deps.leaseMs)), sql`${shares.pollState} is null`))
    .orderBy(asc(shares.publishingAt))
    .limit(500);
  let settled = 0;
  for (const share of stalled) {
    let found: { networkPostId: string; url: string | null } | null = null;
    try {
      found = await deps.publisher.findRecent(share);
    } catch {
      found = null;
    }
    const decision: DeliveryDecision = found
      ? { kind: 'published', networkPostId: found.networkPostId, url: found.url }
      : { kind: 'unconfirmed', detail: 'the worker stopped during the call; the post was not sent again' };
    if (decision.kind === 'published') {
      // Only from publishing here: another recoverer may have settled it already.
      const [row] = await deps.db.transaction(async (tx) => {
        const rows = await tx
          .update(shares)
          .set({ state: 'published', networkPostId: decision.networkPostId, networkUrl: decision.url, publishedAt: now, updated: now })
          .where(and(eq(shares.id, share.id), eq(shares.state, 'publishing')))
          .returning({ id: shares.id });
        if (rows.length > 0) {
          await recordEvent(tx, {
            companyId: share.companyId,
            userId: share.userId,
            postId: share.postId,
            network: share.network,
            kind: 'share_published',
            data: { shareId: share.id, networkPostId: decision.networkPostId, url: decision.url, recovered: true },
          });
        }
        return rows;
      });
      if (row) {
        settled += 1;
        recordShareOutcome(share.network, 'published');
      }
    } else {
      await applyDecision(deps, share, decision, now);
      settled += 1;
    }
  }
  return settled;
}

/**
 * How long a due share may wait with no worker taking any share before delivery counts as
 * stalled: a minute, or four sweeps where sweeps are rarer.
 */
export function deliveryStallMs(config: { delivery: { sweepSeconds: number } }): number {
  return Math.max(60_000, 4 * config.delivery.sweepSeconds * 1000);
}

/**
 * Whether delivery has stalled, read from the database so any process can tell (the readiness
 * probe of an API process, whose workers run elsewhere): a share has been due for longer than
 * `stallMs` and no worker took any share in that time. A long wave that workers are working
 * through is not a stall.
 */
export async function deliveryStalled(db: Database, stallMs: number): Promise<boolean> {
  const since = sql`now() - ${`${Math.round(stallMs)} milliseconds`}::interval`;
  const [overdue] = await db
    .select({ id: shares.id })
    .from(shares)
    .where(and(eq(shares.state, 'queued'), lt(shares.dueAt, since)))
    .limit(1);
  if (!overdue) return false;
  const [recent] = await db.select({ id: shares.id }).from(shares).where(gt(shares.publishingAt, since)).limit(1);
  return recent === undefined;
}

/** How many shares wait for delivery or its outcome (queued or publishing). */
export async function undeliveredShareCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(shares).where(inArray(shares.state, ['queued', 'publishing']));
  return row?.n ?? 0;
}

/** Sends a delivery job for a share due at `dueAt` (the API on queueing, the sweeper for missed ones). */
export async function sendDelivery(boss: PgBoss, share: Pick<ShareRow, 'id' | 'network' | 'dueAt'>): Promise<void> {
  const data: DeliverShareData = { shareId: share.id };
  await boss.send(deliverShareQueue(slugOf(share.network)), data, {
    ...(share.dueAt === null ? {} : { startAfter: share.dueAt }),
    singletonKey: `${share.id}:${share.dueAt?.getTime() ?? 0}`,
  });
}

/**
 * Wakes the workers of every network with due shares still `queued` (a worker died, a job
 * expired, a NOTIFY was missed) and recovers stalled ones. One wake-up job per network, keyed so
 * that a sweep never adds a second while one waits: the woken worker takes the due shares in
 * batches itself. Returns how many shares were due.
 */
export async function sweepDueShares(deps: DeliverShareDeps & { boss: PgBoss }): Promise<number> {
  const now = deps.now?.() ?? new Date();
  await recoverStalledShares(deps);
  const due = await deps.db
    .select({ network: shares.network, n: count(), first: sql<number>`min(${shares.id})`.mapWith(Number) })
    .from(shares)
    .where(and(eq(shares.state, 'queued'), lte(shares.dueAt, now)))
    .groupBy(shares.network);
  let total = 0;
  for (const row of due) {
    total += row.n;
    const data: DeliverShareData = { shareId: row.first };
    await deps.boss.send(deliverShareQueue(slugOf(row.network)), data, { singletonKey: 'sweep' });
  }
  return total;
}

/** Shares one delivery job takes at most before it ends and leaves the rest to the next job. */
export const DELIVERY_JOB_MAX_SHARES = 500;

/**
 * The pg-boss work handler of a network's queue. A job (one per queued share, due at its time,
 * or a sweeper's wake-up) wakes the worker, which then takes the network's due shares in batches
 * of half the network's cap; two handlers run at once, so the cap is in flight.
 */
export function deliverShareWorker(deps: DeliverShareDeps, network: LinkableNetwork): WorkHandler<unknown, void> {
  return async (jobs) => {
    for (const job of jobs) DeliverShareData.parse(job.data);
    await deliverDueShares(deps, network, { batch: Math.max(1, Math.floor(NETWORK_CONCURRENCY[network] / 2)), max: DELIVERY_JOB_MAX_SHARES });
  };
}
