import { PostStatus, POST_RESTORE_DAYS } from '@chorus/core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postCategories, posts } from '../db/schema.ts';
import { DELETED_STATUS, DRAFT_STATUS } from '../lib/admin-post-states.ts';
import { createTestContext, type TestContext } from '../test/app.ts';
import { buildPost, buildTopic } from '../test/factories.ts';
import { buildTenants, type Tenants } from '../test/fixtures.ts';
import { purgeDeletedPosts } from './purge-deleted-posts.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

const daysAgo = (days: number): Date => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

describe('purgeDeletedPosts', () => {
  it('removes the posts deleted more than POST_RESTORE_DAYS ago, with their topics, and keeps the restorable and the rest', async () => {
    const topic = await buildTopic(t.db, f.acme);
    const old = await buildPost(t.db, f.acme, { status: DELETED_STATUS, deletedStatus: PostStatus.LIVE, deletedAt: daysAgo(POST_RESTORE_DAYS + 1) }, { categories: [topic] });
    const oldGlobex = await buildPost(t.db, f.globex, { status: DELETED_STATUS, deletedStatus: DRAFT_STATUS, deletedAt: daysAgo(POST_RESTORE_DAYS + 10) });
    const recent = await buildPost(t.db, f.acme, { status: DELETED_STATUS, deletedStatus: PostStatus.LIVE, deletedAt: daysAgo(POST_RESTORE_DAYS - 1) });
    // Restored long ago: deletedAt is cleared on restore, but a stray one must not purge a post that is not deleted.
    const live = await buildPost(t.db, f.acme, { deletedAt: daysAgo(POST_RESTORE_DAYS + 5) });

    expect(await purgeDeletedPosts(t.db)).toEqual([old.id, oldGlobex.id].sort((a, b) => a - b));
    const left = await t.db.select({ id: posts.id }).from(posts).where(inArray(posts.id, [old.id, oldGlobex.id, recent.id, live.id]));
    expect(left.map((row) => row.id).sort((a, b) => a - b)).toEqual([recent.id, live.id].sort((a, b) => a - b));
    expect(await t.db.select().from(postCategories).where(eq(postCategories.postId, old.id))).toEqual([]);
    expect(await purgeDeletedPosts(t.db)).toEqual([]);
  });
});
