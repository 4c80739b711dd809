/**
 * `npm run bench:seed -- --agents N`: grows the database the server would use (`DATABASE_URL`,
 * else the embedded PGlite in `DATA_DIR`, default ./data; stop the server first) with bench data.
 * Each run ADDS what it is asked for (see seed/agents.ts); an empty database gets the demo world
 * first. Each kind of data is a step with its own option, run in the order below (`--orders N`
 * after the agents: bench/seed/orders.ts, through the ingestion service).
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/client';
import { seedDemoWorld } from '../apps/server/src/demo/seed-demo-world';
import type { Services } from '../apps/server/src/services';
import { openDatabase } from './lib/database';
import { growAgents } from './seed/agents';
import { buildStream, ingestStream } from './seed/orders';

interface Step {
  option: string;
  help: string;
  run(db: Database, services: Services, n: number): Promise<void>;
}

const STEPS: readonly Step[] = [
  {
    option: 'agents',
    help: 'add N agents below the tree (levels 1-5)',
    async run(db, services, n) {
      const r = await growAgents(db, services, n);
      if (r.demoSeeded) console.log('the database was empty: demo world created');
      console.log(
        `agents: ${r.before} active before, added ${r.added.reduce((a, b) => a + b, 0)} ` +
          `(levels 1-5: ${r.added.slice(1).join(', ')})`,
      );
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      console.log(
        `  read ${s(r.ms.read)}, generate and check ${s(r.ms.generate)}, write ${s(r.ms.write)}, vacuum and analyze ${s(r.ms.vacuum)}`,
      );
    },
  },
  {
    option: 'orders',
    help: 'add N orders (with net bars, channels, players, status changes and device days) through the ingestion service',
    async run(db, services, n) {
      if ((await seedDemoWorld(db, services)).seeded)
        console.log('the database was empty: demo world created');
      const started = performance.now();
      const stream = await buildStream(db, services, { orders: n });
      const c = stream.counts;
      console.log(
        `orders: ${stream.events.length} events (${c.bars} net bars, ${c.channels} channels, ${c.players} players, ` +
          `${c.orders} orders, ${c.statusChanges} status changes, ${c.deviceDays} device days)`,
      );
      let shown = 0;
      const run = await ingestStream(services, stream.events, (done) => {
        if (done - shown >= 100_000) {
          shown = done;
          console.log(`  ${done} events`);
        }
      });
      const s = run.ms / 1000;
      console.log(
        `  ingested in ${s.toFixed(1)} s (${Math.round(run.events / s)} events/s), ${JSON.stringify(run.outcomes)}; ` +
          `${((performance.now() - started) / 1000).toFixed(1)} s in all`,
      );
      await db
        .q()
        .execute(
          sql`vacuum (analyze) net_bars, channels, players, orders, order_status_history, device_active_days, ingest_events`,
        );
    },
  },
];

const usage = () =>
  `usage: npm run bench:seed -- ${STEPS.map((s) => `[--${s.option} N]`).join(' ')}\n` +
  STEPS.map((s) => `  --${s.option} N  ${s.help}`).join('\n');

/** `--agents 50000` → { agents: 50000 }; anything else is refused with the usage. */
export function parseSeedArgs(argv: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]?.replace(/^--/, '') ?? '';
    const value = Number(argv[i + 1]);
    if (!argv[i]?.startsWith('--') || !STEPS.some((s) => s.option === name))
      throw new Error(`unknown option ${argv[i]}\n${usage()}`);
    if (!Number.isInteger(value) || value < 0 || value > 1_000_000)
      throw new Error(`--${name} takes a whole number from 0 to 1,000,000\n${usage()}`);
    out.set(name, value);
  }
  if (out.size === 0) throw new Error(usage());
  return out;
}

const options = parseSeedArgs(process.argv.slice(2));
const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
const open = await openDatabase(config);
console.log(`bench:seed on ${open.where}`);
try {
  for (const step of STEPS) {
    const n = options.get(step.option);
    if (n !== undefined && n > 0) await step.run(open.db, open.services, n);
  }
} finally {
  await open.close();
}
