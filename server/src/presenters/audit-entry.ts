/**
 * The audit log's entries as the admin console reads them (core's AuditEntry): the stored
 * actor text (`user:<id>`, `cli:<os login>`, `system[:<what>]`, see commands/audit.ts) becomes
 * who did it, with a person's name as it is now.
 */
import type { AuditEntry } from '@chorus/core';
import type { auditLog } from '../db/schema.ts';

/** An audit row as stored. */
export type AuditRow = typeof auditLog.$inferSelect;

/** Who an actor text names: a person (by id), the operator (by login), or the system. */
export type ParsedActor = { kind: 'user'; id: number } | { kind: 'cli'; login: string } | { kind: 'system'; what: string | null };

/** Reads an actor text; anything not a person's or the operator's is the system's. */
export function parseActor(actor: string): ParsedActor {
  const user = /^user:(\d+)$/.exec(actor);
  if (user?.[1] !== undefined) return { kind: 'user', id: Number(user[1]) };
  if (actor.startsWith('cli:')) return { kind: 'cli', login: actor.slice('cli:'.length) };
  const colon = actor.indexOf(':');
  return { kind: 'system', what: colon < 0 ? null : actor.slice(colon + 1) || null };
}

/** Presents one row; `names` holds the names of the people still in the users table (a deleted one's name is null). */
export function presentAuditEntry(row: AuditRow, names: ReadonlyMap<number, string>): AuditEntry {
  const actor = parseActor(row.actor);
  return {
    id: row.id,
    created: row.created.toISOString(),
    action: row.action,
    actor:
      actor.kind === 'user'
        ? { kind: 'user', id: actor.id, name: names.get(actor.id) ?? null }
        : actor.kind === 'cli'
          ? { kind: 'cli', id: null, name: actor.login }
          : { kind: 'system', id: null, name: actor.what },
    target: row.target,
    data: row.data,
  };
}
