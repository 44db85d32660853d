/**
 * Queries prepared once per shape. Building a query with drizzle costs more CPU than
 * PostgreSQL spends answering a cached page, so the library's hot reads are built once per
 * shape (which filters, which order, which limits) with placeholders for the values, and
 * reused: on PostgreSQL as named prepared statements, parsed and planned once per connection
 * with a generic plan (db/database.ts `preparedStatementsOf`), on PGlite as the cached SQL text.
 */
import { createHash } from 'node:crypto';
import { Column, is, SQL, Subquery, sql, type Placeholder } from 'drizzle-orm';
import { preparedStatementsOf, type Database } from '../db/database.ts';

/** Something drizzle prepared: executed with the placeholders' values. */
export interface Prepared<T> {
  execute(values: Record<string, unknown>): Promise<T>;
}

const prepared = new WeakMap<Database, Map<string, Prepared<unknown>>>();

/** How PostgreSQL plans a prepared shape: once for all values, or for each execution's values. */
export type PlanMode = 'generic' | 'per-values';

/**
 * The query of `shape` on `db`, built by `build` on the database it gets the first time.
 * `shape` must name everything that changes the SQL text; the values go through placeholders.
 * `plan` 'per-values' leaves PostgreSQL its own choice (a search: how many posts match a
 * word decides the plan, and the generic one was twice as slow).
 */
export function preparedQuery<T>(db: Database, shape: string, build: (name: string, db: Database) => Prepared<T>, plan: PlanMode = 'generic'): Prepared<T> {
  let byShape = prepared.get(db);
  if (byShape === undefined) {
    byShape = new Map();
    prepared.set(db, byShape);
  }
  const key = `${plan}:${shape}`;
  const known = byShape.get(key);
  if (known !== undefined) return known as Prepared<T>;
  // A statement name is per connection and must always mean the same text: the shape's hash.
  const name = `chorus_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
  const made = build(name, plan === 'generic' ? preparedStatementsOf(db) : db);
  mapRowsFaster(made);
  byShape.set(key, made as Prepared<unknown>);
  return made;
}

/**
 * A row limit written into the SQL text, for a shape that names it. A generic plan cannot see
 * a limit passed as a parameter and plans as if a tenth of the table were wanted (sorting the
 * library instead of walking an index). drizzle's `limit()` types only numbers (sent as
 * parameters) and placeholders, but writes any SQL it is given.
 */
export function limitInText(rows: number): Placeholder {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`a row limit must be a whole number, not ${rows}`);
  return sql.raw(String(rows)) as unknown as Placeholder;
}

/** What drizzle keeps on a prepared select to turn its rows (arrays) into objects (drizzle-orm 0.45). */
interface RowMapping {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** How one selected field's driver value becomes its value. */
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The decoder drizzle's row mapper would use for a selected field (its mapResultRow, once per field instead of once per value). */
function decoderOf(field: unknown): Decoder {
  // An SQL's decoder is internal to drizzle's types.
  const decoderOfSql = (of: SQL): Decoder => (of as unknown as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: SQL } })._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/**
 * Maps a prepared select's rows with each field's path and decoder worked out once. drizzle
 * works them out again for every value (up to four class checks each, then the path): for an
 * uncached feed, 38 rows of some 45 fields, that was the largest single cost in the server's
 * profile (14% of its samples). Same objects as drizzle's mapper; a shape with an outer join
 * (where drizzle turns a missing table's fields into null) keeps drizzle's own.
 */
function mapRowsFaster(made: unknown): void {
  const query = made as RowMapping;
  if (!Array.isArray(query.fields) || query.customResultMapper !== undefined) return;
  if (Object.values(query.joinsNotNullableMap ?? {}).some((notNull) => !notNull)) return;
  const columns = query.fields.map(({ path, field }) => ({ parents: path.slice(0, -1), key: path.at(-1) ?? '', decoder: decoderOf(field) }));
  query.customResultMapper = (rows) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i += 1) {
        const { parents, key, decoder } = columns[i] as (typeof columns)[number];
        let node = result;
        for (const parent of parents) node = (node[parent] ??= {}) as Record<string, unknown>;
        const raw = row[i];
        node[key] = raw === null ? null : decoder.mapFromDriverValue(raw);
      }
      return result;
    });
}
