import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const TSX_CLI = createRequire(import.meta.url).resolve('tsx/cli');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });

export interface SpawnedServer {
  child: ChildProcess;
  port: number;
  url: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once the server logged its URL; rejects when it exits first or takes over `ms`. */
  ready(ms?: number): Promise<void>;
}

/** The data key file of a test server on `dataDir`: beside the folder, never in the user's home. */
export const testKeyFile = (dataDir: string) => `${dataDir}.data.key`;

/**
 * Starts `tsx src/server.ts` (what `npm start` runs) on PGlite in `dataDir`, its data key in
 * `testKeyFile(dataDir)` unless `env` says otherwise.
 */
export function spawnServer(
  dataDir: string,
  port: number,
  extraEnv: Record<string, string> = {},
): SpawnedServer {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATA_KEY_FILE: testKeyFile(dataDir),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    WEB_DIST: '/nonexistent',
    DEMO_SEED: 'true',
    DEMO_TRAFFIC: 'none',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [TSX_CLI, 'src/server.ts'], { cwd: SERVER_DIR, env, stdio: 'pipe' });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    exited,
    ready: (ms = 60_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server not ready after ${ms} ms:\n${out}`)), ms);
        const check = () => {
          if (out.includes('Agent Console at')) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout?.on('data', check);
        check();
        void exited.then(({ code }) => {
          clearTimeout(timer);
          reject(new Error(`server exited with ${code} before it was ready:\n${out}`));
        });
      }),
  };
}
