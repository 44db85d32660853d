/**
 * Job: follow a native video share while the network processes the video (issue 14 "Native
 * video"). The share stays `publishing` with the connector's poll handle; each run asks the
 * network once, then either records the outcome (published or failed, with the
 * video_share_succeeded / video_share_failed event the notifications issue turns into notices)
 * or stores the new handle and sends itself again after the network's suggested wait.
 */
import { SHAREABLE_NETWORK_SLUGS, isShareableNetwork } from '@chorus/core';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Queue, WorkHandler, WorkOptions } from 'pg-boss';
import { z } from 'zod';
import { recordOutcome } from '../commands/share-now.ts';
import { withFreshAccount, type ConnectorDeps } from '../connectors/registry.ts';
import type { PublishOutcome } from '../connectors/types.ts';
import { shares } from '../db/schema.ts';

/** The pg-boss queue. */
export const SHARE_VIDEO_POLL_QUEUE = 'share-video-poll';

/** A run that throws (database or network trouble) is tried again a few times. */
export const shareVideoPollQueueOptions: Omit<Queue, 'name'> = {
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  notify: true,
};

/** Worker options: NOTIFY wakes the worker, polling every second is the backstop. */
export const shareVideoPollWorkOptions: WorkOptions = { batchSize: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 };

/** Polls a processing video at most this many times (a day at the longest waits) before giving up as unconfirmed. */
export const MAX_VIDEO_POLLS = 500;

/** The job's payload. */
export const ShareVideoPollData = z.object({ shareId: z.number().int().positive(), polls: z.number().int().nonnegative().default(0) });
/** The job's payload. */
export type ShareVideoPollData = z.infer<typeof ShareVideoPollData>;

/** What the handler needs. */
export interface ShareVideoPollDeps extends ConnectorDeps {
  /** Sends the next poll after `afterMs`. */
  again(data: ShareVideoPollData, afterMs: number): Promise<void>;
}

/** One poll of a processing share; returns the state it left the share in. */
export async function handleShareVideoPoll(deps: ShareVideoPollDeps, data: ShareVideoPollData): Promise<string> {
  const [share] = await deps.db
    .select()
    .from(shares)
    .where(and(eq(shares.id, data.shareId), eq(shares.state, 'publishing'), isNotNull(shares.pollState)))
    .limit(1);
  if (!share || share.pollState === null || share.userId === null || !isShareableNetwork(share.network)) return 'gone';
  const network = SHAREABLE_NETWORK_SLUGS[share.network];
  const handle = { state: share.pollState, afterMs: 0 };
  let outcome: PublishOutcome;
  if (data.polls >= MAX_VIDEO_POLLS) {
    outcome = { kind: 'unconfirmed', detail: `still processing after ${data.polls} polls` };
  } else {
    const result = await withFreshAccount(deps, { userId: share.userId, companyId: share.companyId, network }, (connector, account) => connector.poll(account, handle));
    outcome = result.kind === 'done' ? result.value : result.kind === 'relink' ? { kind: 'relink', detail: result.detail } : { kind: 'retryable', detail: result.kind };
  }
  if (outcome.kind === 'processing') {
    await deps.db.update(shares).set({ pollState: outcome.poll.state, updated: sql`now()` }).where(eq(shares.id, share.id));
    await deps.again({ shareId: share.id, polls: data.polls + 1 }, outcome.poll.afterMs);
    return 'processing';
  }
  return (await recordOutcome(deps, share, outcome, { video: true })).state;
}

/** The pg-boss handler. */
export function shareVideoPollWorker(deps: ShareVideoPollDeps): WorkHandler<unknown> {
  return async (jobs) => {
    for (const job of jobs) await handleShareVideoPoll(deps, ShareVideoPollData.parse(job.data));
  };
}
