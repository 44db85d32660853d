/**
 * The event log's one writer (ARCHITECTURE.md "Event log"): one row per share outcome, intent,
 * tracked click, relink need, queue change, pushed edit, auto-queue step or analytics event,
 * its `data` typed by kind (core's EventPayloads). Callers pass the transaction of the change
 * the event records, so a change and its event are committed together or not at all. Nothing
 * else inserts into `events` (a test checks the source).
 */
import type { EventKind, EventPayloads } from '@chorus/core';
import type { Database } from '../db/database.ts';
import { events } from '../db/schema.ts';

/** Who and what an event is about. */
interface EventSubject {
  companyId: number;
  userId: number | null;
  postId: number | null;
  network: number | null;
}

/** One event of kind K with that kind's payload. */
export type EventOf<K extends EventKind> = EventSubject & { kind: K } & (EventPayloads[K] extends Record<string, never> ? { data?: EventPayloads[K] } : { data: EventPayloads[K] });

/** An event's kind and payload, without its subject (a caller adds who and what). */
export type EventBody = { [K in EventKind]: Pick<EventOf<K>, 'kind' | 'data'> }[EventKind];

/** One event, of any kind. */
export type EventInput = { [K in EventKind]: EventOf<K> }[EventKind];

/** Writes events in the caller's transaction (or statement). */
export async function recordEvents(db: Database, inputs: readonly EventInput[]): Promise<void> {
  if (inputs.length === 0) return;
  await db.insert(events).values(inputs.map((input) => ({ ...input, data: (input.data ?? {}) as Record<string, unknown> })));
}

/** Writes one event in the caller's transaction (or statement). */
export function recordEvent(db: Database, input: EventInput): Promise<void> {
  return recordEvents(db, [input]);
}
