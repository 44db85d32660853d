/** Comments on a post: list, add, edit one's own, delete one's own or (managers) anyone's. */
import type { Comment } from '@chorus/core';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { comments, users } from '../db/schema.ts';
import { forbidden, notFound } from '../errors.ts';
import { presentPerson } from '../presenters/person.ts';

const commentColumns = {
  id: comments.id,
  userId: comments.userId,
  content: comments.content,
  created: comments.created,
  edited: comments.edited,
  firstName: users.firstName,
  lastName: users.lastName,
  avatar: users.avatar,
};

type CommentJoinRow = { id: number; userId: number; content: string; created: Date; edited: Date | null; firstName: string; lastName: string; avatar: string | null };

function presentComment(row: CommentJoinRow): Comment {
  const created = row.created.toISOString();
  return {
    id: row.id,
    user: presentPerson({ id: row.userId, firstName: row.firstName, lastName: row.lastName, avatar: row.avatar }),
    content: row.content,
    created,
    modified: row.edited ? row.edited.toISOString() : created,
    edited: row.edited !== null,
  };
}

/** How many comments a post has. */
export async function commentCount(db: Database, postId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(comments).where(eq(comments.postId, postId));
  return row?.total ?? 0;
}

/** One page of a post's comments, oldest first. */
export async function listComments(db: Database, companyId: number, postId: number, page: number, perPage: number): Promise<{ rows: Comment[]; total: number }> {
  const where = and(eq(comments.postId, postId), eq(comments.companyId, companyId));
  const rows = await db
    .select(commentColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(where)
    .orderBy(asc(comments.created), asc(comments.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [totals] = await db.select({ total: count() }).from(comments).where(where);
  return { rows: rows.map(presentComment), total: totals?.total ?? 0 };
}

async function loadComment(db: Database, companyId: number, postId: number, id: number): Promise<CommentJoinRow> {
  const [row] = await db
    .select(commentColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.id, id), eq(comments.postId, postId), eq(comments.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('No such comment on this post.');
  return row;
}

/** Adds a comment by the viewer. */
export async function addComment(db: Database, companyId: number, postId: number, userId: number, content: string): Promise<Comment> {
  const [inserted] = await db.insert(comments).values({ companyId, postId, userId, content }).returning({ id: comments.id });
  if (!inserted) throw new Error('insert returned no row');
  return presentComment(await loadComment(db, companyId, postId, inserted.id));
}

/** Edits the viewer's own comment (403 for anyone else's), marking it edited. */
export async function editComment(db: Database, companyId: number, postId: number, userId: number, id: number, content: string): Promise<Comment> {
  const existing = await loadComment(db, companyId, postId, id);
  if (existing.userId !== userId) throw forbidden('Only the author can edit a comment.');
  await db.update(comments).set({ content, edited: new Date() }).where(eq(comments.id, id));
  return presentComment(await loadComment(db, companyId, postId, id));
}

/** Deletes a comment: the author's own, or anyone's when `asManager` (the caller checked the role). */
export async function deleteComment(db: Database, companyId: number, postId: number, userId: number, id: number, asManager: boolean): Promise<void> {
  const existing = await loadComment(db, companyId, postId, id);
  if (!asManager && existing.userId !== userId) throw forbidden('Only the author can delete this comment.');
  await db.delete(comments).where(eq(comments.id, id));
}
