/**
 * Prepared shapes: one statement per shape and plan mode, never shared between two shapes;
 * generic plans on PostgreSQL's twin pool, per-values plans on the database itself; limits
 * written into the SQL text only as whole numbers.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedStatementsOf, type Database } from '../db/database.ts';
import { companies } from '../db/schema.ts';
import { openTestDatabase, type TestDatabase } from '../test/database.ts';
import { limitInText, preparedQuery } from './prepared.ts';

let opened: TestDatabase;
let db: Database;

beforeAll(async () => {
  opened = await openTestDatabase();
  db = opened.handle.db;
});
afterAll(() => opened.dispose());

/** A prepared query of up to `limit` of the numbers 1..5 (as many rows as the limit allows). */
function numbers(shape: string, limit: number, plan: 'generic' | 'per-values' = 'generic') {
  const built: { name: string; on: Database }[] = [];
  const query = preparedQuery(
    db,
    shape,
    (name, on) => {
      built.push({ name, on });
      return on
        .select({ n: sql<number>`n`.mapWith(Number) })
        .from(sql`generate_series(1, 5) as n`)
        .orderBy(sql`n`)
        .limit(limitInText(limit))
        .prepare(name);
    },
    plan,
  );
  return { query, built };
}

describe('prepared shapes', () => {
  it('build a shape once and reuse it', async () => {
    const first = numbers('test:reuse', 2);
    const again = numbers('test:reuse', 2);
    expect(first.built).toHaveLength(1);
    expect(again.built).toHaveLength(0);
    expect(again.query).toBe(first.query);
    expect(await again.query.execute({})).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('never share a statement between two shapes, such as two limits, or two plan modes', async () => {
    const two = numbers('test:limit:2', 2);
    const four = numbers('test:limit:4', 4);
    const perValues = numbers('test:limit:2', 3, 'per-values');
    expect(four.query).not.toBe(two.query);
    expect(perValues.query).not.toBe(two.query);
    const names = [two, four, perValues].map((made) => made.built[0]?.name);
    expect(new Set(names).size).toBe(3);
    // Run in turn on the same connections: each answers with its own text.
    expect(await two.query.execute({})).toHaveLength(2);
    expect(await four.query.execute({})).toHaveLength(4);
    expect(await perValues.query.execute({})).toHaveLength(3);
    expect(await two.query.execute({})).toHaveLength(2);
  });

  it('run generic shapes on the twin pool on PostgreSQL, per-values shapes on the database itself', () => {
    const generic = numbers('test:where:generic', 1);
    const perValues = numbers('test:where:per-values', 1, 'per-values');
    expect(generic.built[0]?.on).toBe(preparedStatementsOf(db));
    expect(perValues.built[0]?.on).toBe(db);
    expect(preparedStatementsOf(db) === db).toBe(opened.handle.driver.kind === 'pglite');
  });

  it('write only whole, non-negative limits into the SQL text', async () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => limitInText(bad)).toThrow(/whole number/);
    const zero = numbers('test:limit:0', 0);
    expect(await zero.query.execute({})).toEqual([]);
    expect(db.select({ id: companies.id }).from(companies).limit(limitInText(7)).toSQL().sql).toMatch(/limit 7$/);
  });
});
