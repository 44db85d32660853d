/**
 * The database of a test file: in-memory PGlite by default, or, when TEST_DATABASE_URL is
 * set, a fresh uniquely named PostgreSQL database that is dropped afterwards, so parallel
 * files and runs never see each other's rows.
 *
 * PGlite files start from a migrated template: creating a cluster and running every migration
 * costs seconds of CPU per file, loading a dumped data folder a fraction of that. The template
 * is made once per set of migrations (and PGlite version) and kept under node_modules/.cache.
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

/** A name for the template that changes with any migration file and with the PGlite version. */
async function templateName(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await pgliteManifest());
  const files = (await readdir(MIGRATIONS_FOLDER, { recursive: true })).filter((file) => /\.(sql|json)$/.test(file)).sort();
  for (const file of files) {
    hash.update(file);
    hash.update(await readFile(path.join(MIGRATIONS_FOLDER, file)));
  }
  return `pglite-${hash.digest('hex').slice(0, 24)}.tar`;
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
    const handle = await openDatabase({ databaseUrl: null, pgDataDir: 'memory://', pgTemplate: await migratedTemplate() });
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

/** An empty, unmigrated PostgreSQL database on the test server (restores, fresh starts); drop() removes it. */
export async function createEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = testDatabaseUrl();
  if (serverUrl === null) throw new Error('createEmptyDatabase needs TEST_DATABASE_URL');
  const name = `chorus_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) };
}
