/** What route plugins and jobs share: configuration, database and ports to the outside. */
import type { Notifier } from '@chorus/bot';
import type { Config } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/database.ts';
import type { Caches } from './caches.ts';
import type { MediaStore } from './media-store.ts';
import type { MailRequestData } from '../jobs/mail-request.ts';
import type { ShareRow } from '../db/schema.ts';
import type { ShareVideoPollData } from '../jobs/share-video-poll.ts';

/** Sends background jobs; implemented on pg-boss. */
export interface JobQueue {
  /** Schedules the Teams notification of a newly published post. */
  enqueuePostPublished(postId: number): Promise<void>;
  /** Queues a mail request (recovery, magic link, find your team) for the worker to answer. */
  enqueueMailRequest(data: MailRequestData): Promise<void>;
  /** Hands a queued share to its network's delivery queue, to run at its due time. */
  enqueueDelivery(share: Pick<ShareRow, 'id' | 'network' | 'dueAt'>): Promise<void>;
  /** Follows a native video share still processing on its network, after `afterMs`. */
  enqueueShareVideoPoll(data: ShareVideoPollData, afterMs: number): Promise<void>;
}

/** The shared context of one server. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  jobs: JobQueue | null;
  notifier: Notifier | null;
  /** Where media files are written and served from (local folder or S3 bucket). */
  media: MediaStore;
  /** Read caches shared by the routes, retired by every write. */
  caches: Caches;
  /** Check responses against the contract (off in production). */
  checkResponses: boolean;
}
