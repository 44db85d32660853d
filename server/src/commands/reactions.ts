/** Likes: adding and removing one (idempotent), and the lists of the reactions modal. */
import { ReactionType, type PersonSummary, type ShareUser } from '@chorus/core';
import { and, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { postReactions, shares, users } from '../db/schema.ts';
import { presentPerson } from '../presenters/person.ts';

/** The post's like count and whether the viewer likes it. */
export interface LikeState {
  num_results: number;
  reaction: boolean;
}

async function likeState(db: Database, postId: number, userId: number): Promise<LikeState> {
  const [row] = await db
    .select({
      total: count(),
      mine: sql<boolean>`coalesce(bool_or(${postReactions.userId} = ${userId}), false)`,
    })
    .from(postReactions)
    .where(and(eq(postReactions.postId, postId), eq(postReactions.type, ReactionType.LIKE)));
  return { num_results: row?.total ?? 0, reaction: row?.mine ?? false };
}

/**
 * Likes or unlikes a post. Both are idempotent (a second like while the first is in flight
 * changes nothing), so a client retrying or double-clicking cannot double count.
 */
export async function setLike(db: Database, postId: number, userId: number, liked: boolean): Promise<LikeState> {
  if (liked) {
    await db.insert(postReactions).values({ postId, userId, type: ReactionType.LIKE }).onConflictDoNothing();
  } else {
    await db.delete(postReactions).where(and(eq(postReactions.postId, postId), eq(postReactions.userId, userId), eq(postReactions.type, ReactionType.LIKE)));
  }
  return likeState(db, postId, userId);
}

/** One page of the people who liked a post, newest like first. */
export async function likers(db: Database, postId: number, page: number, perPage: number): Promise<{ rows: PersonSummary[]; total: number }> {
  const where = and(eq(postReactions.postId, postId), eq(postReactions.type, ReactionType.LIKE));
  const [rows, [totals]] = await Promise.all([
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, avatar: users.avatar })
      .from(postReactions)
      .innerJoin(users, eq(users.id, postReactions.userId))
      .where(where)
      .orderBy(desc(postReactions.created), desc(users.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(postReactions).where(where),
  ]);
  return { rows: rows.map(presentPerson), total: totals?.total ?? 0 };
}

/**
 * One page of the people who shared a post (latest sharer first), with each share's network.
 * Shares whose sharer was deleted still count on the post but list no one.
 */
export async function sharers(db: Database, companyId: number, postId: number, page: number, perPage: number): Promise<{ rows: ShareUser[]; total: number }> {
  const where = and(eq(shares.postId, postId), eq(shares.companyId, companyId), eq(shares.state, 'published'));
  const [people, [totals]] = await Promise.all([
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, avatar: users.avatar, last: max(shares.created) })
      .from(shares)
      .innerJoin(users, eq(users.id, shares.userId))
      .where(where)
      .groupBy(users.id)
      .orderBy(desc(max(shares.created)), desc(users.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: sql<number>`count(distinct ${shares.userId})::int` }).from(shares).where(where),
  ]);
  const ids = people.map((p) => p.id);
  const networkRows =
    ids.length === 0
      ? []
      : await db
          .select({ userId: shares.userId, network: shares.network })
          .from(shares)
          .where(and(where, inArray(shares.userId, ids)))
          .orderBy(desc(shares.created), desc(shares.id));
  const networksOf = new Map<number, number[]>();
  for (const { userId, network } of networkRows) {
    if (userId !== null) networksOf.set(userId, [...(networksOf.get(userId) ?? []), network]);
  }
  return { rows: people.map((p) => ({ user: presentPerson(p), networks: networksOf.get(p.id) ?? [] })), total: totals?.total ?? 0 };
}
