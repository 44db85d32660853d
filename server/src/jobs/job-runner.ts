/**
 * pg-boss on the server's own database: the embedded PGlite instance through pg-boss's
 * PGlite adapter, or PostgreSQL by connection string. API processes only send jobs; worker
 * processes also run handlers and pg-boss maintenance.
 */
import type { Notifier } from '@chorus/bot';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromPglite, type ConstructorOptions } from 'pg-boss';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { outageOf } from '../db/outage.ts';
import type { JobQueue } from '../lib/context.ts';
import {
  ANNOUNCE_DUE_POSTS_CRON,
  ANNOUNCE_DUE_POSTS_QUEUE,
  announceDuePostsQueueOptions,
  announceDuePostsWorker,
  announceDuePostsWorkOptions,
} from './announce-due-posts.ts';
import {
  PRUNE_REQUEST_COUNTERS_CRON,
  PRUNE_REQUEST_COUNTERS_QUEUE,
  pruneRequestCountersQueueOptions,
  pruneRequestCountersWorker,
  pruneRequestCountersWorkOptions,
} from './prune-request-counters.ts';
import {
  PRUNE_UNCONFIRMED_CRON,
  PRUNE_UNCONFIRMED_QUEUE,
  pruneUnconfirmedQueueOptions,
  pruneUnconfirmedWorker,
  pruneUnconfirmedWorkOptions,
} from './prune-unconfirmed.ts';
import { PRUNE_EXPIRED_CRON, PRUNE_EXPIRED_QUEUE, pruneExpiredQueueOptions, pruneExpiredWorker, pruneExpiredWorkOptions } from './prune-expired.ts';
import { MAIL_REQUEST_QUEUE, mailRequestQueueOptions, mailRequestWorker, mailRequestWorkOptions, type MailRequestData } from './mail-request.ts';
import {
  deliverShareQueue,
  deliverShareQueueOptions,
  deliverShareWorker,
  deliverShareWorkOptions,
  sendDelivery,
  sweepDueShares,
  type SharePublisher,
} from './deliver-share.ts';
import { LINKABLE_NETWORKS } from '@chorus/core';
import {
  SHARE_VIDEO_POLL_QUEUE,
  shareVideoPollQueueOptions,
  shareVideoPollWorker,
  shareVideoPollWorkOptions,
  type ShareVideoPollData,
} from './share-video-poll.ts';
import { SHARE_METRICS_CRON, SHARE_METRICS_QUEUE, shareMetricsQueueOptions, shareMetricsWorker, shareMetricsWorkOptions } from './share-metrics.ts';
import { POST_PUBLISHED_QUEUE, postPublishedQueueOptions, postPublishedWorker, postPublishedWorkOptions, type PostPublishedData } from './post-published.ts';

/** A started job system. */
export interface JobRunner extends JobQueue {
  boss: PgBoss;
  /** Stops workers (letting running jobs finish) and pg-boss. */
  stop(): Promise<void>;
}

/** How to start the job system. */
export interface JobRunnerOptions {
  database: DatabaseHandle;
  config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port' | 'mail' | 'dataDir' | 'secretKeys' | 'networks' | 'networkApis' | 'sandboxNetworks' | 'fetchAllowAddresses' | 'delivery'>;
  /** Run handlers and maintenance in this process. */
  work: boolean;
  /** Where Teams notifications go; without one, the post-published job is not worked here. */
  notifier: Notifier | null;
  /** Publishes queued shares through the networks' connectors; without one, shares are not delivered here. */
  publisher?: SharePublisher | null;
  log: FastifyBaseLogger;
}

function connection(database: DatabaseHandle): ConstructorOptions {
  return database.driver.kind === 'pglite'
    ? { db: fromPglite(database.driver.client), backend: 'pglite' }
    : { connectionString: database.driver.url, max: 4 };
}

/** Starts pg-boss, creates the queues and, for workers, registers the handlers. */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const boss = new PgBoss({ ...connection(options.database), useListenNotify: true, supervise: options.work, schedule: options.work });
  // While the database is down pg-boss fails every few seconds: the outage is logged once.
  const outage = outageOf(options.database);
  const failed = (message: string) => (error: unknown) =>
    void outage.report(error, options.log).then((counted) => {
      if (!counted) options.log.error({ err: error }, message);
    });
  boss.on('error', failed('job system error'));
  await boss.start();
  await boss.createQueue(POST_PUBLISHED_QUEUE, postPublishedQueueOptions);
  await boss.createQueue(ANNOUNCE_DUE_POSTS_QUEUE, announceDuePostsQueueOptions);
  await boss.createQueue(PRUNE_REQUEST_COUNTERS_QUEUE, pruneRequestCountersQueueOptions);
  await boss.createQueue(MAIL_REQUEST_QUEUE, mailRequestQueueOptions);
  await boss.createQueue(PRUNE_EXPIRED_QUEUE, pruneExpiredQueueOptions);
  await boss.createQueue(PRUNE_UNCONFIRMED_QUEUE, pruneUnconfirmedQueueOptions);
  for (const network of LINKABLE_NETWORKS) await boss.createQueue(deliverShareQueue(network), deliverShareQueueOptions);
  await boss.createQueue(SHARE_VIDEO_POLL_QUEUE, shareVideoPollQueueOptions);
  await boss.createQueue(SHARE_METRICS_QUEUE, shareMetricsQueueOptions);
  const queue: JobQueue = {
    async enqueuePostPublished(postId) {
      const data: PostPublishedData = { postId };
      await boss.send(POST_PUBLISHED_QUEUE, data);
    },
    async enqueueMailRequest(data: MailRequestData) {
      await boss.send(MAIL_REQUEST_QUEUE, data);
    },
    async enqueueDelivery(share) {
      await sendDelivery(boss, share);
    },
    async enqueueShareVideoPoll(data: ShareVideoPollData, afterMs: number) {
      await boss.send(SHARE_VIDEO_POLL_QUEUE, data, { startAfter: Math.max(0, Math.ceil(afterMs / 1000)) });
    },
  };
  let sweeper: NodeJS.Timeout | null = null;
  let sweeping: Promise<void> | null = null;
  if (options.work) {
    await boss.work(MAIL_REQUEST_QUEUE, mailRequestWorkOptions, mailRequestWorker({ db: options.database.db, config: options.config }));
    await boss.schedule(PRUNE_REQUEST_COUNTERS_QUEUE, PRUNE_REQUEST_COUNTERS_CRON);
    await boss.work(PRUNE_REQUEST_COUNTERS_QUEUE, pruneRequestCountersWorkOptions, pruneRequestCountersWorker(options.database.db));
    await boss.schedule(PRUNE_EXPIRED_QUEUE, PRUNE_EXPIRED_CRON);
    await boss.work(PRUNE_EXPIRED_QUEUE, pruneExpiredWorkOptions, pruneExpiredWorker(options.database.db));
    await boss.schedule(PRUNE_UNCONFIRMED_QUEUE, PRUNE_UNCONFIRMED_CRON);
    await boss.work(PRUNE_UNCONFIRMED_QUEUE, pruneUnconfirmedWorkOptions, pruneUnconfirmedWorker(options.database.db));
    await boss.work(
      SHARE_VIDEO_POLL_QUEUE,
      shareVideoPollWorkOptions,
      shareVideoPollWorker({ db: options.database.db, config: options.config, again: (data, afterMs) => queue.enqueueShareVideoPoll(data, afterMs) }),
    );
  }
  if (options.work && options.publisher) {
    const deps = {
      db: options.database.db,
      publisher: options.publisher,
      leaseMs: options.config.delivery.leaseSeconds * 1000,
      boss,
      enqueueVideoPoll: (shareId: number, afterMs: number) => queue.enqueueShareVideoPoll({ shareId, polls: 0 }, afterMs),
    };
    for (const network of LINKABLE_NETWORKS) {
      await boss.work(deliverShareQueue(network), deliverShareWorkOptions(), deliverShareWorker(deps, network));
    }
    const publisher = options.publisher;
    await boss.schedule(SHARE_METRICS_QUEUE, SHARE_METRICS_CRON);
    await boss.work(SHARE_METRICS_QUEUE, shareMetricsWorkOptions, shareMetricsWorker(options.database.db, (share) => publisher.metrics(share)));
    // pg-boss cron runs once a minute at best; due shares no job took are swept far more often.
    const sweep = () => {
      // One sweep at a time: a long one (a large wave) is not overlapped by the next tick.
      if (sweeping) return;
      sweeping = sweepDueShares(deps).then(
        () => undefined,
        failed('share sweep failed'),
      );
      void sweeping.finally(() => {
        sweeping = null;
      });
    };
    sweep();
    sweeper = setInterval(sweep, options.config.delivery.sweepSeconds * 1000);
  }
  if (options.work && options.notifier) {
    const deps = { db: options.database.db, notifier: options.notifier, config: options.config };
    await boss.work(POST_PUBLISHED_QUEUE, postPublishedWorkOptions, postPublishedWorker(deps));
    // Announcing only makes sense where someone can deliver the announcements.
    await boss.schedule(ANNOUNCE_DUE_POSTS_QUEUE, ANNOUNCE_DUE_POSTS_CRON);
    await boss.work(ANNOUNCE_DUE_POSTS_QUEUE, announceDuePostsWorkOptions, announceDuePostsWorker({ db: options.database.db, jobs: queue }));
  }
  return {
    boss,
    enqueuePostPublished: queue.enqueuePostPublished,
    enqueueMailRequest: queue.enqueueMailRequest,
    enqueueDelivery: queue.enqueueDelivery,
    enqueueShareVideoPoll: queue.enqueueShareVideoPoll,
    async stop() {
      if (sweeper) clearInterval(sweeper);
      if (sweeping) await sweeping;
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
