import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { createDb, type Database } from './db/client';
import { acquireDataDirLock, type DataDirLock, DataDirLockedError } from './db/data-dir-lock';
import { DEMO_LOGINS, DEMO_PASSWORD } from './demo/demo-world';
import { seedDemoTraffic, TrafficWorker } from './demo/seed-demo-traffic';
import { seedDemoWorld } from './demo/seed-demo-world';
import type { CaptchaText } from './modules/auth/captcha.service';
import { DataKeyError, loadDataKey } from './modules/security/data-key';
import { createServices } from './services';
import { loggableError } from './shared/loggable-error';

/** Longest a graceful shutdown may take before the process gives up and exits 1. */
const SHUTDOWN_TIMEOUT_MS = 15_000;

const describeError = (err: unknown) => JSON.stringify(loggableError(err), null, 2);

/** PGlite in a folder that holds no cluster yet (the first start). */
const isNewPgliteFolder = (config: Config) =>
  config.database.driver === 'pglite' &&
  config.database.dataDir !== null &&
  !existsSync(join(config.database.dataDir, 'PG_VERSION'));

/** PGlite has no lock of its own: one process per data folder, or commits are lost. */
export function lockDataDir(config: Config): DataDirLock | null {
  if (config.database.driver !== 'pglite') return null;
  try {
    return acquireDataDirLock(config.dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

export interface RunOptions {
  /**
   * The characters of new image captchas (default: random). Only the browser tests' server
   * (`test/e2e-server.ts`) sets it, as the API tests do through `buildApp`; `npm start` never does.
   */
  captchaText?: CaptchaText;
}

/**
 * The server process (`src/server.ts`): configuration, the data folder lock, the data key, the
 * database and its migrations, the demo world, then the app listening, until SIGINT or SIGTERM.
 */
export async function runServer(options: RunOptions = {}): Promise<void> {
  const config = loadConfig();
  const lock = lockDataDir(config);
  let db: Database | null = null;
  let app: FastifyInstance | null = null;
  let trafficWorker: TrafficWorker | undefined;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app?.log.info(`${signal}: stopping`);
    setTimeout(() => {
      process.stderr.write(`shutdown after ${signal} timed out\n`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    let code = 0;
    try {
      await app?.close(); // stops accepting, lets the calls in flight finish
      await db?.checkpoint(); // PGlite: everything written to the folder
      await db?.close();
    } catch (err) {
      process.stderr.write(`shutdown failed: ${describeError(err)}\n`);
      code = 1;
    }
    lock?.release();
    process.exit(code);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    // The key file outside the data folder: made the first time, or moved there from the data
    // folder where earlier versions kept it (under the lock); what was done goes to stderr.
    loadDataKey(config.dataKey, (notice) => process.stderr.write(`${notice}\n`));
    // A first start on a new folder: the demo history's worker loads its code while PGlite makes
    // the cluster (seedDemoTraffic closes it).
    if (config.demoSeed && config.demoTraffic !== 'none' && isNewPgliteFolder(config))
      trafficWorker = new TrafficWorker();
    db = await createDb(config.database);
    await db.migrate();
    const services = createServices({ db, config });
    await services.dataKeyCheck.verify();
    if (config.demoSeed) {
      await seedDemoWorld(db, services);
      // Issue 9: the demo world's history, through the ingestion service (once).
      const traffic = await seedDemoTraffic(db, services, config.demoTraffic, {
        ...(trafficWorker ? { worker: trafficWorker } : {}),
      });
      if (traffic.seeded)
        process.stdout.write(
          `demo traffic (${config.demoTraffic}): ${traffic.days} days, ${traffic.orders} orders, ` +
            `${traffic.events} events ingested in ${(traffic.ms / 1000).toFixed(1)} s\n`,
        );
    }
    const demoReady = config.demoSeed && (await services.users.findByPhone(DEMO_LOGINS[0] ?? '')) !== null;

    // The outbox dispatcher and the settlement worker run from ready until close: app.close()
    // below stops them before the database closes. The settlement worker books the shares of the
    // orders queued so far (the demo history on a first start) in the background, logging how
    // long it took ("settled N orders in X s").
    app = await buildApp({
      db,
      config,
      outboxDispatcher: true,
      settlement: true,
      ...(options.captchaText ? { captchaText: options.captchaText } : {}),
    });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    const where = config.database.driver === 'pg' ? 'PostgreSQL' : `PGlite in ${config.database.dataDir}`;
    app.log.info(
      `Agent Console at http://${host}:${port}/ (${where})` +
        (demoReady ? ` — demo logins ${DEMO_LOGINS.join(', ')}, password ${DEMO_PASSWORD}` : ''),
    );
  } catch (err) {
    process.stderr.write(
      err instanceof DataKeyError ? `${err.message}\n` : `failed to start: ${describeError(err)}\n`,
    );
    await trafficWorker?.close().catch(() => {});
    await app?.close().catch(() => {});
    await db?.close().catch(() => {});
    lock?.release();
    process.exit(1);
  }
}
