import type { QueryClient } from '@tanstack/react-query';
import { isKnownTimeZone } from '@chorus/core';
import { dateTimeFormat } from './date-format.ts';
import { queryKeys } from './query-keys.ts';

/**
 * After a share is queued, scheduled, updated or removed: every My Shares list starts again and
 * the share modal's metadata (canQueue, the queued id and date) is read again (spec 4 "Timeline":
 * all lists reset).
 */
export function refreshQueueViews(queryClient: QueryClient): Promise<void> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.timeline.all() }), queryClient.invalidateQueries({ queryKey: queryKeys.share.metadata() })]).then(() => undefined);
}

/** The person's IANA zone, where queue times are read and written; the browser's when it is unknown here. */
export function personTimeZone(zone: string | undefined): string {
  return zone !== undefined && isKnownTimeZone(zone) ? zone : Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A queue or share time as the person reads it, in their zone and language. */
export function formatShareTime(iso: string, zone: string, language: string): string {
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(new Date(iso));
}
