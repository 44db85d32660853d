/**
 * Job: tell Teams users of the post's company that a post was published. The queue name,
 * queue options, worker options and handler live together here (STYLE rule 5).
 */
import type { Notifier, NotifiedPost, NotifyResult } from '@chorus/bot';
import { and, asc, eq } from 'drizzle-orm';
import type { Queue, WorkHandler, WorkOptions } from 'pg-boss';
import { z } from 'zod';
import { companyOrigin, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { categories, companies, postCategories, posts } from '../db/schema.ts';
import { mediaSigningKey, SIGNED_MEDIA_TTL_MS, signMediaUrl } from '../lib/media-urls.ts';
import { liveInCompany } from '../queries/live-posts.ts';

/** The pg-boss queue. */
export const POST_PUBLISHED_QUEUE = 'post-published';

/**
 * Queue options. A failed fan-out is retried a few times with backoff; a partial failure is
 * not retried, as that would message again the people who already got the card.
 */
export const postPublishedQueueOptions: Omit<Queue, 'name'> = {
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 300,
  notify: true,
};

/** Worker options: NOTIFY wakes the worker, and polling every second is the backstop. */
export const postPublishedWorkOptions: WorkOptions = {
  batchSize: 1,
  pollingIntervalSeconds: 1,
  notifyPollingIntervalSeconds: 1,
};

/** The job's payload. */
export const PostPublishedData = z.object({ postId: z.number().int().positive() });
/** The job's payload. */
export type PostPublishedData = z.infer<typeof PostPublishedData>;

/** What the handler needs. */
export interface PostPublishedDeps {
  db: Database;
  notifier: Notifier;
  config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port' | 'dataDir' | 'secretKeys'>;
}

/** Why a job did nothing. */
export type PostPublishedSkip = 'post-not-live' | 'no-teams-tenant';

/** Loads the post and notifies its company's Teams tenant; returns why it skipped, if it did. */
export async function handlePostPublished(deps: PostPublishedDeps, data: PostPublishedData): Promise<NotifyResult | PostPublishedSkip> {
  const [row] = await deps.db
    .select({ post: posts, company: companies })
    .from(posts)
    .innerJoin(companies, eq(companies.id, posts.companyId))
    .where(eq(posts.id, data.postId))
    .limit(1);
  if (!row) return 'post-not-live';
  const { post, company } = row;
  const [live] = await deps.db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, post.id), liveInCompany(company.id)));
  if (!live) return 'post-not-live';
  if (company.teamsTenantId === null) return 'no-teams-tenant';

  const [topic] = await deps.db
    .select({ name: categories.name })
    .from(postCategories)
    .innerJoin(categories, eq(categories.id, postCategories.categoryId))
    .where(eq(postCategories.postId, post.id))
    .orderBy(asc(postCategories.position), asc(categories.name))
    .limit(1);
  const image = post.media.images[0]?.medium ?? post.media.videos[0]?.poster ?? post.attachment?.object.image ?? null;
  const origin = companyOrigin(deps.config, company.subdomain);
  const notified: NotifiedPost = {
    id: post.id,
    title: post.title,
    summary: post.content,
    imageUrl: image === null ? null : new URL(cardImage(deps, image), origin).href,
    topic: topic?.name ?? null,
  };
  return deps.notifier.notifyNewPost(company.teamsTenantId, notified);
}

/**
 * Our own media on a card is fetched by Teams without a session: it gets a signed URL, valid
 * for SIGNED_MEDIA_TTL_MS. Images elsewhere (a link's preview) are left as they are.
 */
function cardImage(deps: PostPublishedDeps, image: string): string {
  if (!image.startsWith('/media/')) return image;
  return signMediaUrl(mediaSigningKey(deps.config), image, new Date(Date.now() + SIGNED_MEDIA_TTL_MS));
}

/** The pg-boss work handler. */
export function postPublishedWorker(deps: PostPublishedDeps): WorkHandler<unknown, void> {
  return async (jobs) => {
    for (const job of jobs) await handlePostPublished(deps, PostPublishedData.parse(job.data));
  };
}
