/** The condition that makes a post visible in the library. */
import { PostStatus } from '@chorus/core';
import { and, eq, gt, isNull, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { posts } from '../db/schema.ts';

/** Live posts of a company: status live, started, not expired. The company may be a prepared query's placeholder. */
export function liveInCompany(companyId: number | Placeholder): SQL {
  const condition = and(
    eq(posts.companyId, companyId),
    eq(posts.status, PostStatus.LIVE),
    lte(posts.start, sql`now()`),
    or(isNull(posts.expiration), gt(posts.expiration, sql`now()`)),
  );
  // and() only returns undefined for no arguments.
  return condition ?? sql`false`;
}
