/**
 * The admin console's writes of posts (issue 47 "Content"): saving a draft or an edit (core's
 * draft rules, then what only the server knows: the company's topics and media, and whether
 * the link opens), and the bulk actions (publish, unpublish, expire, delete, restore, move
 * topic). Each change and its audit record are written in one transaction.
 */
import {
  NotificationType,
  POST_RESTORE_DAYS,
  PostStatus,
  PostType,
  type AdminPostActionRequest,
  type AdminPostActionResponse,
  type AdminPostInput,
  type AdminPostState,
  type Attachment,
  type MediaImage,
} from '@chorus/core';
import { postDraftProblems } from '@chorus/core/post-draft';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { categories, postCategories, posts, type CompanyRow, type PostRow } from '../db/schema.ts';
import { forbidden, notFound, validationFailed, type ValidationIssue } from '../errors.ts';
import { adminPostState, DELETED_STATUS, DRAFT_STATUS, UNPUBLISHED_STATUS } from '../lib/admin-post-states.ts';
import { companyMediaFolder } from '../lib/media-urls.ts';
import type { SafeFetchOptions } from '../lib/safe-fetch.ts';
import { recordAudit, type PersonActor } from './audit.ts';
import { recordEvent } from './share-events.ts';
import { readLinkAttachment } from './link-preview.ts';

/** What saving a post needs: the database and how links are read (tests reach local pages). */
export interface AdminPostDeps {
  db: Database;
  fetch: SafeFetchOptions;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The draft as it is kept: hashtags without '#' and without repeats, an empty link or caption as null, topics once each. */
function normalised(input: AdminPostInput): AdminPostInput {
  const seen = new Set<string>();
  const hashtags = input.hashtags
    .map((tag) => tag.trim().replace(/^#+/, ''))
    .filter((tag) => {
      const key = tag.toLowerCase();
      if (tag === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const emptyAsNull = (text: string | null) => (text === null || text.trim() === '' ? null : text);
  return {
    ...input,
    title: input.title.trim(),
    hashtags,
    url: emptyAsNull(input.url)?.trim() ?? null,
    topic_ids: [...new Set(input.topic_ids)],
    captions: { twitter: emptyAsNull(input.captions.twitter), facebook: emptyAsNull(input.captions.facebook), linkedin: emptyAsNull(input.captions.linkedin) },
  };
}

/** Whether a media url is a file of the company's own folder (`/media/c/{id}/{name}`). */
function inCompanyFolder(companyId: number, url: string): boolean {
  const prefix = `/media/${companyMediaFolder(companyId)}/`;
  return url.startsWith(prefix) && /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(url.slice(prefix.length));
}

/** Whether an image may go on the post: uploaded to the company's folder, or already on the post (a seeded one). */
function knownImage(companyId: number, image: MediaImage, stored: readonly MediaImage[]): boolean {
  const same = (a: MediaImage) => a.original === image.original && a.medium === image.medium && a.thumb === image.thumb;
  return stored.some(same) || [image.original, image.medium, image.thumb].every((url) => inCompanyFolder(companyId, url));
}

/** The topic ids among `ids` that are not the company's. */
async function unknownTopics(db: Database, companyId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.companyId, companyId), inArray(categories.id, [...ids])));
  const known = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/** The saved fields as the audit log records them (the input's names). */
function auditFields(post: Pick<PostRow, 'title' | 'content' | 'hashtags' | 'url' | 'media' | 'twitter' | 'facebook' | 'linkedin' | 'isFeatured' | 'reactionsEnabled' | 'commentsEnabled' | 'start' | 'startsOnPublish' | 'expiration' | 'captions'>, topicIds: readonly number[]): Record<string, unknown> {
  return {
    title: post.title,
    content: post.content,
    hashtags: post.hashtags,
    url: post.url,
    images: post.media.images,
    networks: { twitter: post.twitter, facebook: post.facebook, linkedin: post.linkedin },
    topic_ids: topicIds,
    is_featured: post.isFeatured,
    is_reactions_enabled: post.reactionsEnabled,
    is_comments_enabled: post.commentsEnabled,
    start: post.startsOnPublish ? null : post.start.toISOString(),
    expiration: post.expiration?.toISOString() ?? null,
    captions: post.captions,
  };
}

/** The fields that differ between two records, before and after. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const change = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    change.before[key] = before[key];
    change.after[key] = after[key];
  }
  return change;
}

/** The post's topic ids, main topic first. */
async function topicIdsOf(db: Database, postId: number): Promise<number[]> {
  const rows = await db.select({ id: postCategories.categoryId }).from(postCategories).where(eq(postCategories.postId, postId)).orderBy(postCategories.position);
  return rows.map((row) => row.id);
}

/** Makes `topicIds` the post's topics, in order (position 0 the main topic). */
async function replaceTopics(db: Database, postId: number, topicIds: readonly number[]): Promise<void> {
  await db.delete(postCategories).where(eq(postCategories.postId, postId));
  if (topicIds.length > 0) await db.insert(postCategories).values(topicIds.map((categoryId, position) => ({ postId, categoryId, position })));
}

/**
 * When the post goes live: a published post keeps a start that has passed when the editor
 * says "at once" (else now); any other post with no start goes live when it is published.
 */
function startValues(input: AdminPostInput, existing: PostRow | null, now: Date): Pick<PostRow, 'start' | 'startsOnPublish'> {
  if (input.start !== null) return { start: new Date(input.start), startsOnPublish: false };
  if (existing?.status === PostStatus.LIVE) return { start: existing.start.getTime() <= now.getTime() ? existing.start : now, startsOnPublish: false };
  return { start: now, startsOnPublish: true };
}

/** The post's kind: images first, a video post stays one, then a link, else text. */
function typeOf(input: AdminPostInput, existing: PostRow | null): number {
  if (input.images.length > 0) return PostType.IMAGE;
  if (existing !== null && existing.media.videos.length > 0) return existing.type;
  return input.url !== null ? PostType.URL : PostType.TEXT;
}

/**
 * Creates a draft (`postId` null; written by `userId`) or saves an edit of a post of the
 * company that is not deleted; returns the post's id. Refuses with 201 (each issue a field and
 * a problem key) for core's draft problems, topics not of the company and images not of its
 * media, and with 484 for a new link that does not open; nothing is saved then.
 */
export async function saveAdminPost(deps: AdminPostDeps, company: CompanyRow, userId: number, actor: string, raw: AdminPostInput, postId: number | null): Promise<number> {
  const input = normalised(raw);
  const problems = postDraftProblems(input);
  if (problems.length > 0) throw validationFailed(problems.map(({ field, problem }): ValidationIssue => ({ path: field, message: problem })));

  let existing: PostRow | null = null;
  if (postId !== null) {
    const [row] = await deps.db
      .select()
      .from(posts)
      .where(and(eq(posts.companyId, company.id), eq(posts.id, postId)))
      .limit(1);
    if (row === undefined) throw notFound();
    if (row.status === DELETED_STATUS) throw forbidden('A deleted post cannot be edited: restore it first.');
    existing = row;
  }

  const issues: ValidationIssue[] = [];
  if ((await unknownTopics(deps.db, company.id, input.topic_ids)).length > 0) issues.push({ path: 'topic_ids', message: 'topicUnknown' });
  if (!input.images.every((image) => knownImage(company.id, image, existing?.media.images ?? []))) issues.push({ path: 'images', message: 'imageUnknown' });
  if (issues.length > 0) throw validationFailed(issues);

  let attachment: Attachment | null = null;
  if (input.url !== null) {
    const stored = existing?.url === input.url ? (existing.attachment ?? null) : null;
    attachment = stored ?? (await readLinkAttachment(input.url, deps.fetch));
  }

  const now = new Date();
  const values = {
    title: input.title,
    content: input.content,
    hashtags: input.hashtags,
    url: input.url,
    attachment,
    type: typeOf(input, existing),
    media: { images: input.images, videos: existing?.media.videos ?? [] },
    twitter: input.networks.twitter,
    facebook: input.networks.facebook,
    linkedin: input.networks.linkedin,
    isFeatured: input.is_featured,
    reactionsEnabled: input.is_reactions_enabled,
    commentsEnabled: input.is_comments_enabled,
    ...startValues(input, existing, now),
    expiration: input.expiration === null ? null : new Date(input.expiration),
    captions: input.captions,
    modified: now,
  };

  return deps.db.transaction(async (tx) => {
    if (existing === null) {
      const [created] = await tx
        .insert(posts)
        .values({ companyId: company.id, status: DRAFT_STATUS, createdBy: userId, created: now, ...values })
        .returning({ id: posts.id });
      if (created === undefined) throw new Error('insert returned no row');
      await replaceTopics(tx, created.id, input.topic_ids);
      await recordAudit(tx, { actor, companyId: company.id, action: 'post.create', target: `post:${created.id}`, data: auditFields(values, input.topic_ids) });
      return created.id;
    }
    const change = changedFields(auditFields(existing, await topicIdsOf(tx, existing.id)), auditFields(values, input.topic_ids));
    // Saving what is already there changes nothing and records nothing.
    if (Object.keys(change.after).length === 0) return existing.id;
    await tx.update(posts).set(values).where(eq(posts.id, existing.id));
    if ('topic_ids' in change.after) await replaceTopics(tx, existing.id, input.topic_ids);
    await recordAudit(tx, { actor, companyId: company.id, action: 'post.update', target: `post:${existing.id}`, data: change });
    return existing.id;
  });
}

type Skip = AdminPostActionResponse['skipped'][number]['reason'];
type Outcome = { skip: Skip } | { set: Partial<typeof posts.$inferInsert> } | { topics: number[] };

/** What an action does to one post at `now`, or why it leaves it as it is. */
function outcomeOf(action: AdminPostActionRequest['action'], post: PostRow, topicIds: readonly number[], topicId: number | undefined, now: Date): Outcome {
  // A pending suggestion is reviewed, not run through the console's actions.
  if (post.status !== PostStatus.LIVE && post.status !== DRAFT_STATUS && post.status !== UNPUBLISHED_STATUS && post.status !== DELETED_STATUS) return { skip: 'invalid' };
  const state = adminPostState(post, now);
  if (state === 'deleted' && action !== 'delete' && action !== 'restore') return { skip: 'deleted' };
  switch (action) {
    case 'publish':
      if (state !== 'draft' && state !== 'unpublished') return { skip: 'already' };
      // Its expiration has passed since it was saved: it would never be seen.
      if (post.expiration !== null && post.expiration.getTime() <= now.getTime()) return { skip: 'invalid' };
      // announced_at stays as it is: a draft was never announced (the announce job tells Teams once
      // it is live), a post taken down and published again was already.
      return { set: { status: PostStatus.LIVE, ...(post.startsOnPublish ? { start: now, startsOnPublish: false } : {}) } };
    case 'unpublish':
      if (state === 'unpublished') return { skip: 'already' };
      if (state === 'draft') return { skip: 'invalid' };
      return { set: { status: UNPUBLISHED_STATUS } };
    case 'expire':
      if (state === 'expired') return { skip: 'already' };
      if (state !== 'live' && state !== 'scheduled') return { skip: 'invalid' };
      return { set: { expiration: now } };
    case 'delete':
      if (state === 'deleted') return { skip: 'already' };
      return { set: { status: DELETED_STATUS, deletedStatus: post.status, deletedAt: now } };
    case 'restore':
      if (state !== 'deleted') return { skip: 'not-deleted' };
      if (post.deletedAt !== null && post.deletedAt.getTime() <= now.getTime() - POST_RESTORE_DAYS * DAY_MS) return { skip: 'restore-expired' };
      return { set: { status: post.deletedStatus ?? DRAFT_STATUS, deletedStatus: null, deletedAt: null } };
    case 'move-topic':
      if (topicId === undefined) return { skip: 'invalid' };
      if (topicIds.length === 1 && topicIds[0] === topicId) return { skip: 'already' };
      return { topics: [topicId] };
  }
}

/**
 * Runs one bulk action over posts of the company, in one transaction with an audit record per
 * post changed (`post.<action>`: its title and state before and after; a topic move also its
 * topics). A post of another company or an unknown id is skipped as `not-found`, never told
 * apart. `move-topic` refuses a topic not of the company with 201 (`topic_id`, topicUnknown).
 * An approved suggestion published for the first time credits its member (event
 * `suggestion_published`, notice type 0), once: a post taken down and published again is not a draft.
 */
export async function runAdminPostAction(db: Database, company: CompanyRow, by: PersonActor, request: AdminPostActionRequest): Promise<AdminPostActionResponse> {
  const { actor } = by;
  if (request.action === 'move-topic' && (request.topic_id === undefined || (await unknownTopics(db, company.id, [request.topic_id])).length > 0)) {
    throw validationFailed([{ path: 'topic_id', message: 'topicUnknown' }]);
  }
  const ids = [...new Set(request.ids)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(posts)
      .where(and(eq(posts.companyId, company.id), inArray(posts.id, ids)))
      .for('update');
    const byId = new Map(rows.map((row) => [row.id, row]));
    const result: AdminPostActionResponse = { done: [], skipped: [] };
    const now = new Date();
    for (const id of ids) {
      const post = byId.get(id);
      if (post === undefined) {
        result.skipped.push({ id, reason: 'not-found' });
        continue;
      }
      const topicIds = request.action === 'move-topic' ? await topicIdsOf(tx, id) : [];
      const outcome = outcomeOf(request.action, post, topicIds, request.topic_id, now);
      if ('skip' in outcome) {
        result.skipped.push({ id, reason: outcome.skip });
        continue;
      }
      const before: AdminPostState = adminPostState(post, now);
      let after = before;
      const data: Record<string, unknown> = { title: post.title };
      if ('set' in outcome) {
        const [updated] = await tx
          .update(posts)
          .set({ ...outcome.set, modified: now })
          .where(eq(posts.id, id))
          .returning();
        if (updated !== undefined) after = adminPostState(updated, now);
      } else {
        await replaceTopics(tx, id, outcome.topics);
        await tx.update(posts).set({ modified: now }).where(eq(posts.id, id));
        data.topics = { before: topicIds, after: outcome.topics };
      }
      await recordAudit(tx, { actor, companyId: company.id, action: `post.${request.action}`, target: `post:${id}`, data: { ...data, before, after } });
      if (request.action === 'publish' && post.status === DRAFT_STATUS && post.reviewedAt !== null && post.suggestedBy !== null) {
        await recordEvent(tx, {
          kind: 'suggestion_published',
          companyId: company.id,
          userId: post.suggestedBy,
          postId: id,
          network: null,
          data: { by: by.userId, notificationType: NotificationType.SUGGESTED_POST_PUBLISHED },
        });
      }
      result.done.push(id);
    }
    return result;
  });
}
