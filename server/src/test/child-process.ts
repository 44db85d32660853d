/**
 * Running our own commands as child processes (the CLI, API and worker processes), with an
 * environment made only of what a test names, so the developer's own settings never leak in.
 */
import { execFile } from 'node:child_process';
import { REPO_ROOT } from '../config.ts';

/** The environment of a child: PATH and HOME of this process, test mode, and `env`. */
export function childEnv(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', ...env };
}

/** What a finished command printed and how it exited. */
export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node <script> <args>` from the repository root under this Node and waits for its end. */
export function runNode(script: string, args: readonly string[], env: Record<string, string>): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], { cwd: REPO_ROOT, env: childEnv(env) }, (error, stdout, stderr) =>
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr }),
    );
  });
}
