/**
 * Test data factories (in the manner of Outline's server/test/factories.ts): each builds a
 * valid row with sensible defaults that a test overrides where it matters.
 */
import { Network, PostType, Role, type Attachment } from '@chorus/core';
import { asc, eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import { createSession } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import {
  categories,
  companies,
  memberships,
  postCategories,
  postReactions,
  posts,
  shares,
  users,
  type AuthMethodColumn,
  type CompanyRow,
  type PostMedia,
  type PostRow,
  type UserRow,
} from '../db/schema.ts';

/** The password of every factory user. */
export const TEST_PASSWORD = 'Test!pass1';

let sequence = 0;
function next(): number {
  sequence += 1;
  return sequence;
}

let passwordHash: Promise<string> | null = null;
function testPasswordHash(): Promise<string> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return passwordHash;
}

function single<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('insert returned no row');
  return row;
}

/** A company. */
export async function buildCompany(db: Database, overrides: Partial<typeof companies.$inferInsert> = {}): Promise<CompanyRow> {
  const n = next();
  const subdomain = overrides.subdomain ?? `company${n}`;
  return single(
    await db
      .insert(companies)
      .values({ subdomain, name: `Company ${n}`, title: `Company ${n}`, ...overrides })
      .returning(),
  );
}

/** Changes a company's settings (for tests outside the server package, which lack drizzle's operators). */
export async function updateCompany(db: Database, id: number, values: Partial<typeof companies.$inferInsert>): Promise<void> {
  await db.update(companies).set(values).where(eq(companies.id, id));
}

/** A user, member of the given companies with the given roles. */
export async function buildUser(
  db: Database,
  member: { company: CompanyRow; role?: Role }[],
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<UserRow> {
  const n = next();
  const user = single(
    await db
      .insert(users)
      .values({ email: `user${n}@example.test`, firstName: 'Test', lastName: `User ${n}`, passwordHash: await testPasswordHash(), ...overrides })
      .returning(),
  );
  for (const [i, m] of member.entries()) {
    await db.insert(memberships).values({ userId: user.id, companyId: m.company.id, role: m.role ?? Role.USER, created: new Date(Date.now() - (member.length - i) * 1000) });
  }
  return user;
}

/** A topic. */
export async function buildTopic(db: Database, company: CompanyRow, name?: string): Promise<{ id: number; name: string }> {
  return single(
    await db
      .insert(categories)
      .values({ companyId: company.id, name: name ?? `Topic ${next()}` })
      .returning({ id: categories.id, name: categories.name }),
  );
}

/** Options of a post beyond its columns. */
export interface PostOptions {
  categories?: { id: number }[];
  /** Hours before now it was published (default: a new post each time, newest last). */
  hoursAgo?: number;
}

/** A live post (unless overridden), published `hoursAgo` hours ago. */
export async function buildPost(
  db: Database,
  company: CompanyRow,
  overrides: Partial<typeof posts.$inferInsert> = {},
  options: PostOptions = {},
): Promise<PostRow> {
  const n = next();
  const created = new Date(Date.now() - (options.hoursAgo ?? 1) * 60 * 60 * 1000);
  const row = single(
    await db
      .insert(posts)
      .values({
        companyId: company.id,
        title: `Post ${n}`,
        // No number in it: a search for digits ('50%') must find only the posts whose text shows them,
        // whatever count of posts the test process has built before.
        content: 'Caption of a test post',
        type: PostType.TEXT,
        hashtags: [],
        created,
        modified: created,
        start: created,
        ...overrides,
      })
      .returning(),
  );
  for (const [position, category] of (options.categories ?? []).entries()) {
    await db.insert(postCategories).values({ postId: row.id, categoryId: category.id, position });
  }
  return row;
}

/** An image post's media. */
export function imageMedia(name: string): PostMedia {
  return { images: [{ original: `/media/${name}-o.jpg`, medium: `/media/${name}-m.jpg`, thumb: `/media/${name}-t.jpg` }], videos: [] };
}

/** A link attachment. */
export function linkAttachment(url: string): Attachment {
  return { type: 'link', object: { url, domain: new URL(url).hostname, title: 'A link', description: null, image: null, video_embed_url: null } };
}

/** A published share of a post by a user. */
export async function buildShare(db: Database, post: PostRow, user: UserRow, network: number = Network.LINKEDIN): Promise<void> {
  await db.insert(shares).values({ postId: post.id, userId: user.id, companyId: post.companyId, network, state: 'published', publishedAt: new Date() });
}

/** A like of a post by a user. */
export async function buildLike(db: Database, post: PostRow, user: UserRow): Promise<void> {
  await db.insert(postReactions).values({ postId: post.id, userId: user.id });
}

/** A session token for a user in a company: the given one, else their first; signed in with a password unless told otherwise. */
export async function sessionFor(db: Database, user: UserRow, company?: Pick<CompanyRow, 'id'>, authMethod: AuthMethodColumn = { kind: 'password' }): Promise<string> {
  if (company) return createSession(db, user.id, company.id, { authMethod });
  const [first] = await db
    .select({ companyId: memberships.companyId })
    .from(memberships)
    .where(eq(memberships.userId, user.id))
    .orderBy(asc(memberships.created), asc(memberships.companyId))
    .limit(1);
  if (!first) throw new Error(`user ${user.id} belongs to no company`);
  return createSession(db, user.id, first.companyId, { authMethod });
}
