/**
 * My Shares (content-library spec 2 "Timeline", 3 "Timeline post"; issue 15): the person's
 * shared and queued items, 15 a page, optionally one day of their own time zone, with each
 * share's state and numbers.
 */
import { ErrorCode, localDayRange, parseIsoDate, PushedEditStatus, type PushedEdit, type TimelinePost, type TimelineResponse } from '@chorus/core';
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { postClicks, posts, pushedEdits, shares, type CompanyRow, type ShareRow, type UserRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { presentTimelinePost } from '../presenters/timeline.ts';

/** Which list. */
export type TimelineKind = 'shared' | 'queued';

/** A page request. */
export interface TimelinePage {
  page: number;
  perPage: number;
  network?: number | undefined;
  date?: string | undefined;
}

const SHARED_STATES = ['published', 'failed', 'unconfirmed', 'cancelled'] as const;

/** Whether a share's date is still ahead: only then are admin edits pushed, shown or decided (spec 4). */
export function isAhead(share: Pick<ShareRow, 'scheduledAt'>, now: Date = new Date()): boolean {
  return share.scheduledAt !== null && share.scheduledAt.getTime() > now.getTime();
}

/** The waiting (NEW) admin edits of the queued shares whose date is still ahead, by share id. */
export async function pendingEditsOf(db: Database, rows: readonly Pick<ShareRow, 'id' | 'state' | 'scheduledAt'>[]): Promise<Map<number, PushedEdit[]>> {
  const now = new Date();
  const ids = rows.filter((row) => row.state === 'queued' && isAhead(row, now)).map((row) => row.id);
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ shareId: pushedEdits.shareId, content: pushedEdits.content, reason: pushedEdits.reason })
    .from(pushedEdits)
    .where(and(inArray(pushedEdits.shareId, ids), eq(pushedEdits.status, PushedEditStatus.NEW)))
    .orderBy(asc(pushedEdits.id));
  const byShare = new Map<number, PushedEdit[]>();
  for (const row of found) byShare.set(row.shareId, [...(byShare.get(row.shareId) ?? []), { content: row.content, reason: row.reason }]);
  return byShare;
}

async function clicksOf(db: Database, rows: readonly ShareRow[]): Promise<Map<number, number>> {
  const linkIds = rows.flatMap((row) => (row.linkId === null ? [] : [row.linkId]));
  if (linkIds.length === 0) return new Map();
  const counted = await db.select({ linkId: postClicks.linkId, n: count() }).from(postClicks).where(inArray(postClicks.linkId, linkIds)).groupBy(postClicks.linkId);
  return new Map(counted.flatMap((row) => (row.linkId === null ? [] : [[row.linkId, row.n] as const])));
}

/** How many shares the person has queued in the company. */
export async function queueCount(db: Database, company: CompanyRow, user: UserRow): Promise<number> {
  const [row] = await db.select({ n: count() }).from(shares).where(and(eq(shares.companyId, company.id), eq(shares.userId, user.id), eq(shares.state, 'queued')));
  return row?.n ?? 0;
}

/** A page of the person's shared or queued list. */
export async function timelinePage(db: Database, company: CompanyRow, user: UserRow, kind: TimelineKind, page: TimelinePage): Promise<TimelineResponse> {
  const conditions: SQL[] = [eq(shares.companyId, company.id), eq(shares.userId, user.id)];
  conditions.push(kind === 'queued' ? eq(shares.state, 'queued') : inArray(shares.state, [...SHARED_STATES]));
  if (page.network !== undefined) conditions.push(eq(shares.network, page.network));
  const when: SQL = kind === 'queued' ? sql`${shares.scheduledAt}` : sql`coalesce(${shares.publishedAt}, ${shares.updated})`;
  if (page.date !== undefined) {
    const day = parseIsoDate(page.date);
    if (day === null) throw new ApiError(ErrorCode.MISSING_OR_INCORRECT, undefined, [{ path: 'date', message: 'date must be a real YYYY-MM-DD date' }]);
    const range = localDayRange(day, user.timezone);
    conditions.push(gte(when, range.start), lt(when, range.end));
  }
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(shares).where(where);
  const rows = await db
    .select({ share: shares, post: posts })
    .from(shares)
    .innerJoin(posts, eq(posts.id, shares.postId))
    .where(where)
    .orderBy(kind === 'queued' ? asc(when) : desc(when), desc(shares.id))
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage);
  const clicks = await clicksOf(
    db,
    rows.map((row) => row.share),
  );
  const pending = await pendingEditsOf(
    db,
    rows.map((row) => row.share),
  );
  return {
    num_results: total?.n ?? 0,
    page_num: page.page,
    results_per_page: page.perPage,
    objects: rows.map((row) =>
      presentTimelinePost(row.share, row.post, row.share.linkId === null ? 0 : (clicks.get(row.share.linkId) ?? 0), user.language, pending.get(row.share.id)),
    ),
    queue_count: await queueCount(db, company, user),
  };
}

/** One of the person's queued shares, or null. */
export async function queuedItem(db: Database, company: CompanyRow, user: UserRow, id: number): Promise<TimelinePost | null> {
  const [row] = await db
    .select({ share: shares, post: posts })
    .from(shares)
    .innerJoin(posts, eq(posts.id, shares.postId))
    .where(and(eq(shares.id, id), eq(shares.companyId, company.id), eq(shares.userId, user.id), eq(shares.state, 'queued')))
    .limit(1);
  if (!row) return null;
  const pending = await pendingEditsOf(db, [row.share]);
  return presentTimelinePost(row.share, row.post, 0, user.language, pending.get(row.share.id));
}
