/** Starts the real server on a fresh embedded database for a benchmark, and stops it. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

export interface BenchServer {
  origin: string;
  /** Milliseconds from spawning the process to its first answered call. */
  readyAfterMs: number;
  stop(): Promise<void>;
}

async function waitForServer(child: ChildProcess, origin: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/api/userBase/isLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('server did not start in time');
}

export async function startServer(port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  const origin = `http://127.0.0.1:${port}`;
  // A server left on the port would answer in place of the one started here.
  if (
    await fetch(origin).then(
      () => true,
      () => false,
    )
  ) {
    throw new Error(`port ${port} is in use: stop what listens there or set BENCH_PORT`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'agent-console-bench-'));
  const started = Date.now();
  const child = spawn(join(root, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The data key beside the throwaway folder, not in the user's config folder.
      DATA_KEY_FILE: `${dataDir}.data.key`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForServer(child, origin, Number(process.env.BENCH_START_TIMEOUT_MS ?? 600_000));
  } catch (error) {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}.data.key`, { force: true });
    throw error;
  }
  const readyAfterMs = Date.now() - started;
  return {
    origin,
    readyAfterMs,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}.data.key`, { force: true });
    },
  };
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
