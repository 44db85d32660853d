/**
 * The admin console's reading of the audit log (issue 47): one company's entries, newest first,
 * narrowed by action, actor, text and time, a page at a time.
 */
import type { AuditLogResponse } from '@chorus/core';
import { and, count, desc, eq, gte, ilike, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { auditLog, users } from '../db/schema.ts';
import { parseActor, presentAuditEntry } from '../presenters/audit-entry.ts';
import { fullName } from '../presenters/person.ts';
import { presentPage } from '../presenters/paged.ts';
import { containsPattern } from './like-pattern.ts';

/** Entries per page when the request names no size. */
export const AUDIT_PAGE_DEFAULT = 50;

/** What narrows the log; every part is optional. */
export interface AuditLogFilter {
  /** An action (`post.publish`, with a dot) or a family (`post`: every `post.*`). */
  action?: string;
  /** The stored actor text (`user:<id>`): that actor's entries only. */
  actor?: string;
  /** Text anywhere in the target or the data, case-insensitive. */
  query?: string;
  /** From (inclusive) and to (exclusive). */
  from?: Date;
  to?: Date;
  page?: number;
  perPage?: number;
}

function conditionsOf(companyId: number, filter: AuditLogFilter): SQL[] {
  const conditions: SQL[] = [eq(auditLog.companyId, companyId)];
  const action = filter.action ?? '';
  if (action !== '') {
    // The contract allows only [a-z.-] in an action, so the family's pattern needs no escaping.
    const matches = action.includes('.') ? eq(auditLog.action, action) : or(eq(auditLog.action, action), like(auditLog.action, `${action}.%`));
    if (matches !== undefined) conditions.push(matches);
  }
  if (filter.actor !== undefined) conditions.push(eq(auditLog.actor, filter.actor));
  const text = filter.query ?? '';
  if (text !== '') {
    const pattern = containsPattern(text);
    // data::text searches keys and values alike: "threshold" finds every threshold change.
    const matches = or(ilike(auditLog.target, pattern), ilike(sql`${auditLog.data}::text`, pattern));
    if (matches !== undefined) conditions.push(matches);
  }
  if (filter.from !== undefined) conditions.push(gte(auditLog.created, filter.from));
  if (filter.to !== undefined) conditions.push(lt(auditLog.created, filter.to));
  return conditions;
}

/** The current names of the people among `actors` (their full name, else their address); a deleted one has none. */
async function actorNames(db: Database, actors: readonly string[]): Promise<Map<number, string>> {
  const people = actors.map(parseActor).flatMap((actor) => (actor.kind === 'user' ? [actor.id] : []));
  const ids = [...new Set(people)];
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((user) => [user.id, fullName(user) || user.email]));
}

/** One page of the company's audit log, newest first (by time, then by id for entries of one transaction). */
export async function auditLogPage(db: Database, companyId: number, filter: AuditLogFilter = {}): Promise<AuditLogResponse> {
  const page = filter.page ?? 1;
  const perPage = filter.perPage ?? AUDIT_PAGE_DEFAULT;
  const where = and(...conditionsOf(companyId, filter));
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.created), desc(auditLog.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const names = await actorNames(db, rows.map((row) => row.actor));
  return presentPage(
    rows.map((row) => presentAuditEntry(row, names)),
    total?.n ?? 0,
    page,
    perPage,
  );
}
