import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
const deadPid = () => {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
};

describe('acquireDataDirLock', () => {
  it('writes the pid into a lock file and removes it on release', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.path, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('refuses a folder held by a live process, naming the folder and the pid', () => {
    const dir = tempDir();
    const holder = acquireDataDirLock(dir, process.ppid);
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(`数据目录 ${dir} 已被进程 ${process.ppid} 占用`);
      expect(() => acquireDataDirLock(dir)).toThrow(
        `Data directory ${dir} is in use by process ${process.ppid}`,
      );
    } finally {
      rmSync(holder.path, { force: true });
    }
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'agent-console.lock'), String(deadPid()));
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.path, 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('does not remove a lock another process holds when releasing', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    writeFileSync(lock.path, String(process.ppid));
    lock.release();
    expect(readFileSync(lock.path, 'utf8')).toBe(String(process.ppid));
  });
});
