/**
 * The README's backup and restore, end to end on PostgreSQL: `pg_dump -Fc` of a database in
 * use, `pg_restore` into a fresh empty database, a copy of the media folder, and a server on
 * the restored database and folder signs the same person in and serves the same media.
 * PostgreSQL only (pg_dump cannot read the embedded database): it runs in the suite's
 * PostgreSQL pass.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { testDatabaseUrl } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { posts } from './db/schema.ts';
import { post, testConfig } from './test/app.ts';
import { createEmptyDatabase, openTestDatabase, type TestDatabase } from './test/database.ts';
import { TEST_PASSWORD, buildCompany, buildPost, buildUser } from './test/factories.ts';

const run = promisify(execFile);

describe.runIf(testDatabaseUrl() !== null)('backup and restore (pg_dump, pg_restore, media folder)', { timeout: 120_000 }, () => {
  let source: TestDatabase;
  let target: { url: string; drop(): Promise<void> };
  let restored: DatabaseHandle | null = null;
  let dir: string;

  beforeAll(async () => {
    source = await openTestDatabase();
    target = await createEmptyDatabase();
    dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-backup-'));
  });
  afterAll(async () => {
    await restored?.close();
    await source.dispose();
    await target.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('restores a dump into a fresh database, where the same person signs in and the media is served', async () => {
    if (source.handle.driver.kind !== 'postgres') throw new Error('PostgreSQL only');
    // The logo is served to anyone on the company's host, so the restored file can be fetched plainly.
    const company = await buildCompany(source.handle.db, { subdomain: 'acme', logo: '/media/uploads/0123456789abcdef0123456789abcdef.png' });
    await buildUser(source.handle.db, [{ company }], { email: 'kept@acme.test' });
    await buildPost(source.handle.db, company);
    await buildPost(source.handle.db, company);
    const liveMedia = path.join(dir, 'live', 'data', 'media');
    await mkdir(path.join(liveMedia, 'uploads'), { recursive: true });
    await writeFile(path.join(liveMedia, 'uploads', '0123456789abcdef0123456789abcdef.png'), Buffer.from('89504e470d0a1a0a', 'hex'));

    // The backup: the database in its custom format, and the media folder beside it.
    const dump = path.join(dir, 'chorus.dump');
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, source.handle.driver.url]);
    await cp(liveMedia, path.join(dir, 'backup', 'media'), { recursive: true });

    // The restore: into an empty database and a new data folder.
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${target.url}`, dump]);
    const config = testConfig(path.join(dir, 'restored'));
    await cp(path.join(dir, 'backup', 'media'), config.mediaDir, { recursive: true });
    restored = await openDatabase({ databaseUrl: target.url, pgDataDir: 'memory://' });

    const [kept] = await restored.db.select({ n: count() }).from(posts).where(eq(posts.companyId, company.id));
    expect(kept?.n).toBe(2);
    const app = await buildApp({ config, database: restored, logger: false });
    try {
      const signIn = await post(app, 'acme', '/api/v1/auth/sign-in', { email: 'kept@acme.test', password: TEST_PASSWORD });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json()).toMatchObject({ user: { username: 'kept@acme.test' } });
      const media = await app.inject({ method: 'GET', url: '/media/uploads/0123456789abcdef0123456789abcdef.png', headers: { host: 'acme.localhost:3000' } });
      expect(media.statusCode).toBe(200);
      expect(media.rawPayload.toString('hex')).toBe('89504e470d0a1a0a');
    } finally {
      await app.close();
    }
  });
});
