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
import { PRUNE_EXPIRED_CRON, PRUNE_EXPIRED_QUEUE, pruneExpiredQueueOptions, pruneExpiredWorker, pruneExpiredWorkOptions } from './prune-expired.ts';
import { MAIL_REQUEST_QUEUE, mailRequestQueueOptions, mailRequestWorker, mailRequestWorkOptions, type MailRequestData } from './mail-request.ts';
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
  config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port' | 'mail'>;
  /** Run handlers and maintenance in this process. */
  work: boolean;
  /** Where Teams notifications go; without one, the post-published job is not worked here. */
  notifier: Notifier | null;
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
  boss.on('error', (error) => options.log.error({ err: error }, 'job system error'));
  await boss.start();
  await boss.createQueue(POST_PUBLISHED_QUEUE, postPublishedQueueOptions);
  await boss.createQueue(ANNOUNCE_DUE_POSTS_QUEUE, announceDuePostsQueueOptions);
  await boss.createQueue(PRUNE_REQUEST_COUNTERS_QUEUE, pruneRequestCountersQueueOptions);
  await boss.createQueue(MAIL_REQUEST_QUEUE, mailRequestQueueOptions);
  await boss.createQueue(PRUNE_EXPIRED_QUEUE, pruneExpiredQueueOptions);
  const queue: JobQueue = {
    async enqueuePostPublished(postId) {
      const data: PostPublishedData = { postId };
      await boss.send(POST_PUBLISHED_QUEUE, data);
    },
    async enqueueMailRequest(data: MailRequestData) {
      await boss.send(MAIL_REQUEST_QUEUE, data);
    },
  };
  if (options.work) {
    await boss.work(MAIL_REQUEST_QUEUE, mailRequestWorkOptions, mailRequestWorker({ db: options.database.db, config: options.config }));
    await boss.schedule(PRUNE_REQUEST_COUNTERS_QUEUE, PRUNE_REQUEST_COUNTERS_CRON);
    await boss.work(PRUNE_REQUEST_COUNTERS_QUEUE, pruneRequestCountersWorkOptions, pruneRequestCountersWorker(options.database.db));
    await boss.schedule(PRUNE_EXPIRED_QUEUE, PRUNE_EXPIRED_CRON);
    await boss.work(PRUNE_EXPIRED_QUEUE, pruneExpiredWorkOptions, pruneExpiredWorker(options.database.db));
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
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
