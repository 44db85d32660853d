/**
 * pg-boss on the server's own database: the embedded PGlite instance through pg-boss's
 * PGlite adapter, or PostgreSQL by connection string. API processes only send jobs; worker
 * processes also run handlers and pg-boss maintenance.
 */
import type { Notifier } from '@chorus/bot';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromPglite, type ConstructorOptions } from 'pg-boss';
import type { DatabaseHandle } from '../db/database.ts';
import { outageOf } from '../db/outage.ts';
import type { JobQueue } from '../lib/context.ts';
import { MAIL_REQUEST_QUEUE, type MailRequestData } from './mail-request.ts';
import { sendDelivery, sweepDueShares, type SharePublisher } from './deliver-share.ts';
import { SHARE_VIDEO_POLL_QUEUE, type ShareVideoPollData } from './share-video-poll.ts';
import { POST_PUBLISHED_QUEUE, type PostPublishedData } from './post-published.ts';
import { deliveryDeps, JOBS, runsHere, type JobDeps } from './job-list.ts';

/** A started job system. */
export interface JobRunner extends JobQueue {
  boss: PgBoss;
  /** Stops workers (letting running jobs finish) and pg-boss. */
  stop(): Promise<void>;
}

/** How to start the job system. */
export interface JobRunnerOptions {
  database: DatabaseHandle;
  config: JobDeps['config'];
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
  for (const job of JOBS) await boss.createQueue(job.queue, job.queueOptions);
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
    const deps: JobDeps = { db: options.database.db, config: options.config, boss, queue, publisher: options.publisher ?? null, notifier: options.notifier };
    // Each job this process can run: scheduled if it recurs, and worked (see jobs/job-list.ts).
    for (const job of JOBS) {
      if (!runsHere(job, deps)) continue;
      if (job.cron !== undefined) await boss.schedule(job.queue, job.cron);
      await boss.work(job.queue, job.workOptions, job.handler(deps));
    }
    if (deps.publisher !== null) {
      const delivery = deliveryDeps(deps);
      // pg-boss cron runs once a minute at best; due shares no job took are swept far more often.
      const sweep = () => {
        // One sweep at a time: a long one (a large wave) is not overlapped by the next tick.
        if (sweeping) return;
        sweeping = sweepDueShares(delivery).then(
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
