/**
 * The event log's payloads (ARCHITECTURE.md "Event log"): one type per kind, so every writer
 * (server/src/commands/share-events.ts recordEvent, the only one) and every reader agree on
 * what `data` holds. A new kind is added to EVENT_KINDS and here, never as a new table.
 */
import type { EventKind } from './share.ts';

/** What every share outcome carries: the share, and how it ended where that is known. */
export interface ShareOutcomeData {
  shareId: number;
  /** 'api', 'intent' or 'reminder' (share now's outcomes). */
  method?: string;
  channel?: number | null;
  /** The outcome's kind or stored reason when it did not publish. */
  reason?: string;
  /** The spec's code of a failure. */
  code?: number;
  networkPostId?: string | null;
  url?: string | null;
  /** Published by the delivery worker (a queued or scheduled share). */
  queued?: true;
  /** Found on the network by crash recovery. */
  recovered?: true;
  /** The member checked the network for an unconfirmed share. */
  resolvedBy?: 'person';
}

/** The shape of `data` for each event kind. */
export interface EventPayloads {
  share_published: ShareOutcomeData;
  share_failed: ShareOutcomeData;
  share_unconfirmed: ShareOutcomeData;
  share_cancelled: { shareId: number; code: number };
  share_intent_opened: { shareId: number; reason: string };
  /** `counted` false for a member's further intents for the post and network the same day. */
  share_intent_completed: { shareId: number; network: string; counted: boolean };
  copy_link_created: { linkId: number; channel: number };
  link_clicked: { linkId: number; channel: number | null };
  relink_needed: { shareId?: number };
  video_share_processing: ShareOutcomeData;
  video_share_succeeded: ShareOutcomeData;
  video_share_failed: ShareOutcomeData;
  share_delayed: { shareId: number; dueAt: string; reason: string };
  share_reminder: { shareId: number };
  share_queued: { shareId: number; at: string; mode: 'queue' | 'schedule' };
  share_queue_changed: { shareId: number; at: string };
  share_queue_removed: { shareId: number };
  queued_post_changed: { notificationType: number; shareId: number; pushedEditId: number | null; by: number };
  pushed_edit_decided: { shareId: number; pushedEditId: number; status: number };
  auto_queue_enabled: Record<string, never>;
  auto_queue_added: { shareId: number; by: number };
  auto_queue_failed: { code: number; by: number };
  auto_queue_bulk: { queued: number; skipped: number; failed: number };
  /** `by`: the reviewer's user id; the event's user is the member who suggested it. */
  suggestion_approved: { by: number };
  suggestion_rejected: { by: number; reason: string; notificationType: number; note: string | null };
  suggestion_published: { by: number; notificationType: number };
  page_viewed: { name: string; role_id: number };
  action_tracked: { name: string; role_id: number; properties: Record<string, unknown> };
  sso_login: { role_id: number; method: string | null };
}

/** Every kind has its payload type (this fails to compile when a kind is added without one). */
export type EventPayload<K extends EventKind> = EventPayloads[K];
const everyKindTyped: Record<EventKind, true> = {} as Record<keyof EventPayloads, true>;
void everyKindTyped;
