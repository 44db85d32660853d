/**
 * The admin console's suggestions queue (contract/admin-suggestions.ts): a company's pending
 * suggestions, oldest first as they wait, or its rejected ones, newest decision first; each with
 * who suggested it and who decided.
 */
import { SUGGESTION_PENDING_STATUS, type AdminSuggestionListQuery } from '@chorus/core';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { posts } from '../db/schema.ts';
import { SUGGESTION_REJECTED_STATUS } from '../lib/admin-post-states.ts';
import type { SuggestionRow } from '../presenters/admin-suggestion.ts';
import { personOf } from './admin-posts.ts';

/** Suggestions per page when the query does not say. */
export const SUGGESTIONS_PER_PAGE = 20;

const fields = () => ({
  post: posts,
  suggester: personOf(sql.raw('"posts"."suggested_by"')),
  reviewer: personOf(sql.raw('"posts"."reviewed_by"')),
});

/** One suggestion of the company in any state (pending, rejected, or the draft it was approved into), or null. */
export async function findSuggestion(db: Database, companyId: number, id: number): Promise<SuggestionRow | null> {
  const [row] = await db
    .select(fields())
    .from(posts)
    .where(and(eq(posts.companyId, companyId), eq(posts.id, id)))
    .limit(1);
  return row ?? null;
}

/** One page of the queue and the number in it. */
export async function listSuggestions(db: Database, companyId: number, query: AdminSuggestionListQuery): Promise<{ rows: SuggestionRow[]; total: number; page: number; perPage: number }> {
  const page = query.page_num ?? 1;
  const perPage = query.results_per_page ?? SUGGESTIONS_PER_PAGE;
  const rejected = query.state === 'rejected';
  const where = and(eq(posts.companyId, companyId), eq(posts.status, rejected ? SUGGESTION_REJECTED_STATUS : SUGGESTION_PENDING_STATUS));
  const order = rejected ? [desc(posts.reviewedAt), desc(posts.id)] : [asc(posts.created), asc(posts.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select(fields())
      .from(posts)
      .where(where)
      .orderBy(...order)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(posts).where(where),
  ]);
  return { rows, total: counted?.total ?? 0, page, perPage };
}
