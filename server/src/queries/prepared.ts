/**
 * Queries prepared once per shape. Building a query with drizzle costs more CPU than
 * PostgreSQL spends answering a cached page, so the library's hot reads are built once per
 * shape (which filters, which order) with placeholders for the values, and reused: on
 * PostgreSQL as named prepared statements (parsed and planned once per connection), on PGlite
 * as the cached SQL text.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/database.ts';

/** Something drizzle prepared: executed with the placeholders' values. */
export interface Prepared<T> {
  execute(values: Record<string, unknown>): Promise<T>;
}

const prepared = new WeakMap<Database, Map<string, Prepared<unknown>>>();

/**
 * The query of `shape` on `db`, built by `build` the first time. `shape` must name everything
 * that changes the SQL text; the values go through placeholders.
 */
export function preparedQuery<T>(db: Database, shape: string, build: (name: string) => Prepared<T>): Prepared<T> {
  let byShape = prepared.get(db);
  if (byShape === undefined) {
    byShape = new Map();
    prepared.set(db, byShape);
  }
  const known = byShape.get(shape);
  if (known !== undefined) return known as Prepared<T>;
  // A statement name is per connection and must always mean the same text: the shape's hash.
  const name = `chorus_${createHash('sha256').update(shape).digest('hex').slice(0, 24)}`;
  const made = build(name);
  byShape.set(shape, made as Prepared<unknown>);
  return made;
}
