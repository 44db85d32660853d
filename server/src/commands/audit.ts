/**
 * The audit log's one writer: who changed what in a company, when, and what it was before and
 * after (the admin console's changes, the operator's provisioning command). Written in the
 * caller's transaction, so a change and its record land together or not at all.
 */
import type { Database } from '../db/database.ts';
import { auditLog } from '../db/schema.ts';

/** One record: `actor` is `user:<id>` for a signed-in person (userActor), `cli:<os user>` for the operator. */
export interface AuditEntry {
  actor: string;
  companyId: number | null;
  /** What was done, `area.verb` (`compliance.update`, `member.set-role`). */
  action: string;
  /** What it was about (a subdomain, an e-mail address), or null. */
  target: string | null;
  /** The change: before and after, or what was added and removed. */
  data?: Record<string, unknown>;
}

/** The actor of a signed-in person. */
export function userActor(userId: number): string {
  return `user:${userId}`;
}

/** A signed-in person acting in the console: their user id (for events) and their audit actor. */
export interface PersonActor {
  userId: number;
  actor: string;
}

/** The person actor of a signed-in user. */
export function personActor(userId: number): PersonActor {
  return { userId, actor: userActor(userId) };
}

/** Writes one record in the caller's transaction (or statement). */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ actor: entry.actor, companyId: entry.companyId, action: entry.action, target: entry.target, data: entry.data ?? {} });
}
