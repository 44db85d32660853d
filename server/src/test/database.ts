/**
 * The database of a test file: in-memory PGlite by default, or, when TEST_DATABASE_URL is
 * set, a fresh uniquely named PostgreSQL database that is dropped afterwards, so parallel
 * files and runs never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testDatabaseUrl } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';

/** A test database; dispose() closes it and drops it when it was created on PostgreSQL. */
export interface TestDatabase {
  handle: DatabaseHandle;
  dispose(): Promise<void>;
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Opens and migrates a database for one test file. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = testDatabaseUrl();
  if (serverUrl === null) {
    const handle = await openDatabase({ databaseUrl: null, pgDataDir: 'memory://' });
    return { handle, dispose: () => handle.close() };
  }
  const name = `chorus_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.href, pgDataDir: 'memory://' });
  return {
    handle,
    async dispose() {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
