/**
 * The database of a test file: in-memory PGlite by default, or, when TEST_DATABASE_URL is
 * set, a fresh uniquely named PostgreSQL database that is dropped afterwards, so parallel
 * files and runs never see each other's rows.
 *
 * Both start from a migrated template, made once per set of migrations: creating a database and
 * running every migration costs a second or more per file. PGlite loads a dumped data folder
 * (made once per PGlite version too, kept under node_modules/.cache); PostgreSQL copies a
 * template database (`create database ... template`), kept on the server for later runs.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { testDatabaseUrl } from '../config.ts';
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseHandle } from '../db/database.ts';

const TEMPLATE_FOLDER = path.resolve(MIGRATIONS_FOLDER, '..', '..', 'node_modules', '.cache', 'chorus-test-db');

/** PGlite's package.json (its exports hide the file, so it is found above the entry point). */
async function pgliteManifest(): Promise<Buffer> {
  let folder = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const manifest = await readFile(path.join(folder, 'package.json')).catch(() => null);
    if (manifest && (JSON.parse(manifest.toString('utf8')) as { name?: unknown }).name === '@electric-sql/pglite') return manifest;
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error('PGlite package.json not found');
    folder = parent;
  }
}

/** A digest of every migration file (and of the extra bytes given): it names a template. */
async function migrationsDigest(extra: Buffer | null): Promise<string> {
  const hash = createHash('sha256');
  if (extra) hash.update(extra);
  const files = (await readdir(MIGRATIONS_FOLDER, { recursive: true })).filter((file) => /\.(sql|json)$/.test(file)).sort();
  for (const file of files) {
    hash.update(file);
    hash.update(await readFile(path.join(MIGRATIONS_FOLDER, file)));
  }
  return hash.digest('hex').slice(0, 24);
}

/** A name for the template that changes with any migration file and with the PGlite version. */
async function templateName(): Promise<string> {
  return `pglite-${await migrationsDigest(await pgliteManifest())}.tar`;
}

let template: Promise<Blob> | null = null;

/** The migrated template, made (and written atomically for other test files) when missing. */
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = path.join(TEMPLATE_FOLDER, await templateName());
    const saved = await readFile(file).catch(() => null);
    if (saved) return new Blob([new Uint8Array(saved)]);
    const handle = await openDatabase({ databaseUrl: null, pgDataDir: 'memory://' });
    try {
      if (handle.driver.kind !== 'pglite') throw new Error('expected PGlite');
      const dump = await handle.driver.client.dumpDataDir('none');
      await mkdir(TEMPLATE_FOLDER, { recursive: true });
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
      await rename(partial, file);
      return dump;
    } finally {
      await handle.close();
    }
  })();
  return template;
}

/** A test database; dispose() closes it and drops it when it was created on PostgreSQL. */
export interface TestDatabase {
  handle: DatabaseHandle;
  dispose(): Promise<void>;
}

async function adminQuery(serverUrl: string, text: string, values: unknown[] = []): Promise<number> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/** The URL of another database on the same server. */
function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * Renames a database that was just closed: its connections' server processes may still be on
 * their way out (55006, object_in_use), so the rename is tried again until they are gone.
 */
async function renameDatabase(serverUrl: string, from: string, to: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await adminQuery(serverUrl, `alter database ${from} rename to ${to}`);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== '55006' || attempt === 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

let postgresTemplate: Promise<string> | null = null;

/**
 * The name of the migrated template database on the test server, made when missing: migrated
 * under a name of its own, then renamed into place, so a file never copies a half-migrated one.
 * Where two processes make it at once, the second rename fails and its copy is dropped.
 */
function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `chorus_template_${await migrationsDigest(null)}`;
    if ((await adminQuery(serverUrl, 'select 1 from pg_database where datname = $1', [name])) > 0) return name;
    const building = `${name}_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${building}`);
    try {
      await (await openDatabase({ databaseUrl: databaseUrl(serverUrl, building), pgDataDir: 'memory://' })).close();
      await renameDatabase(serverUrl, building, name);
    } catch (error) {
      await adminQuery(serverUrl, `drop database if exists ${building} with (force)`);
      // 42P04 duplicate_database: another process put its template in place first.
      if ((error as { code?: unknown }).code !== '42P04') throw error;
    }
    return name;
  })();
  return postgresTemplate;
}

/** Opens and migrates a database for one test file. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = testDatabaseUrl();
  if (serverUrl === null) {
    const handle = await openDatabase({ databaseUrl: null, pgDataDir: 'memory://', pgTemplate: await migratedTemplate() });
    return { handle, dispose: () => handle.close() };
  }
  const template = await migratedPostgresTemplate(serverUrl);
  const name = `chorus_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name} template ${template}`);
  const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), pgDataDir: 'memory://' });
  return {
    handle,
    async dispose() {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** An empty, unmigrated PostgreSQL database on the test server (restores, fresh starts); drop() removes it. */
export async function createEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = testDatabaseUrl();
  if (serverUrl === null) throw new Error('createEmptyDatabase needs TEST_DATABASE_URL');
  const name = `chorus_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  return {
    url: databaseUrl(serverUrl, name),
    drop: async () => {
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
