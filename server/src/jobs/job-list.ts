/**
 * Every job of the server, defined once (issue 53): its queue, the queue's and the worker's
 * options, its schedule, what a worker process needs to run it, and its handler. The job
 * runner creates every queue, and a worker process schedules and works each job it can: a new
 * job is one entry here and its module.
 */
import type { Notifier } from '@chorus/bot';
import { LINKABLE_NETWORKS } from '@chorus/core';
import type { PgBoss, Queue, WorkHandler, WorkOptions } from 'pg-boss';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { JobQueue } from '../lib/context.ts';
import { ANNOUNCE_DUE_POSTS_CRON, ANNOUNCE_DUE_POSTS_QUEUE, announceDuePostsQueueOptions, announceDuePostsWorker, announceDuePostsWorkOptions } from './announce-due-posts.ts';
import { deliverShareQueue, deliverShareQueueOptions, deliverShareWorker, deliverShareWorkOptions, type SharePublisher } from './deliver-share.ts';
import { MAIL_REQUEST_QUEUE, mailRequestQueueOptions, mailRequestWorker, mailRequestWorkOptions } from './mail-request.ts';
import { POST_PUBLISHED_QUEUE, postPublishedQueueOptions, postPublishedWorker, postPublishedWorkOptions } from './post-published.ts';
import { PRUNE_EXPIRED_CRON, PRUNE_EXPIRED_QUEUE, pruneExpiredQueueOptions, pruneExpiredWorker, pruneExpiredWorkOptions } from './prune-expired.ts';
import {
  PRUNE_REQUEST_COUNTERS_CRON,
  PRUNE_REQUEST_COUNTERS_QUEUE,
  pruneRequestCountersQueueOptions,
  pruneRequestCountersWorker,
  pruneRequestCountersWorkOptions,
} from './prune-request-counters.ts';
import {
  PURGE_DELETED_POSTS_CRON,
  PURGE_DELETED_POSTS_QUEUE,
  purgeDeletedPostsQueueOptions,
  purgeDeletedPostsWorker,
  purgeDeletedPostsWorkOptions,
} from './purge-deleted-posts.ts';
import { PRUNE_UNCONFIRMED_CRON, PRUNE_UNCONFIRMED_QUEUE, pruneUnconfirmedQueueOptions, pruneUnconfirmedWorker, pruneUnconfirmedWorkOptions } from './prune-unconfirmed.ts';
import { SHARE_METRICS_CRON, SHARE_METRICS_QUEUE, shareMetricsQueueOptions, shareMetricsWorker, shareMetricsWorkOptions } from './share-metrics.ts';
import { SHARE_VIDEO_POLL_QUEUE, shareVideoPollQueueOptions, shareVideoPollWorker, shareVideoPollWorkOptions } from './share-video-poll.ts';

/** What a worker process gives its handlers. */
export interface JobDeps {
  db: Database;
  config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port' | 'mail' | 'dataDir' | 'secretKeys' | 'networks' | 'networkApis' | 'sandboxNetworks' | 'fetchAllowAddresses' | 'delivery'>;
  boss: PgBoss;
  /** Sends further jobs (a video poll again, an announcement's post-published job). */
  queue: JobQueue;
  publisher: SharePublisher | null;
  notifier: Notifier | null;
}

/** One job. */
export interface JobDefinition {
  queue: string;
  queueOptions: Omit<Queue, 'name'>;
  workOptions: WorkOptions;
  /** Cron schedule of a recurring job (pg-boss, UTC). */
  cron?: string;
  /**
   * What a worker needs to run it: nothing more, the networks' publisher (delivery and what
   * reads the networks), or the Teams notifier (announcements; only where they can be delivered).
   */
  needs: 'nothing' | 'publisher' | 'notifier';
  handler: (deps: JobDeps) => WorkHandler<unknown>;
}

function required<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`job handler needs ${what}`);
  return value;
}

/** Every job, in the order its queue is created. */
export const JOBS: readonly JobDefinition[] = [
  { queue: POST_PUBLISHED_QUEUE, queueOptions: postPublishedQueueOptions, workOptions: postPublishedWorkOptions, needs: 'notifier', handler: (d) => postPublishedWorker({ db: d.db, config: d.config, notifier: required(d.notifier, 'the notifier') }) },
  {
    queue: ANNOUNCE_DUE_POSTS_QUEUE,
    queueOptions: announceDuePostsQueueOptions,
    workOptions: announceDuePostsWorkOptions,
    cron: ANNOUNCE_DUE_POSTS_CRON,
    needs: 'notifier',
    handler: (d) => announceDuePostsWorker({ db: d.db, jobs: d.queue }),
  },
  { queue: PRUNE_REQUEST_COUNTERS_QUEUE, queueOptions: pruneRequestCountersQueueOptions, workOptions: pruneRequestCountersWorkOptions, cron: PRUNE_REQUEST_COUNTERS_CRON, needs: 'nothing', handler: (d) => pruneRequestCountersWorker(d.db) },
  { queue: MAIL_REQUEST_QUEUE, queueOptions: mailRequestQueueOptions, workOptions: mailRequestWorkOptions, needs: 'nothing', handler: (d) => mailRequestWorker({ db: d.db, config: d.config }) },
  { queue: PRUNE_EXPIRED_QUEUE, queueOptions: pruneExpiredQueueOptions, workOptions: pruneExpiredWorkOptions, cron: PRUNE_EXPIRED_CRON, needs: 'nothing', handler: (d) => pruneExpiredWorker(d.db) },
  { queue: PRUNE_UNCONFIRMED_QUEUE, queueOptions: pruneUnconfirmedQueueOptions, workOptions: pruneUnconfirmedWorkOptions, cron: PRUNE_UNCONFIRMED_CRON, needs: 'nothing', handler: (d) => pruneUnconfirmedWorker(d.db) },
  { queue: PURGE_DELETED_POSTS_QUEUE, queueOptions: purgeDeletedPostsQueueOptions, workOptions: purgeDeletedPostsWorkOptions, cron: PURGE_DELETED_POSTS_CRON, needs: 'nothing', handler: (d) => purgeDeletedPostsWorker(d.db) },
  ...LINKABLE_NETWORKS.map(
    (network): JobDefinition => ({
      queue: deliverShareQueue(network),
      queueOptions: deliverShareQueueOptions,
      workOptions: deliverShareWorkOptions(),
      needs: 'publisher',
      handler: (d) => deliverShareWorker(deliveryDeps(d), network),
    }),
  ),
  {
    queue: SHARE_VIDEO_POLL_QUEUE,
    queueOptions: shareVideoPollQueueOptions,
    workOptions: shareVideoPollWorkOptions,
    needs: 'nothing',
    handler: (d) => shareVideoPollWorker({ db: d.db, config: d.config, again: (data, afterMs) => d.queue.enqueueShareVideoPoll(data, afterMs) }),
  },
  {
    queue: SHARE_METRICS_QUEUE,
    queueOptions: shareMetricsQueueOptions,
    workOptions: shareMetricsWorkOptions,
    cron: SHARE_METRICS_CRON,
    needs: 'publisher',
    handler: (d) => {
      const publisher = required(d.publisher, 'the publisher');
      return shareMetricsWorker(d.db, (share) => publisher.metrics(share));
    },
  },
];

/** What delivering needs (the delivery workers and the due-share sweep). */
export function deliveryDeps(d: JobDeps) {
  return {
    db: d.db,
    publisher: required(d.publisher, 'the publisher'),
    leaseMs: d.config.delivery.leaseSeconds * 1000,
    boss: d.boss,
    enqueueVideoPoll: (shareId: number, afterMs: number) => d.queue.enqueueShareVideoPoll({ shareId, polls: 0 }, afterMs),
  };
}

/** Whether a worker process with these deps runs the job. */
export function runsHere(job: JobDefinition, deps: Pick<JobDeps, 'publisher' | 'notifier'>): boolean {
  return job.needs === 'nothing' || (job.needs === 'publisher' ? deps.publisher !== null : deps.notifier !== null);
}
