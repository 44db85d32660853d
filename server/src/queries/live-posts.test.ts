/**
 * The feed and list index carries the library's visibility test (migration 0029): counting a
 * company's live posts and choosing a page's ids can then read the index alone. drizzle's
 * schema cannot declare INCLUDE, so this guards the migration against a regenerated index.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database.ts';

let opened: TestDatabase;

beforeAll(async () => {
  opened = await openTestDatabase();
});
afterAll(() => opened.dispose());

it('posts_company_created_idx orders by company, newest first, and includes status, start and expiration', async () => {
  const rows = await opened.handle.db.execute<{ indexdef: string }>(sql`select indexdef from pg_indexes where indexname = 'posts_company_created_idx'`);
  const [index] = Array.isArray(rows) ? rows : (rows as { rows: { indexdef: string }[] }).rows;
  expect(index?.indexdef).toMatch(/\(company_id, created DESC( NULLS FIRST)?, id DESC( NULLS FIRST)?\) INCLUDE \(status, start, expiration\)$/);
});
