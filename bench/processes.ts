/**
 * Child processes of the benchmark and the clean-up that stops them: every child and every
 * resource (the bench database) registers an undo step, and `runCleanup` runs them in reverse
 * order on success, failure or SIGINT.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from './http.ts';

/** Environment handed to children (read once by scripts/bench.ts). */
export type ChildEnv = Record<string, string | undefined>;

/**
 * The secret key of the servers the bench starts: production refuses to start without one,
 * and nothing the bench stores outlives the run, so a fresh random key serves.
 */
export const BENCH_SECRET_KEY = randomBytes(32).toString('base64');

type CleanupStep = { label: string; run: () => Promise<void> };
const cleanupSteps: CleanupStep[] = [];

/** Registers an undo step; returns a function that runs it early and unregisters it. */
export function onCleanup(label: string, run: () => Promise<void>): () => Promise<void> {
  const step: CleanupStep = { label, run };
  cleanupSteps.push(step);
  return async () => {
    const at = cleanupSteps.indexOf(step);
    if (at === -1) return;
    cleanupSteps.splice(at, 1);
    await step.run();
  };
}

/** Runs every registered undo step, newest first; failures are reported, not thrown. */
export async function runCleanup(): Promise<void> {
  for (let step = cleanupSteps.pop(); step !== undefined; step = cleanupSteps.pop()) {
    try {
      await step.run();
    } catch (error) {
      process.stderr.write(`clean-up "${step.label}" failed: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
}

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** A running child with its collected output (the last 64 KB of each stream). */
export interface Child {
  name: string;
  process: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or signal name) once the child has exited. */
  exited: Promise<string>;
  stop(): Promise<void>;
}

const OUTPUT_LIMIT = 64 * 1024;

/** Starts `node <args>` as a child; it is stopped by the clean-up unless stopped earlier. */
export function startNode(name: string, args: readonly string[], env: ChildEnv, cwd: string): Child {
  const child = spawn(process.execPath, [...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? String(code)));
    child.once('error', (error) => resolve(`spawn error: ${error.message}`));
  });
  let running = true;
  void exited.then(() => {
    running = false;
  });

  const stopNow = async () => {
    if (!running) return;
    child.kill('SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
    if (!stopped && running) {
      child.kill('SIGKILL');
      await Promise.race([exited, sleep(2000)]);
    }
  };
  const stop = onCleanup(`stop ${name}`, stopNow);
  return { name, process: child, output: () => output, exited, stop };
}

/**
 * Polls `url` until it answers 200 (with optional headers), the child exits or the time is
 * up. Throws with the child's output when it does not come up.
 */
export async function waitForHttp(child: Child, url: string, headers: Record<string, string>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitedWith: string | null = null;
  void child.exited.then((code) => {
    exitedWith = code;
  });
  let lastProblem = 'no answer yet';
  for (let attempt = 0; attempt < 1000 && Date.now() < deadline; attempt++) {
    if (exitedWith !== null) throw new Error(`${child.name} exited (${exitedWith}) before it was ready:\n${child.output()}`);
    try {
      const response = await request(url, { headers, timeoutMs: 2000 });
      if (response.status === 200) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await sleep(200);
  }
  throw new Error(`${child.name} was not ready within ${timeoutMs} ms (${lastProblem}):\n${child.output()}`);
}

/** Runs a child to completion and returns its stdout; throws on a non-zero exit or timeout. */
export async function runNodeToCompletion(
  name: string,
  args: readonly string[],
  env: ChildEnv,
  cwd: string,
  timeoutMs: number,
): Promise<string> {
  const child = spawn(process.execPath, [...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = onCleanup(`stop ${name}`, async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  try {
    const code = await new Promise<string>((resolve) => {
      child.once('exit', (c, signal) => resolve(signal ?? String(c)));
      child.once('error', (error) => resolve(`spawn error: ${error.message}`));
    });
    if (code !== '0') throw new Error(`${name} failed (${code}):\n${stderr}`);
    return stdout;
  } finally {
    clearTimeout(timer);
    await stop();
  }
}
