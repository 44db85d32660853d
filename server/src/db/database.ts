/**
 * Opens the database: embedded PGlite in the data folder by default, or PostgreSQL when a
 * connection string is configured. Both are driven through the same Drizzle API and
 * migrated on open with the SQL files generated into server/drizzle/.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { z } from 'zod';
import { checkDataFolder, lockDataFolder } from './data-folder.ts';
import * as schema from './schema.ts';

/** The Drizzle database, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The driver underneath, for components that need the raw connection (pg-boss). */
export type DatabaseDriver = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool; url: string };

/** An open database. */
export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** Runs a trivial query; rejects when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Where to find the database: a PostgreSQL URL, or else a PGlite folder (`memory://` for RAM). */
export interface DatabaseLocation {
  databaseUrl: string | null;
  pgDataDir: string;
  /**
   * The data folder an on-disk PGlite folder belongs to, locked while the database is open
   * (data-folder.ts); the folder holding `pgDataDir` when unset.
   */
  dataDir?: string;
  /**
   * A PGlite data folder dumped by `dumpDataDir` to start from instead of an empty cluster
   * (the test suite's migrated template: loading it is several times faster than initdb plus
   * every migration). Migrations still run on it, so a stale template only costs time.
   */
  pgTemplate?: Blob;
}

/** Drizzle's migration files (and meta/_journal.json) of this build. */
export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'drizzle');
/** Serialises migrations of processes starting together on one PostgreSQL database. */
const MIGRATION_LOCK_ID = 7_413_001;
/** Connections of each PostgreSQL pool: the general one and the one for prepared shapes. */
const POOL_SIZE = 10;

/**
 * Where the prepared query shapes (queries/prepared.ts) of a PostgreSQL database run: a pool
 * whose sessions use generic plans (`plan_cache_mode=force_generic_plan`). PostgreSQL keeps
 * re-planning a named statement for every execution while a plan for its parameter values
 * looks cheaper than the generic one, and the feed's plan took as long as running it; the
 * shapes write their limits into the SQL text so that the generic plan is the good one. The
 * setting is per session and would also make every unnamed statement generic (100 ms list
 * pages with a limit as parameter), hence a pool of its own. PGlite has no twin.
 */
const preparedTwins = new WeakMap<Database, Database>();

/** The database that runs prepared shapes of `db`: its generic-plan twin on PostgreSQL, else itself. */
export function preparedStatementsOf(db: Database): Database {
  return preparedTwins.get(db) ?? db;
}

async function openPglite(dataDir: string, folder: string, template?: Blob): Promise<DatabaseHandle> {
  const onDisk = !dataDir.startsWith('memory://');
  // One process per folder: before PGlite touches it, or a second server would corrupt it.
  const lock = onDisk ? lockDataFolder(folder) : null;
  const open = async () => {
    if (onDisk) await mkdir(dataDir, { recursive: true });
    // pg_trgm backs the library search index (migration 0004); PGlite loads contrib extensions here.
    const opened = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(template ? { loadDataDir: template } : {}) });
    const migrated = drizzlePglite({ client: opened, schema });
    await migratePglite(migrated, { migrationsFolder: MIGRATIONS_FOLDER });
    return { client: opened, db: migrated };
  };
  let client: PGlite;
  let db: Database;
  try {
    ({ client, db } = await open());
  } catch (error) {
    lock?.release();
    throw error;
  }
  return {
    db,
    driver: { kind: 'pglite', client },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * A PostgreSQL database without migrating it: pools are opened lazily, so this never fails
 * and a server that is down shows on the first query.
 */
export function connectPostgres(url: string): DatabaseHandle & { driver: Extract<DatabaseDriver, { kind: 'postgres' }> } {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  // An idle connection the server closes (a restart, a failover, a dropped test database) is
  // reported here; the pool replaces it on the next query. Without a listener the error would
  // be unhandled and end the process. Queries in flight still fail on their own.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema });
  // Connections are opened on first use, so a process that never reads the library opens none.
  const preparedPool = new pg.Pool({ connectionString: url, max: POOL_SIZE, options: '-c plan_cache_mode=force_generic_plan' });
  preparedPool.on('error', () => undefined);
  preparedTwins.set(db, drizzlePg({ client: preparedPool, schema }));
  return {
    db,
    driver: { kind: 'postgres', pool, url },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await Promise.all([pool.end(), preparedPool.end()]);
    },
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const handle = connectPostgres(url);
  try {
    const lockClient = await handle.driver.pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      lockClient.release();
    }
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/** Opens and migrates the configured database. */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.databaseUrl) {
    if (location.dataDir !== undefined) checkDataFolder(location.dataDir);
    return openPostgres(location.databaseUrl);
  }
  return openPglite(location.pgDataDir, location.dataDir ?? path.dirname(location.pgDataDir), location.pgTemplate);
}

/**
 * Rows of a raw SQL query, checked against their shape: both drivers answer `{ rows }`, but
 * Drizzle types a raw query's result as unknown.
 */
export async function queryRows<T>(db: Database, query: SQL, row: z.ZodType<T>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return z.object({ rows: z.array(row) }).parse(result).rows;
}
