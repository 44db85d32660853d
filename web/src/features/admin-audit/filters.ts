/**
 * The audit log screen's filters as the request's query: a family, free text, and days from
 * and to (both included, in the browser's time zone, as the dates are shown in it).
 */
import type { AuditLogQuery } from '@chorus/core';
import type { AuditFamily } from './actions.ts';

/** Entries per page. */
export const AUDIT_PER_PAGE = 50;

/** What the filters hold: dates as a date field gives them (`YYYY-MM-DD`, or empty). */
export interface AuditFilters {
  family: AuditFamily | null;
  text: string;
  from: string;
  to: string;
}

/** No filter: the whole log. */
export const NO_FILTERS: AuditFilters = { family: null, text: '', from: '', to: '' };

/** The start of a `YYYY-MM-DD` day `offset` days on, in the browser's zone, as ISO; null for no date. */
function dayStart(day: string, offset = 0): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (match === null) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + offset);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** True when both days are set and the last comes before the first. */
export function datesReversed(filters: AuditFilters): boolean {
  return filters.from !== '' && filters.to !== '' && filters.to < filters.from;
}

/** The request's query of one page under `filters`. */
export function auditQueryOf(filters: AuditFilters, page: number): AuditLogQuery {
  const query: AuditLogQuery = { page_num: page, results_per_page: AUDIT_PER_PAGE };
  if (filters.family !== null) query.action = filters.family;
  const text = filters.text.trim();
  if (text !== '') query.query = text;
  const from = dayStart(filters.from);
  if (from !== null) query.from = from;
  // The last day is included: the bound is the start of the day after it.
  const to = dayStart(filters.to, 1);
  if (to !== null) query.to = to;
  return query;
}

/** True when any filter narrows the log. */
export function isFiltered(filters: AuditFilters): boolean {
  return filters.family !== null || filters.text.trim() !== '' || filters.from !== '' || filters.to !== '';
}
