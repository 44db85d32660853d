/** What route plugins and jobs share: configuration, database and ports to the outside. */
import type { Notifier } from '@chorus/bot';
import type { Config } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/database.ts';
import type { Caches } from './caches.ts';
import type { MailRequestData } from '../jobs/mail-request.ts';

/** Sends background jobs; implemented on pg-boss. */
export interface JobQueue {
  /** Schedules the Teams notification of a newly published post. */
  enqueuePostPublished(postId: number): Promise<void>;
  /** Queues a mail request (recovery, magic link, find your team) for the worker to answer. */
  enqueueMailRequest(data: MailRequestData): Promise<void>;
}

/** The shared context of one server. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  jobs: JobQueue | null;
  notifier: Notifier | null;
  /** Read caches shared by the routes, retired by every write. */
  caches: Caches;
  /** Check responses against the contract (off in production). */
  checkResponses: boolean;
}
