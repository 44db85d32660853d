/**
 * The person's caption drafts (v1 `POST /post/edit-content`): what they wrote for a post on
 * one network, offered again by the share modal (v5 metadata) until they share.
 */
import { Network, type Mention, type ShareableNetworkId } from '@chorus/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { shareDrafts, type CompanyRow } from '../db/schema.ts';
import { sharablePost } from './share-checks.ts';

/** Saves the draft of a live post of the company (662 / 651 otherwise). */
export async function saveShareDraft(
  db: Database,
  company: CompanyRow,
  userId: number,
  input: { post_id: number; network_id: ShareableNetworkId; content: string; mentions: Mention[] },
): Promise<{ content: string; mentions: Mention[] }> {
  const post = await sharablePost(db, company, input.post_id);
  // Mentions are LinkedIn's only (spec 5 "Mentions").
  const mentions = input.network_id === Network.LINKEDIN ? input.mentions : [];
  const values = { content: input.content, mentions, updated: sql`now()` };
  await db
    .insert(shareDrafts)
    .values({ userId, postId: post.id, companyId: company.id, network: input.network_id, ...values })
    .onConflictDoUpdate({ target: [shareDrafts.userId, shareDrafts.postId, shareDrafts.network], set: values });
  return { content: input.content, mentions };
}

/** The person's drafts of a post, by network id. */
export async function draftsOf(db: Database, companyId: number, userId: number, postId: number): Promise<Map<number, { content: string; mentions: Mention[] }>> {
  const rows = await db
    .select()
    .from(shareDrafts)
    .where(and(eq(shareDrafts.userId, userId), eq(shareDrafts.postId, postId), eq(shareDrafts.companyId, companyId)));
  return new Map(rows.map((row) => [row.network, { content: row.content, mentions: row.mentions }]));
}
