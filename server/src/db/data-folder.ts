/**
 * The data folder (CHORUS_DATA_DIR) as start-up finds it. The embedded PGlite database allows
 * one process per folder: a second one opening it would corrupt it. Opening the embedded
 * database takes `<dataDir>/chorus.lock`, created exclusively (linked into place, or O_EXCL)
 * with the holder's pid; a server and the CLI take it alike, so the CLI refuses a folder a
 * running server holds. A lock left by a process that no longer runs (a crash, a kill -9) is taken over. A folder that
 * cannot be used (read-only, under a plain file) is reported in one line, not a stack trace.
 */
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
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

/** File systems without hard links answer these to link(2). */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/**
 * Puts the lock in place, false when one exists: by linking our pid file (atomic, so no one
 * reads a lock without its pid), or where links do not exist by O_EXCL creation.
 */
function claim(mine: string, file: string): boolean {
  try {
    linkSync(mine, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') return false;
    if (!NO_LINKS.has(code)) throw error;
  }
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Lock files this process holds. */
const heldHere = new Set<string>();

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
  // The pid is written to a file of our own first, then linked into place: link(2) fails when
  // the lock exists, like O_EXCL, and nobody ever reads a lock without its pid.
  const mine = path.join(folder, `${LOCK_FILE}.${process.pid}`);
  try {
    writeFileSync(mine, `${process.pid}\n`, { mode: 0o644 });
  } catch (error) {
    throw unusable(folder, error) ?? error;
  }
  try {
    // Twice at most: a stale lock is removed once, then the folder is free or someone was quicker.
    for (let attempt = 0; ; attempt += 1) {
      try {
        if (claim(mine, file)) break;
      } catch (error) {
        throw unusable(folder, error) ?? error;
      }
      const holder = holderOf(file);
      // Our own pid on a lock we do not hold is an earlier life of this pid: a container's
      // process is pid 1 after every restart, so a crash must not lock the folder for good.
      const inUse = heldHere.has(file) || (holder !== null && holder !== process.pid && running(holder));
      if (inUse) {
        throw new DataFolderError(
          `Chorus cannot start: the data folder ${folder} is in use by process ${holder ?? process.pid} (another Chorus server). Stop it, or set CHORUS_DATA_DIR to another folder.`,
        );
      }
      if (attempt > 0) throw new DataFolderError(`Chorus cannot start: the lock ${file} could not be taken over. Remove it if no Chorus server uses ${folder}.`);
      try {
        unlinkSync(file);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unusable(folder, unlinkError) ?? unlinkError;
      }
    }
  } finally {
    try {
      unlinkSync(mine);
    } catch {
      // Already gone.
    }
  }
  let held = true;
  heldHere.add(file);
  const release = (): void => {
    if (!held) return;
    held = false;
    heldHere.delete(file);
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
