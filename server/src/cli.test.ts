/**
 * The provisioning command on a database (a PGlite folder, or a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set): as an operator runs it, a child process, in two tests, and in this
 * process (runCli, the same code the process runs) in the others; then the API on the same database to prove the admin invite signs in and a suspended company is refused.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, Role } from '@chorus/core';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { REPO_ROOT, testDatabaseUrl } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { auditLog, companies, memberships, outboxMails, users } from './db/schema.ts';
import { post, testConfig } from './test/app.ts';
import { runCli } from './cli-process.ts';
import { childEnv, runNode, type CommandResult } from './test/child-process.ts';
import { openTestDatabase, type TestDatabase } from './test/database.ts';

const CLI = path.join(REPO_ROOT, 'server', 'src', 'cli.ts');
const PASSWORD = 'Admin!pass1';

let dir: string;
let pg: TestDatabase | null = null;

/** Where the child process finds the database. */
function databaseEnv(): Record<string, string> {
  return pg !== null && pg.handle.driver.kind === 'postgres' ? { DATABASE_URL: pg.handle.driver.url } : {};
}

/** The command as an operator starts it: a child process (two tests; the rest run it in-process). */
function cliProcess(args: readonly string[], env: Record<string, string> = {}): Promise<CommandResult> {
  return runNode(CLI, args, { CHORUS_DATA_DIR: path.join(dir, 'data'), ...databaseEnv(), ...env });
}

/** The same command run in this process (runCli), with the environment a child would get. */
async function cli(args: readonly string[], env: Record<string, string> = {}): Promise<CommandResult> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } };
  const code = await runCli(args, childEnv({ CHORUS_DATA_DIR: path.join(dir, 'data'), ...databaseEnv(), ...env }), io);
  return { code, stdout, stderr };
}

async function cliJson<T>(args: readonly string[], run: typeof cli = cli): Promise<T> {
  const result = await run([...args, '--json']);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as T;
}

/** Opens the database the CLI wrote (PGlite allows one process at a time, so only between runs). */
async function withDatabase<T>(fn: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  if (pg !== null) return fn(pg.handle);
  const handle = await openDatabase({ databaseUrl: null, pgDataDir: path.join(dir, 'data', 'pgdata') });
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-cli-'));
  if (testDatabaseUrl() !== null) pg = await openTestDatabase();
});
afterAll(async () => {
  await pg?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('chorus company create --admin', { timeout: 120_000 }, () => {
  let inviteUrl = '';

  it('creates the company with its settings and prints the admin invite link', async () => {
    const created = await cliJson<{ company: Record<string, unknown>; invite: { email: string; role: string; url: string } }>([
      'company', 'create', '--subdomain', 'initech', '--name', 'Initech', '--admin', 'Boss@Initech.example',
      '--language', 'de-DE', '--tint-color', '#AA3300', '--sign-in', 'email,google,linkedin', '--sign-up-domains', 'initech.example,INITECH.test',
    ], cliProcess);
    expect(created.company).toMatchObject({
      subdomain: 'initech', name: 'Initech', title: 'Initech', default_language: 'de-DE', tint_color: '#aa3300',
      sign_in: ['email', 'google', 'linkedin'], self_sign_up: true, sign_up_domains: ['initech.example', 'initech.test'], suspended: false, members: 0,
    });
    expect(created.invite).toMatchObject({ email: 'boss@initech.example', role: 'ADMIN' });
    expect(created.invite.url).toMatch(/^http:\/\/initech\.localhost:3000\/sign-up\?code=[\w-]{43}$/);
    inviteUrl = created.invite.url;
  });

  it('mailed the invite through the configured mail and audited both steps in the database', async () => {
    await withDatabase(async ({ db }) => {
      const [company] = await db.select().from(companies).where(eq(companies.subdomain, 'initech'));
      const mails = await db.select().from(outboxMails).where(eq(outboxMails.to, 'boss@initech.example'));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.kind).toBe('invite');
      expect(mails[0]?.links).toContain(inviteUrl);
      const audit = await db.select().from(auditLog).where(eq(auditLog.companyId, company?.id ?? 0)).orderBy(asc(auditLog.id));
      expect(audit.map((a) => [a.action, a.target])).toEqual([['company.create', 'initech'], ['invite.create', 'boss@initech.example']]);
      expect(audit[0]?.actor).toBe(`cli:${os.userInfo().username}`);
    });
  });

  it('the invited admin signs up through the link and then signs in as ADMIN', async () => {
    const code = new URL(inviteUrl).searchParams.get('code') ?? '';
    await withDatabase(async (database) => {
      const app = await buildApp({ config: testConfig(dir), database, logger: false });
      try {
        const signUp = await post(app, 'initech', `/api/v1/auth/sign-up/invite/${code}`, { first_name: 'Bill', last_name: 'Lumbergh', password: PASSWORD, confirm_password: PASSWORD });
        expect(signUp.statusCode).toBe(200);
        const signIn = await post(app, 'initech', '/api/v1/auth/sign-in', { email: 'boss@initech.example', password: PASSWORD });
        expect(signIn.statusCode).toBe(200);
        expect(signIn.json()).toMatchObject({ user: { role: Role.ADMIN, username: 'boss@initech.example' } });
        // Single use: the link does not make a second account.
        expect((await post(app, 'initech', `/api/v1/auth/sign-up/invite/${code}`, { first_name: 'A', last_name: 'B', password: PASSWORD, confirm_password: PASSWORD })).json()).toMatchObject({ error: ErrorCode.INVITE_NOT_FOUND });
      } finally {
        await app.close();
      }
    });
  });

  it('refuses a taken subdomain with exit status 4 and changes nothing', async () => {
    const result = await cli(['company', 'create', '--subdomain', 'initech', '--name', 'Again']);
    expect(result).toMatchObject({ code: 4, stdout: '' });
    expect(result.stderr).toBe('chorus: The subdomain initech is already taken.\n');
  });
});

// Refused before the database is opened, so these run side by side.
describe.concurrent('validation: the API rules, a clear message and a non-zero exit', { timeout: 120_000 }, () => {
  it.each([
    [['company', 'create', '--subdomain', 'Bad_Name', '--name', 'X'], 2, '--subdomain: Use lower-case letters, digits and hyphens (at most 63), not starting or ending with a hyphen.'],
    [['company', 'create', '--subdomain', 'app', '--name', 'X'], 2, '--subdomain: This subdomain is reserved. Choose another.'],
    [['company', 'create', '--subdomain', 'ok', '--name', 'X', '--admin', 'not-an-address'], 2, '--admin: Please enter a valid email address'],
    [['company', 'create', '--subdomain', 'ok', '--name', 'X', '--language', 'pt-BR'], 2, '--language: must be one of en-US, es-ES, fr-CA, de-DE'],
    [['company', 'create', '--subdomain', 'ok', '--name', 'X', '--sign-in', 'email,myspace'], 2, '--sign-in: unknown method myspace; use email, saml, google, twitter, facebook, linkedin, instagram'],
    [['company', 'create', '--subdomain', 'ok', '--name', '   '], 2, '--name: must not be empty'],
    [['company', 'link-tenant', '--subdomain', 'initech', '--tenant', 'contoso'], 2, '--tenant: must be a Microsoft Entra tenant id (a GUID such as 72f988bf-86f1-41af-91ab-2d7cd011db47)'],
    [['member', 'set-role', '--subdomain', 'initech', '--email', 'boss@initech.example', '--role', 'KING'], 2, '--role: must be one of ADMIN, MANAGER, USER, CONTENT_CREATOR'],
    [['company', 'delete', '--subdomain', 'initech'], 2, 'Deleting removes every post, member and setting of initech: repeat the subdomain with --confirm initech.'],
  ])('%j exits %d: %s', async (args, code, message) => {
    const result = await cli(args);
    expect(result.code).toBe(code);
    expect(result.stderr).toBe(`chorus: ${message}\n`);
  });

  it('answers an unknown command with the usage and exit status 64', async () => {
    const result = await cliProcess(['company', 'explode']);
    expect(result.code).toBe(64);
    expect(result.stderr).toContain('chorus: unknown command: company explode');
    expect(result.stderr).toContain('usage: npm run chorus -- <command>');
  });
});

describe('refusals that look the company up', { timeout: 120_000 }, () => {
  it('answers an unknown company with exit status 3', async () => {
    const result = await cli(['company', 'suspend', '--subdomain', 'nowhere']);
    expect(result.code).toBe(3);
    expect(result.stderr).toBe('chorus: No company has the subdomain nowhere.\n');
  });

  it('prints errors as JSON with --json', async () => {
    const result = await cli(['company', 'rename', '--subdomain', 'nowhere', '--name', 'N', '--json']);
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stderr)).toEqual({ error: 'No company has the subdomain nowhere.' });
  });
});

describe('members, roles, tenant, suspension, deletion', { timeout: 120_000 }, () => {
  it('lists members and changes a role, but never demotes the last admin', async () => {
    const members = await cliJson<{ email: string; role: string }[]>(['member', 'list', '--subdomain', 'initech']);
    expect(members).toEqual([expect.objectContaining({ email: 'boss@initech.example', role: 'ADMIN' })]);
    const last = await cli(['member', 'set-role', '--subdomain', 'initech', '--email', 'boss@initech.example', '--role', 'USER']);
    expect(last.code).toBe(4);
    expect(last.stderr).toBe('chorus: boss@initech.example is the only admin of initech: make someone else admin first.\n');

    const invite = await cliJson<{ url: string; role: string }>(['member', 'invite', '--subdomain', 'initech', '--email', 'peter@initech.example', '--role', 'manager']);
    expect(invite.role).toBe('MANAGER');
    await withDatabase(async (database) => {
      const app = await buildApp({ config: testConfig(dir), database, logger: false });
      const code = new URL(invite.url).searchParams.get('code') ?? '';
      expect((await post(app, 'initech', `/api/v1/auth/sign-up/invite/${code}`, { first_name: 'Peter', last_name: 'Gibbons', password: PASSWORD, confirm_password: PASSWORD })).statusCode).toBe(200);
      await app.close();
    });
    expect(await cliJson(['member', 'set-role', '--subdomain', 'initech', '--email', 'peter@initech.example', '--role', 'CONTENT_CREATOR'])).toMatchObject({ email: 'peter@initech.example', role: 'CONTENT_CREATOR' });
    await withDatabase(async ({ db }) => {
      const [row] = await db
        .select({ role: memberships.role })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(users.email, 'peter@initech.example'));
      expect(row?.role).toBe(Role.CONTENT_CREATOR);
      const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'member.set-role'), eq(auditLog.target, 'peter@initech.example')));
      expect(audit?.data).toEqual({ from: 'MANAGER', to: 'CONTENT_CREATOR' });
    });
  });

  it('links the Entra tenant, and refuses the same tenant for a second company', async () => {
    const tenant = '72F988BF-86F1-41AF-91AB-2D7CD011DB47';
    expect(await cliJson(['company', 'link-tenant', '--subdomain', 'initech', '--tenant', tenant])).toMatchObject({ teams_tenant_id: tenant.toLowerCase() });
    await cliJson(['company', 'create', '--subdomain', 'globo', '--name', 'Globo Gym']);
    const again = await cli(['company', 'link-tenant', '--subdomain', 'globo', '--tenant', tenant]);
    expect(again.code).toBe(4);
    expect(again.stderr).toBe(`chorus: The tenant ${tenant.toLowerCase()} is already linked to initech.\n`);
  });

  it('a suspended company refuses sign-in with error 495 until resumed', async () => {
    expect(await cliJson(['company', 'suspend', '--subdomain', 'initech'])).toMatchObject({ suspended: true });
    await withDatabase(async (database) => {
      const app = await buildApp({ config: testConfig(dir), database, logger: false });
      const res = await post(app, 'initech', '/api/v1/auth/sign-in', { email: 'boss@initech.example', password: PASSWORD });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: ErrorCode.COMPANY_SUSPENDED, message: 'This company is suspended. Please contact your administrator.' });
      await app.close();
    });
    expect(await cliJson(['company', 'resume', '--subdomain', 'initech'])).toMatchObject({ suspended: false });
    await withDatabase(async (database) => {
      const app = await buildApp({ config: testConfig(dir), database, logger: false });
      expect((await post(app, 'initech', '/api/v1/auth/sign-in', { email: 'boss@initech.example', password: PASSWORD })).statusCode).toBe(200);
      await app.close();
    });
  });

  it('renames, then deletes with --confirm; the audit record outlives the company', async () => {
    expect(await cliJson(['company', 'rename', '--subdomain', 'globo', '--name', 'Average Joe’s'])).toMatchObject({ name: 'Average Joe’s' });
    expect(await cliJson(['company', 'delete', '--subdomain', 'globo', '--confirm', 'globo'])).toEqual({ deleted: 'globo' });
    const listed = await cliJson<{ subdomain: string }[]>(['company', 'list']);
    expect(listed.map((c) => c.subdomain)).toEqual(['initech']);
    await withDatabase(async ({ db }) => {
      const actions = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.target, 'globo')).orderBy(asc(auditLog.id));
      expect(actions.map((a) => a.action)).toEqual(['company.create', 'company.update', 'company.delete']);
    });
  });
});

describe('chorus demo seed', { timeout: 120_000 }, () => {
  it('is refused in production', async () => {
    const result = await cli(['demo', 'seed'], { NODE_ENV: 'production', CHORUS_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('chorus: demo seed is refused when NODE_ENV=production: demo users share a published password.\n');
  });

  it('seeds nothing on a database that already has companies', async () => {
    expect(await cliJson(['demo', 'seed'])).toMatchObject({ seeded: false });
  });
});
