/**
 * Prepared shapes: one statement per shape and plan mode, never shared between two shapes;
 * generic plans on PostgreSQL's twin pool, per-values plans on the database itself; limits
 * written into the SQL text only as whole numbers; rows mapped as drizzle maps them.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedStatementsOf, type Database } from '../db/database.ts';
import { companies, memberships, users } from '../db/schema.ts';
import { buildCompany, buildUser } from '../test/factories.ts';
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

describe('rows of prepared shapes', () => {
  it("are the objects drizzle's own mapper makes: nested, typed (dates, JSON, booleans, mapped SQL), nulls kept", async () => {
    const company = await buildCompany(db, { subdomain: 'mapped', suspendedAt: new Date('2026-01-02T03:04:05.678Z') });
    await buildUser(db, [{ company }]);
    await buildCompany(db, { subdomain: 'mapped-alone' });
    const select = (on: Database) =>
      on
        .select({
          company: companies,
          member: { id: users.id, email: users.email, created: users.created },
          extra: { twice: sql<number>`${companies.id} * 2`.mapWith(Number), label: sql<string>`'x' || ${companies.subdomain}`, nothing: sql<null>`null` },
          named: sql<number>`${companies.id}`.mapWith(Number).as('named'),
        })
        .from(companies)
        .innerJoin(memberships, eq(memberships.companyId, companies.id))
        .innerJoin(users, eq(users.id, memberships.userId))
        .orderBy(companies.id);
    const query = preparedQuery(db, 'test:rows:inner', (name, on) => select(on).prepare(name));
    expect(typeof (query as { customResultMapper?: unknown }).customResultMapper).toBe('function');
    const mapped = await query.execute({});
    const drizzles = await select(db);
    expect(mapped).toEqual(drizzles);
    expect(mapped.length).toBeGreaterThan(0);
    const mine = mapped.find((row) => row.company.id === company.id);
    expect(mine?.company.suspendedAt).toEqual(new Date('2026-01-02T03:04:05.678Z'));
    expect(mine?.company.featureToggles).toEqual(company.featureToggles);
    expect(mine?.extra).toEqual({ twice: company.id * 2, label: 'xmapped', nothing: null });
  });

  it("keep drizzle's mapper where an outer join may leave a table out (its fields become one null)", async () => {
    const select = (on: Database) =>
      on
        .select({ id: companies.id, member: { id: memberships.userId } })
        .from(companies)
        .leftJoin(memberships, eq(memberships.companyId, companies.id))
        .where(eq(companies.subdomain, 'mapped-alone'));
    const query = preparedQuery(db, 'test:rows:left', (name, on) => select(on).prepare(name));
    expect((query as { customResultMapper?: unknown }).customResultMapper).toBeUndefined();
    const rows = await query.execute({});
    expect(rows).toEqual([{ id: expect.any(Number) as number, member: null }]);
  });
});
