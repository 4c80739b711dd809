import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

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
 * Starts `node --import tsx src/server.ts` (what `npm start` runs; through test/with-parent.ts, which
 * stops it when the test process dies) on PGlite in `dataDir`, its data key in
 * `testKeyFile(dataDir)` unless `env` says otherwise (`DATABASE_URL` in it: on PostgreSQL).
 * `entry` `test/e2e-server.ts` is the same server with every image captcha showing
 * `E2E_CAPTCHA_TEXT` (for tests that send SMS codes through the API).
 */
export function spawnServer(
  dataDir: string,
  port: number,
  extraEnv: Record<string, string> = {},
  entry: 'src/server.ts' | 'test/e2e-server.ts' = 'src/server.ts',
): SpawnedServer {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.DATABASE_URL;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
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
  // tsx as a loader of this very process (not its CLI, which runs the server in a child of its
  // own): a signal sent to `child`, SIGKILL included, reaches the server itself. Through
  // test/with-parent.ts, which ends the server when this process dies (its stdin pipe closes).
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/with-parent.ts', entry], {
    cwd: SERVER_DIR,
    env,
    stdio: 'pipe',
  });
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
