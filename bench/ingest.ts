/**
 * `npm run bench:ingest [-- --orders 20000] [--db pglite|pg|both] [--batch 1000]`: ingestion throughput. On a
 * fresh database with the demo world (PGlite in a temporary folder, durable commits as the server
 * runs it; PostgreSQL: the database `bench_ingest` recreated on `BENCH_PG_URL`, default
 * postgres://postgres@127.0.0.1:5432), builds the stream of `bench/seed/orders.ts` for N orders
 * over 90 days and pushes it through the ingestion service in batches of 1,000 events, then
 * replays the first 10,000 events (all duplicates). Prints events/s and orders/s, and the CPU
 * time of this process (with PGlite: the database's work too, so events per CPU second is the rate
 * on an idle core, whatever else loads the machine).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { rowsOf } from '../apps/server/src/db/client';
import { seedDemoWorld } from '../apps/server/src/demo/seed-demo-world';
import { openDatabase } from './lib/database';
import { buildStream, ingestStream } from './seed/orders';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : (process.argv[i + 1] ?? fallback);
}
const ORDERS = Number(option('orders', '20000'));
const WHICH = option('db', 'both');
const BATCH_SIZE = Number(option('batch', '1000'));
if (!Number.isInteger(ORDERS) || ORDERS < 1) throw new Error('--orders takes a positive whole number');

async function run(label: string, env: Record<string, string>) {
  const config = loadConfig({ LOG_LEVEL: 'warn', DATA_KEY: Buffer.alloc(32, 3).toString('base64'), ...env });
  const open = await openDatabase(config);
  try {
    await seedDemoWorld(open.db, open.services);
    const built = performance.now();
    const stream = await buildStream(open.db, open.services, { orders: ORDERS, seed: 9 });
    const c = stream.counts;
    console.log(
      `${label}: ${stream.events.length} events (${c.bars} bars, ${c.channels} channels, ${c.players} players, ` +
        `${c.orders} orders, ${c.statusChanges} status changes, ${c.deviceDays} device days), built in ${(
          (performance.now() - built) / 1000
        ).toFixed(1)} s`,
    );
    let last = 0;
    const result = await ingestStream(
      open.services,
      stream.events,
      (done) => {
        if (done - last >= 50_000 || done === stream.events.length) {
          last = done;
          process.stdout.write(`  ${done} events\n`);
        }
      },
      BATCH_SIZE,
    );
    const seconds = result.ms / 1000;
    console.log(
      `${label}: ingested ${result.events} events in ${seconds.toFixed(1)} s: ` +
        `${Math.round(result.events / seconds)} events/s, ${Math.round(ORDERS / seconds)} orders/s, ` +
        `batches of ${BATCH_SIZE}; this process used ${(result.cpuMs / 1000).toFixed(1)} s of CPU ` +
        `(${Math.round(result.events / (result.cpuMs / 1000))} events per CPU second) ${JSON.stringify(result.outcomes)}`,
    );
    const replay = await ingestStream(open.services, stream.events.slice(0, 10_000));
    console.log(
      `${label}: replay of ${replay.events} events in ${(replay.ms / 1000).toFixed(1)} s: ` +
        `${Math.round(replay.events / (replay.ms / 1000))} events/s (${JSON.stringify(replay.outcomes)})`,
    );
    const [state] = rowsOf(
      await open.db.q().execute(sql`select (select count(*) from orders)::int as orders,
        (select count(*) from ingest_events where state = 'pending')::int as pending,
        (select coalesce(sum(order_count), 0)::int from players) as counted`),
    );
    console.log(
      `${label}: ${state?.orders} orders stored, ${state?.counted} counted on players, ${state?.pending} pending`,
    );
    return Math.round(result.events / seconds);
  } finally {
    await open.close();
  }
}

if (WHICH === 'pglite' || WHICH === 'both') {
  const dir = mkdtempSync(join(tmpdir(), 'bench-ingest-'));
  try {
    await run('PGlite', { DATA_DIR: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (WHICH === 'pg' || WHICH === 'both') {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query('drop database if exists bench_ingest with (force)');
  await admin.query('create database bench_ingest');
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = '/bench_ingest';
  await run('PostgreSQL', { DATABASE_URL: url.toString() });
}
