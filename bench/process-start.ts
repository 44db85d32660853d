/**
 * Process start: the operator's command run with an unknown command, which loads the whole
 * server module graph (database, commands, drizzle) and exits with its usage, touching no
 * database. Every server, worker and CLI process pays this before its first line of work
 * (server/src/module-hooks.ts explains the largest part of it).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** What the runs took (medians). */
export interface ProcessStartReport {
  runs: number;
  wallMs: number;
  cpuMs: number;
}

/**
 * CPU time (user and system, ms) of this process's children that have been waited for, from
 * /proc/self/stat (Linux; its clock ticks are 1/100 s).
 */
function childrenCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // The fields after the command name in parentheses; cutime and cstime are fields 16 and 17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Starts `node server/src/cli.ts` `runs` times, one after another. */
export function measureProcessStart(root: string, runs: number, env: NodeJS.ProcessEnv): ProcessStartReport {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let run = 0; run < runs; run++) {
    const cpuBefore = childrenCpuMs();
    const started = performance.now();
    const child = spawnSync(process.execPath, [path.join(root, 'server', 'src', 'cli.ts'), 'no-such-command'], { cwd: root, env, encoding: 'utf8' });
    walls.push(performance.now() - started);
    cpus.push(childrenCpuMs() - cpuBefore);
    // 64 is the usage answer; anything else means the command did not start as it should.
    if (child.status !== 64) throw new Error(`node server/src/cli.ts exited with ${String(child.status)}: ${child.stderr.slice(0, 300)}`);
  }
  return { runs, wallMs: median(walls), cpuMs: median(cpus) };
}
