import { z } from 'zod';

/** Error body of every non-2xx response. */
export const ApiErrorBody = z.object({
  error: z.number().int(),
  message: z.string(),
  url: z.string().optional(),
  /** Field-level problems of a validation failure (error 201). */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** A paged list: `{ objects, total_pages, num_results, page_num }`. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    objects: z.array(item),
    total_pages: z.number().int().nonnegative(),
    num_results: z.number().int().nonnegative(),
    page_num: z.number().int().positive(),
  });
}
export interface Paged<T> {
  objects: T[];
  total_pages: number;
  num_results: number;
  page_num: number;
}

/** A positive integer path id, parsed from its string form. */
export const IdParam = z.object({ id: z.coerce.number().int().positive() });
export type IdParam = z.infer<typeof IdParam>;

/** Query parameters shared by GET requests (the cache-busting timestamp is ignored). */
export const CacheBust = z.object({ _: z.string().optional() });

/** An ISO-8601 timestamp string. */
export const Timestamp = z.string();
