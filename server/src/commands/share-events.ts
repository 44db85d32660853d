/**
 * The event log's writer (ARCHITECTURE.md "Event log"): one row per share outcome, intent,
 * tracked click or relink need. Callers pass the transaction of the change the event records,
 * so a change and its event are committed together or not at all.
 */
import type { EventKind } from '@chorus/core';
import type { Database } from '../db/database.ts';
import { events } from '../db/schema.ts';

/** One event. */
export interface EventInput {
  companyId: number;
  userId: number | null;
  postId: number | null;
  network: number | null;
  kind: EventKind;
  data?: Record<string, unknown>;
}

/** Writes events in the caller's transaction (or statement). */
export async function recordEvents(db: Database, inputs: readonly EventInput[]): Promise<void> {
  if (inputs.length === 0) return;
  await db.insert(events).values(inputs.map((input) => ({ ...input, data: input.data ?? {} })));
}

/** Writes one event in the caller's transaction (or statement). */
export function recordEvent(db: Database, input: EventInput): Promise<void> {
  return recordEvents(db, [input]);
}
