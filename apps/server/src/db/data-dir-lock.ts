import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StartupError } from './startup-error.js';

/**
 * One process per embedded database: PGlite keeps the database in memory and writes it
 * to DATA_DIR, so a second process on the same folder would see only its own writes and lose the
 * first one's. Every process that opens the folder (app, `npm run migrate`, `npm run admin`) holds
 * `DATA_DIR/kita.lock` while it runs: a JSON line naming its pid, host and start time. A second
 * process refuses with one line naming the holder; the lock of a process that no longer runs
 * (killed, power cut) is taken over.
 */

export const LOCK_FILE = 'kita.lock';

export interface LockHolder {
  pid: number;
  hostname: string;
  /** The process's start time from /proc (Linux): tells a reused pid from the holder. */
  started?: string;
  command?: string;
  since: string;
}

export class DataDirLockedError extends StartupError {}

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot), or undefined off Linux. */
function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Whether the holder still runs: same host, the pid exists and (where known) started at the same time. */
export function holderAlive(holder: LockHolder): boolean {
  if (holder.hostname !== os.hostname()) return true; // another machine on a shared folder: cannot tell, assume it runs
  if (holder.pid === process.pid) return false; // an earlier life of this pid (a container restarted as pid 1)
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = processStart(holder.pid);
  return !(holder.started && started && started !== holder.started);
}

function readHolder(file: string): LockHolder | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
  } catch {
    return null;
  }
}

export interface DataDirLock {
  file: string;
  /** The stale holder that was taken over, if any. */
  tookOverFrom: LockHolder | null;
  release(): void;
}

/**
 * Takes the lock of `dataDir` (created when missing) or throws DataDirLockedError. `command`
 * names this process in the lock (`app`, `migrate`, `admin`).
 */
export function lockDataDir(dataDir: string, command: string, now: Date): DataDirLock {
  if (!existsSync(path.dirname(dataDir))) {
    throw new StartupError(`DATA_DIR ${dataDir} cannot be created: its parent folder ${path.dirname(dataDir)} does not exist`);
  }
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (err) {
    throw new StartupError(`DATA_DIR ${dataDir} cannot be created: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, hostname: os.hostname(), started: processStart(process.pid), command, since: now.toISOString() };
  let tookOverFrom: LockHolder | null = null;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // 'wx': created only when absent, so of two processes starting at once exactly one wins.
      const fd = openSync(file, 'wx', 0o644);
      writeSync(fd, `${JSON.stringify(me)}\n`);
      closeSync(fd);
      return {
        file,
        tookOverFrom,
        release: () => {
          if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new StartupError(`DATA_DIR ${dataDir}: cannot write ${LOCK_FILE} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
      }
    }
    const holder = readHolder(file);
    if (holder && holderAlive(holder)) {
      const what = holder.command ? ` (${holder.command})` : '';
      throw new DataDirLockedError(
        `The embedded database in ${dataDir} is in use by process ${holder.pid}${what} on ${holder.hostname} since ${holder.since}: one process per embedded database (stop it first, or use PostgreSQL for more)`,
      );
    }
    // Stale (or unreadable: a crash between create and write). Moved aside atomically, so of two
    // processes taking over at once only one removes it; the other retries and finds the winner.
    tookOverFrom = holder;
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
    } catch {
      continue; // someone else moved it first
    }
    const moved = readHolder(aside);
    if (moved && holder && moved.pid !== holder.pid && !existsSync(file)) {
      // Another process took the stale lock over between our read and our move: give it back.
      renameSync(aside, file);
      continue;
    }
    rmSync(aside, { force: true });
  }
  throw new DataDirLockedError(`The embedded database in ${dataDir} is being locked by another process right now; try again`);
}

/** For tests and tools: the current holder of a folder's lock, if any. */
export function lockHolder(dataDir: string): LockHolder | null {
  const file = path.join(dataDir, LOCK_FILE);
  return existsSync(file) ? readHolder(file) : null;
}
