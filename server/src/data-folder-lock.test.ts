/**
 * The data folder at start-up, with real processes: one embedded server per folder (a second
 * server, or the CLI, is refused with one line naming the folder and the holder's pid), a lock
 * left by a dead process is taken over, and a folder that cannot be used ends start-up with
 * one line instead of a stack trace.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.ts';
import { DataFolderError, LOCK_FILE, lockDataFolder } from './db/data-folder.ts';
import { childEnv, runNode } from './test/child-process.ts';

const MAIN = path.join(REPO_ROOT, 'server', 'src', 'main.ts');
const CLI = path.join(REPO_ROOT, 'server', 'src', 'cli.ts');

let dir: string;
const processes: ChildProcess[] = [];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The environment of a server on `dataDir`: embedded database, no seed, no built apps. */
function serverEnv(dataDir: string, port: number): Record<string, string> {
  return { CHORUS_DATA_DIR: dataDir, PORT: String(port), CHORUS_SEED: 'never', CHORUS_WEB_DIST: path.join(dir, 'web-dist'), CHORUS_TAB_DIST: path.join(dir, 'tab-dist') };
}

function healthy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/health/live' }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
  });
}

/** Starts a server and waits until it answers (or fails when it exits first). */
async function startServer(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], { cwd: REPO_ROOT, env: childEnv(serverEnv(dataDir, port)), stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  processes.push(child);
  while (!(await healthy(port))) {
    if (child.exitCode !== null) throw new Error(`the server exited ${child.exitCode}: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, port };
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  if (child.pid === undefined) throw new Error('no pid');
  return child.pid;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-lock-'));
});
afterAll(async () => {
  for (const child of processes) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await chmod(path.join(dir, 'read-only'), 0o755).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

describe('the data folder lock', { timeout: 180_000 }, () => {
  it('refuses a second server, and the CLI, while a server holds the folder; SIGTERM releases it', async () => {
    const dataDir = path.join(dir, 'shared');
    const first = await startServer(dataDir);
    const lock = path.join(dataDir, LOCK_FILE);
    expect((await readFile(lock, 'utf8')).trim()).toBe(String(first.child.pid));

    const second = await runNode(MAIN, [], serverEnv(dataDir, await freePort()));
    expect(second.code).toBe(1);
    expect(second.stderr).toBe(
      `Chorus cannot start: the data folder ${dataDir} is in use by process ${first.child.pid} (another Chorus server). Stop it, or set CHORUS_DATA_DIR to another folder.\n`,
    );
    const cli = await runNode(CLI, ['company', 'list'], { CHORUS_DATA_DIR: dataDir });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toBe(`chorus: Chorus cannot start: the data folder ${dataDir} is in use by process ${first.child.pid} (another Chorus server). Stop it, or set CHORUS_DATA_DIR to another folder.\n`);
    // The holder is untouched.
    expect(await healthy(first.port)).toBe(true);

    expect(await stop(first.child, 'SIGTERM')).toBe(0);
    expect(existsSync(lock)).toBe(false);
    // Free again: the CLI opens it now, and leaves no lock behind.
    const after = await runNode(CLI, ['company', 'list'], { CHORUS_DATA_DIR: dataDir });
    expect(after.stderr).toBe('');
    expect(after.code).toBe(0);
    expect(existsSync(lock)).toBe(false);
  });

  it('takes over the lock of a process that no longer runs, and SIGINT releases it', async () => {
    const dataDir = path.join(dir, 'stale');
    await mkdir(dataDir, { recursive: true });
    const lock = path.join(dataDir, LOCK_FILE);
    await writeFile(lock, `${await deadPid()}\n`);
    const server = await startServer(dataDir);
    expect((await readFile(lock, 'utf8')).trim()).toBe(String(server.child.pid));
    expect(await stop(server.child, 'SIGINT')).toBe(0);
    expect(existsSync(lock)).toBe(false);
  });

  it('takes over a lock naming no process (an empty file)', async () => {
    const dataDir = path.join(dir, 'empty-lock');
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, LOCK_FILE), '');
    const result = await runNode(CLI, ['company', 'list'], { CHORUS_DATA_DIR: dataDir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});

describe('the data folder lock within one process', () => {
  it("takes over a lock naming this process's own pid (a container restarts as pid 1), and refuses a second opening", async () => {
    const dataDir = path.join(dir, 'own-pid');
    await mkdir(dataDir, { recursive: true });
    const lockFile = path.join(dataDir, LOCK_FILE);
    await writeFile(lockFile, `${process.pid}\n`);
    const lock = lockDataFolder(dataDir);
    try {
      expect((await readFile(lockFile, 'utf8')).trim()).toBe(String(process.pid));
      expect(() => lockDataFolder(dataDir)).toThrow(DataFolderError);
      expect(() => lockDataFolder(dataDir)).toThrow(`the data folder ${dataDir} is in use by process ${process.pid}`);
    } finally {
      lock.release();
    }
    expect(existsSync(lockFile)).toBe(false);
    // Nothing but the lock was ever left in the folder.
    lockDataFolder(dataDir).release();
    expect(existsSync(lockFile)).toBe(false);
  });
});

describe('a data folder that cannot be used', { timeout: 120_000 }, () => {
  it('under a plain file ends start-up with one line (ENOTDIR)', async () => {
    const file = path.join(dir, 'plain-file');
    await writeFile(file, 'not a folder');
    const dataDir = path.join(file, 'data');
    const result = await runNode(MAIN, [], serverEnv(dataDir, await freePort()));
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`Chorus cannot use the data folder ${dataDir}: part of its path is a file, not a folder (ENOTDIR). Choose another with CHORUS_DATA_DIR or fix its permissions.\n`);
  });

  // Root writes through a read-only mode: as root the server runs as nobody for this one.
  it('that is read-only ends start-up with one line (EACCES)', async () => {
    const root = process.getuid?.() === 0;
    if (root) await chmod(dir, 0o755);
    const dataDir = path.join(dir, 'read-only');
    await mkdir(dataDir);
    await chmod(dataDir, 0o555);
    const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, [MAIN], { cwd: REPO_ROOT, env: childEnv(serverEnv(dataDir, 0)), ...(root ? { uid: 65534, gid: 65534 } : {}) }, (error, _stdout, stderr) =>
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`Chorus cannot use the data folder ${dataDir}: it is not writable (EACCES). Choose another with CHORUS_DATA_DIR or fix its permissions.\n`);
  });
});
