/**
 * `npm run bench:start-cpu`: the first start's work in one process, timed in CPU: a fresh PGlite in
 * a temporary folder (durable commits, as the server runs it) opened and migrated, the demo world
 * seeded, then its full traffic (90 days) through the ingestion service, as `npm start` does on a
 * new data folder. PGlite runs in this process, so its CPU time is the database's work too: on a
 * loaded machine it is a steadier figure than `bench:start`'s wall time (which it does not
 * replace: the goal is the wall time to the first answer). `SPLIT=1` adds the CPU time of each
 * ingestion repository call (the statements and their triggers) and what is left for the
 * service's JavaScript, the generation of the events and the transactions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../apps/server/src/config';
import { seedDemoTraffic } from '../apps/server/src/demo/seed-demo-traffic';
import { seedDemoWorld } from '../apps/server/src/demo/seed-demo-world';
import {
  createIngestRepository,
  type IngestRepository,
} from '../apps/server/src/modules/ingest/ingest.repository';
import { createIngestService } from '../apps/server/src/modules/ingest/ingest.service';
import { openDatabase } from './lib/database';

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const dir = mkdtempSync(join(tmpdir(), 'bench-start-cpu-'));
try {
  const t0 = performance.now();
  const c0 = cpu();
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    DATA_DIR: dir,
    DATA_KEY: Buffer.alloc(32, 3).toString('base64'),
  });
  const open = await openDatabase(config);
  const [c1, t1] = [cpu(), performance.now()];
  await seedDemoWorld(open.db, open.services);
  const [c2, t2] = [cpu(), performance.now()];
  const spent = new Map<string, number>();
  if (process.env.SPLIT) {
    const repo = createIngestRepository(open.db);
    const timed = Object.fromEntries(
      Object.entries(repo).map(([name, fn]) => [
        name,
        async (...args: unknown[]) => {
          const c = cpu();
          try {
            return await (fn as (...a: unknown[]) => Promise<unknown>)(...args);
          } finally {
            spent.set(name, (spent.get(name) ?? 0) + cpu() - c);
          }
        },
      ]),
    ) as unknown as IngestRepository;
    const { agents, clock } = open.services;
    Object.assign(open.services, {
      ingest: createIngestService({ db: open.db, repo: timed, agents, clock }),
    });
  }
  const r = await seedDemoTraffic(open.db, open.services, 'full');
  const [c3, t3] = [cpu(), performance.now()];
  const line = (label: string, wall: number, used: number) =>
    console.log(
      `${label.padEnd(34)} ${(wall / 1000).toFixed(1).padStart(6)} s wall ${(used / 1000).toFixed(1).padStart(6)} s CPU`,
    );
  line('open and migrate', t1 - t0, c1 - c0);
  line('demo world', t2 - t1, c2 - c1);
  line(`traffic (${r.orders} orders, ${r.events} events)`, t3 - t2, c3 - c2);
  let repo = 0;
  for (const [name, used] of [...spent].sort((a, b) => b[1] - a[1])) {
    repo += used;
    console.log(`  ${name.padEnd(18)} ${(used / 1000).toFixed(2)} s CPU`);
  }
  if (spent.size > 0)
    console.log(
      `  the rest (service JS, generation, transactions) ${((c3 - c2 - repo) / 1000).toFixed(2)} s CPU`,
    );
  await open.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
