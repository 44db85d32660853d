/**
 * `npm start` as a newcomer runs it: a fresh clone of this checkout (committed files only, no
 * .tools, no node_modules, no builds, no data) started once (fresh) and again with nothing
 * changed (warm). Each step is timed from the moment its line appears in the command's own
 * output, so what is measured is the real command, not a copy of its steps. The warm start's
 * budget (ARCHITECTURE.md "Budgets"): serving in under 5 s.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { freePort, onCleanup, type ChildEnv } from './processes.ts';

export const WARM_START_BUDGET_MS = 5000;

/** The lines `npm start` prints as each step ends, in order; a step absent from a run is skipped. */
const MARKERS: readonly { step: string; line: RegExp }[] = [
  { step: 'Node 24 ready (fetched on a first run)', line: /^(Installing dependencies|Web and tab builds|Built the web app)/ },
  { step: 'dependencies (npm ci when the lock file changed)', line: /^added \d+ packages|^Built the web app|^Web and tab builds/ },
  { step: 'web app build', line: /^Built the web app/ },
  { step: 'Teams tab build', line: /^Built the Teams tab/ },
  { step: 'database open and migrated', line: /database ready/ },
  { step: 'demo data seeded', line: /demo data seeded/ },
  { step: 'serving', line: /Chorus is running at/ },
];

export interface StartRun {
  totalMs: number;
  steps: { step: string; ms: number }[];
}

export interface NpmStartReport {
  fresh: StartRun;
  warm: StartRun;
}

/** Runs `npm start` in `dir` until it serves, then stops it. */
async function startOnce(dir: string, port: number, limitMs: number, env: ChildEnv): Promise<StartRun> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: dir,
    env: { ...env, PORT: String(port), CI: '', NODE_ENV: 'development', LOG_FORMAT: 'pretty', CHORUS_SEED: 'auto' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('npm start could not be spawned');
  const stop = onCleanup('npm start', async () => {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  });
  const seen = new Map<string, number>();
  const output: string[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start did not serve within ${limitMs / 1000} s:\n${output.slice(-20).join('\n')}`)), limitMs);
      let pending = '';
      const onData = (chunk: Buffer) => {
        pending += chunk.toString();
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const raw of lines) {
          // Colour codes and pino-pretty's time prefix do not matter here.
          const line = stripVTControlCharacters(raw).replace(/^\[\d\d:\d\d:\d\d\] \w+: /, '');
          output.push(line);
          for (const marker of MARKERS) {
            if (!seen.has(marker.step) && marker.line.test(line)) {
              // A step ends at its first line; earlier steps that printed nothing end there too.
              seen.set(marker.step, performance.now() - started);
            }
          }
          if (/Chorus is running at/.test(line)) {
            clearTimeout(timer);
            resolve();
          }
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`npm start exited with ${String(code)}:\n${output.slice(-20).join('\n')}`));
      });
    });
  } finally {
    child.removeAllListeners('exit');
    await stop();
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
  }
  const totalMs = seen.get('serving') ?? performance.now() - started;
  const steps: { step: string; ms: number }[] = [];
  let previous = 0;
  for (const marker of MARKERS) {
    const at = seen.get(marker.step);
    if (at === undefined) continue;
    // Markers that share a line (a step that did not run) take no time of their own.
    steps.push({ step: marker.step, ms: Math.max(0, at - previous) });
    previous = Math.max(previous, at);
  }
  return { totalMs, steps };
}

/** A fresh clone of `root`'s committed tree, started twice. */
export async function measureNpmStart(root: string, env: ChildEnv): Promise<NpmStartReport> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-start-'));
  const removeClone = onCleanup('start clone', () => rm(dir, { recursive: true, force: true }));
  try {
    const clone = spawnSync('git', ['clone', '--quiet', '--local', '--no-hardlinks', root, dir], { encoding: 'utf8' });
    if (clone.status !== 0) throw new Error(`git clone failed: ${clone.stderr}`);
    const port = await freePort();
    const fresh = await startOnce(dir, port, 15 * 60_000, env);
    const warm = await startOnce(dir, port, 120_000, env);
    return { fresh, warm };
  } finally {
    await removeClone();
  }
}
