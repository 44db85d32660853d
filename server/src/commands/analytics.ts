/**
 * Product analytics (spec "Analytics events", issue 19): page and track events of the web app
 * and the sign-in through SSO, written to the event log (ARCHITECTURE.md "Event log") with the
 * person's role attached (spec 6: the role is sent to analytics), for admin analytics.
 */
import type { AnalyticsEventRequest, EventKind, Role } from '@chorus/core';
import type { Database } from '../db/database.ts';
import { recordEvent } from './share-events.ts';

/** The event log's kinds written here (the personal data export lists them). */
export const ANALYTICS_EVENT_KINDS = ['page_viewed', 'action_tracked', 'sso_login'] as const satisfies readonly EventKind[];

/** Who the event is about. */
export interface AnalyticsActor {
  companyId: number;
  userId: number;
  role: Role;
}

/** A page or track event reported by the client (already parsed). */
export type AnalyticsEvent = Extract<AnalyticsEventRequest, { type: 'page' }> | Required<Extract<AnalyticsEventRequest, { type: 'track' }>>;

/** Records a page (`page_viewed`) or track (`action_tracked`) event. */
export function recordAnalyticsEvent(db: Database, actor: AnalyticsActor, event: AnalyticsEvent): Promise<void> {
  const base = { companyId: actor.companyId, userId: actor.userId, postId: null, network: null };
  if (event.type === 'page') return recordEvent(db, { ...base, kind: 'page_viewed', data: { name: event.name, role_id: actor.role } });
  return recordEvent(db, { ...base, kind: 'action_tracked', data: { name: event.name, role_id: actor.role, properties: event.properties } });
}

/** Records a sign-in through SSO (SAML, Google, social sign-in) with the method it used. */
export function recordSsoLogin(db: Database, actor: AnalyticsActor, method: string | null): Promise<void> {
  return recordEvent(db, { companyId: actor.companyId, userId: actor.userId, postId: null, network: null, kind: 'sso_login', data: { role_id: actor.role, method } });
}
