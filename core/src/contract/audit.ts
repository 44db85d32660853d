/**
 * The audit log reader of the admin console (issue 47 "Way in and roles"): every change an
 * admin, manager or content creator makes, and the operator's commands on the company, newest
 * first. `GET /api/v1/admin/audit` (`audit.read`: managers and admins), of the host's company only.
 */
import { z } from 'zod';
import { paged } from './common.ts';

/** Query of `GET /api/v1/admin/audit`. */
export const AuditLogQuery = z.object({
  /** An action (`post.publish`) or its family (`post`). */
  action: z.string().trim().max(60).regex(/^[a-z.-]*$/).optional(),
  /** A person's user id: their changes only. */
  actor_id: z.coerce.number().int().positive().optional(),
  /** Free text in the target or the data. */
  query: z.string().trim().max(200).optional(),
  /** ISO 8601 bounds of the time: from inclusive, to exclusive. */
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
  page_num: z.coerce.number().int().min(1).optional(),
  results_per_page: z.coerce.number().int().min(1).max(100).optional(),
  _: z.string().optional(),
});
/** Client-side parameters of the log. */
export interface AuditLogQuery {
  action?: string;
  actor_id?: number;
  query?: string;
  from?: string;
  to?: string;
  page_num?: number;
  results_per_page?: number;
}

/** One entry: who (a person with their name, or the operator's command), what, when, about what, and the before and after. */
export const AuditEntry = z.object({
  id: z.number().int(),
  created: z.string(),
  action: z.string(),
  actor: z.object({
    kind: z.enum(['user', 'cli', 'system']),
    /** The person's id (kind user), else null. */
    id: z.number().int().nullable(),
    /** The person's name, the operator's login, or null for one since deleted. */
    name: z.string().nullable(),
  }),
  target: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditLogResponse = paged(AuditEntry);
export type AuditLogResponse = z.infer<typeof AuditLogResponse>;
