import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getAuditLog, type AuditLogQuery } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/v1/admin/audit`: one page of the company's audit log; always read fresh, as every change adds to it. */
export function auditLogQueryOptions(query: AuditLogQuery) {
  return queryOptions({ queryKey: queryKeys.admin.audit(query), queryFn: () => getAuditLog(api(), query), placeholderData: keepPreviousData, staleTime: 0 });
}

/** The page of the log `query` asks for; the page shown stays while the next one loads. */
export function useAuditLog(query: AuditLogQuery) {
  return useQuery(auditLogQueryOptions(query));
}
