import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const LOCK_FILE = 'agent-console.lock';
/** Short-lived guard taken only while a stale lock is being replaced. */
const GUARD_FILE = 'agent-console.lock.guard';
const STALE_GUARD_MS = 10_000;
const HALF_WRITTEN_MS = 2_000;

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `数据目录 ${dataDir} 已被进程 ${pid} 占用，请先停止该进程。` +
        ` / Data directory ${dataDir} is in use by process ${pid}; stop that process first.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readPid = (path: string): number | null => {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
};

const createExclusive = (path: string, content: string): boolean => {
  try {
    const fd = openSync(path, 'wx');
    try {
      writeSync(fd, content);
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
};

/** Age of a file in ms; 0 when it is gone. */
const ageMs = (path: string): number => {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
};

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

const removeQuietly = (path: string) => {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
};

/**
 * Takes the data folder for this process: a lock file created with O_EXCL holding the pid. A lock
 * whose process is gone is stale and replaced (under a guard file, so two starting processes never
 * both replace it). Throws DataDirLockedError when a live process holds the folder.
 */
export function acquireDataDirLock(dataDir: string, pid = process.pid): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const guard = join(dataDir, GUARD_FILE);
  const lock: DataDirLock = {
    path,
    release() {
      if (readPid(path) === pid) removeQuietly(path);
    },
  };

  for (let attempt = 0; attempt < 200; attempt++) {
    if (createExclusive(path, String(pid))) return lock;
    const holder = readPid(path);
    if (holder === pid) return lock;
    if (holder !== null && isAlive(holder)) throw new DataDirLockedError(dataDir, holder);
    if (holder === null && ageMs(path) < HALF_WRITTEN_MS) {
      // Another process has just created it and not yet written its pid.
      pause(20);
      continue;
    }

    // Stale (or half-written): replace it under the guard.
    if (createExclusive(guard, String(pid))) {
      try {
        const again = readPid(path);
        if (again !== null && isAlive(again)) throw new DataDirLockedError(dataDir, again);
        removeQuietly(path);
        if (createExclusive(path, String(pid))) return lock;
      } finally {
        removeQuietly(guard);
      }
    } else {
      if (ageMs(guard) > STALE_GUARD_MS) removeQuietly(guard);
      pause(20);
    }
  }
  throw new Error(`无法锁定数据目录 ${dataDir} / Could not lock data directory ${dataDir}`);
}
