/** Client call of the admin console's audit log (see contract/audit.ts). */
import { AuditLogResponse, type AuditLogQuery } from '../contract/audit.ts';
import type { ApiClient } from './api-client.ts';

/** `GET /api/v1/admin/audit` (managers and admins): a page of the company's audit log, newest first. */
export function getAuditLog(client: ApiClient, query: AuditLogQuery): Promise<AuditLogResponse> {
  return client.call('GET /api/v1/admin/audit', AuditLogResponse, { query: { ...query } });
}
