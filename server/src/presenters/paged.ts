/** The paged list envelope. */
import type { Paged } from '@chorus/core';

/** Wraps one page of results with the spec's paging fields. */
export function presentPage<T>(objects: T[], total: number, page: number, perPage: number): Paged<T> {
  return { objects, total_pages: Math.ceil(total / perPage), num_results: total, page_num: page };
}
