/**
 * The data folder (CHORUS_DATA_DIR) as start-up finds it. The embedded PGlite database allows
 * one process per folder: a second one opening it would corrupt it. Opening the embedded
 * database takes `<dataDir>/chorus.lock`, created exclusively (O_EXCL) with the holder's pid;
 * a server and the CLI take it alike, so the CLI refuses a folder a running server holds. A
 * lock left by a process that no longer runs (a crash, a kill -9) is taken over. A folder that
 * cannot be used (read-only, under a plain file) is reported in one line, not a stack trace.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** The lock file's name inside the data folder. */
export const LOCK_FILE = 'chorus.lock';

/** Start-up cannot go on with this data folder; `message` is the one line to print. */
export class DataFolderError extends Error {
  override name = 'DataFolderError';
}

/** What a file-system error code means for a folder, in words. */
const PROBLEMS: Record<string, string> = {
  EACCES: 'it is not writable',
  EPERM: 'it is not writable',
  EROFS: 'it is on a read-only file system',
  ENOTDIR: 'part of its path is a file, not a folder',
  EEXIST: 'part of its path is a file, not a folder',
  ENOSPC: 'its disk is full',
  EDQUOT: 'its disk quota is used up',
};

/** The one-line refusal for a folder that cannot be used, or null for another error. */
function unusable(dataDir: string, error: unknown): DataFolderError | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const problem = code === undefined ? undefined : PROBLEMS[code];
  if (problem === undefined) return null;
  return new DataFolderError(`Chorus cannot use the data folder ${dataDir}: ${problem} (${code}). Choose another with CHORUS_DATA_DIR or fix its permissions.`);
}

/** Whether process `pid` runs (one owned by another user counts as running). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid a lock file names, or null when it names none (empty, half-written, garbage). */
function holderOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Creates the data folder if needed and checks that files can be written in it, or throws
 * DataFolderError: for PostgreSQL deployments, which keep only media and the generated key
 * there and take no lock.
 */
export function checkDataFolder(dataDir: string): void {
  const folder = path.resolve(dataDir);
  const probe = path.join(folder, `.write-check-${process.pid}`);
  try {
    mkdirSync(folder, { recursive: true });
    closeSync(openSync(probe, 'w'));
    unlinkSync(probe);
  } catch (error) {
    throw unusable(folder, error) ?? error;
  }
}

/** A held data-folder lock. */
export interface DataFolderLock {
  /** Removes the lock (once; later calls do nothing). */
  release(): void;
}

/**
 * Creates the data folder if needed and takes its lock, or throws DataFolderError: the folder
 * is held by a running process, or cannot be used. The lock goes when released, and at the
 * latest when the process exits.
 */
export function lockDataFolder(dataDir: string): DataFolderLock {
  const folder = path.resolve(dataDir);
  const file = path.join(folder, LOCK_FILE);
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw unusable(folder, error) ?? error;
  }
  // Twice at most: a stale lock is removed once, then the folder is free or someone was quicker.
  for (let attempt = 0; ; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o644);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') throw unusable(folder, error) ?? error;
      const holder = holderOf(file);
      if (holder !== null && (holder === process.pid || running(holder))) {
        throw new DataFolderError(
          `Chorus cannot start: the data folder ${folder} is in use by process ${holder} (another Chorus server). Stop it, or set CHORUS_DATA_DIR to another folder.`,
        );
      }
      if (attempt > 0) throw new DataFolderError(`Chorus cannot start: the lock ${file} could not be taken over. Remove it if no Chorus server uses ${folder}.`);
      try {
        unlinkSync(file);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unusable(folder, unlinkError) ?? unlinkError;
      }
      continue;
    }
    try {
      writeSync(fd, `${process.pid}\n`);
    } finally {
      closeSync(fd);
    }
    let held = true;
    const release = (): void => {
      if (!held) return;
      held = false;
      process.off('exit', release);
      // Only our own lock: after a takeover by mistake, the other process's stays.
      if (holderOf(file) !== process.pid) return;
      try {
        unlinkSync(file);
      } catch {
        // Already gone.
      }
    };
    process.on('exit', release);
    return { release };
  }
}
