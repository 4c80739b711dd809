/**
 * `npm run bench:devices [-- --devices 45 --calls 30]`: 有效设备统计 at 100× the demo world's device
 * days, on PostgreSQL, through the real app (`buildApp` and `app.inject`).
 *
 * On `BENCH_PG_URL` (default postgres://postgres@127.0.0.1:5432, trust auth) it recreates the
 * database `bench_devices` with the demo agents and the demo world's net bars (through the
 * ingestion service), then writes device days in bulk: every open bar's PC001…PC0nn on each of the
 * 90 days before today with a probability of 65% and 20-900 minutes (≈ 1.6 million rows with 45
 * devices, 100× the demo world's ≈ 16,000), and builds the monthly rollup with the statement of
 * the migration `*_device_months_backfill` (the one ingestion keeps up to date). It then times the list's page 1, its totals
 * and an agent month's detail as the operator and as a level 2 agent, p50/p99, and the same page-1
 * figures counted directly from the device days (what a request would cost without the rollup).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AnyEndpoint,
  queryDeviceDetail,
  queryDeviceMonthStatistic,
  totalDeviceMonthStatistic,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { type Config, loadConfig } from '../apps/server/src/config';
import { rowsOf } from '../apps/server/src/db/client';
import { DEMO_TRAFFIC_KEY_ID, DEMO_TRAFFIC_SEED } from '../apps/server/src/demo/seed-demo-traffic';
import { seedDemoWorld } from '../apps/server/src/demo/seed-demo-world';
import { buildWorld, demoTrafficAgents } from '../apps/server/src/demo/traffic';
import { batchesOf } from '../apps/server/src/shared/batches';
import { admin, databaseUrl, post, signIn } from './lib/calls';
import { openDatabase } from './lib/database';
import { option } from './lib/options';
import { percentile } from './lib/stats';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = 'bench_devices';

const DEVICES = option('devices', 45);
const CALLS = option('calls', 30);
const WARMUP = 5;

const work = mkdtempSync(join(tmpdir(), 'agent-console-bench-devices-'));
const config: Config = loadConfig({
  DATABASE_URL: databaseUrl(ADMIN_URL, DB),
  DATA_DIR: work,
  DATA_KEY: randomBytes(32).toString('base64'),
  LOG_LEVEL: 'warn',
  WEB_DIST: join(work, 'no-web'),
  DEMO_SEED: 'false',
});

let app: FastifyInstance | null = null;
let opened: Awaited<ReturnType<typeof openDatabase>> | null = null;
try {
  await admin(ADMIN_URL, `drop database if exists ${DB} with (force)`, `create database ${DB}`);
  opened = await openDatabase(config);
  const { db, services } = opened;
  {
    await seedDemoWorld(db, services);
    await services.games.ensureCatalogue();
    const stored = await services.agents.findActiveByIds(
      demoTrafficAgents(services.regions).map((a) => a.id),
    );
    const world = buildWorld({
      seed: DEMO_TRAFFIC_SEED,
      agents: stored.map((a) => ({ id: a.id, level: a.agentLevel, areas: a.areaInfo })),
      gameIds: (await services.games.list()).map((g) => g.id),
      regions: services.regions,
    });
    const bars = world.events.filter((e) => e.type === 'netBar.upserted');
    for (const batch of batchesOf(bars, 1000)) await services.ingest.ingest(DEMO_TRAFFIC_KEY_ID, batch);
    let started = performance.now();
    await db.q().execute(sql`
      insert into device_active_days (net_bar_id, device_code, day, active_minutes,
        agent_id, agent_chain, chain_l1, chain_l2, chain_l3, chain_l4, chain_l5)
      select b.id, 'PC' || lpad(d::text, 3, '0'), (now() at time zone 'Asia/Shanghai')::date - n,
        20 + floor(random() * 881)::int,
        b.agent_id, b.agent_chain, b.chain_l1, b.chain_l2, b.chain_l3, b.chain_l4, b.chain_l5
      from net_bars b, generate_series(1, ${DEVICES}) d, generate_series(1, 90) n
      where b.status = 'open' and random() < 0.65`);
    const [count] = rowsOf(await db.q().execute(sql`select count(*)::int as n from device_active_days`));
    console.log(`${count?.n} device days written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
    // The migrations that build the rollups from the device days (device months, then agent
    // months: the statements ingestion keeps up to date), whatever their numbers.
    const migrations = join(import.meta.dirname, '../apps/server/drizzle/migrations');
    for (const suffix of ['_device_months_backfill.sql', '_device_agent_months_backfill.sql']) {
      const file = readdirSync(migrations).find((f) => f.endsWith(suffix));
      if (!file) throw new Error(`no *${suffix} in ${migrations}`);
      await db.q().execute(sql.raw(readFileSync(join(migrations, file), 'utf8')));
    }
    await db
      .q()
      .execute(sql`vacuum (analyze) device_active_days, device_months, device_agent_months, net_bars`);
    const [months] = rowsOf(await db.q().execute(sql`select count(*)::int as n from device_months`));
    console.log(
      `rollup: ${months?.n} device months in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }

  app = await buildApp({ db, config });
  const [{ envelope: page }] = [
    await post(app, queryDeviceMonthStatistic, {}, await signIn(app, '13800000000')),
  ];
  const sample = (page.object as { agentId: number; month: string }[])[0];
  if (!sample) throw new Error('no rows');
  const roles = [
    { role: 'operator', phone: '13800000000' },
    { role: 'level 2', phone: '13800000002' },
  ];
  const plans: { role: string; cookie: string; calls: { name: string; ep: AnyEndpoint; body: unknown }[] }[] =
    [];
  for (const r of roles) {
    plans.push({
      role: r.role,
      cookie: await signIn(app, r.phone),
      calls: [
        { name: 'page 1 (all months)', ep: queryDeviceMonthStatistic, body: {} },
        {
          name: 'page 1 (one month)',
          ep: queryDeviceMonthStatistic,
          body: { startMonth: sample.month, endMonth: sample.month },
        },
        { name: 'totals', ep: totalDeviceMonthStatistic, body: {} },
        ...(r.role === 'operator'
          ? [
              {
                name: 'detail of an agent month',
                ep: queryDeviceDetail,
                body: { agentId: sample.agentId, month: sample.month },
              },
            ]
          : []),
      ],
    });
  }
  const samples = new Map<string, number[]>();
  const totals = new Map<string, number | null>();
  for (let round = 0; round < WARMUP + CALLS; round++) {
    for (const plan of plans)
      for (const call of plan.calls) {
        const { envelope, ms } = await post(app, call.ep, call.body, plan.cookie);
        const key = `${plan.role}\t${call.name}`;
        if (round >= WARMUP) samples.set(key, [...(samples.get(key) ?? []), ms]);
        totals.set(key, envelope.totalCount ?? null);
      }
  }
  console.log(`\n有效设备统计, ${CALLS} calls each after ${WARMUP} warm-up rounds, milliseconds`);
  console.table(
    [...samples].map(([key, ms]) => {
      const [role, call] = key.split('\t');
      return {
        role,
        call,
        p50: Number(percentile(ms, 50).toFixed(1)),
        p99: Number(percentile(ms, 99).toFixed(1)),
        totalCount: totals.get(key) ?? '',
      };
    }),
  );

  // The same figures counted from the device days: what each request would cost without the rollup.
  {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await db.q().execute(sql`
        select agent_id, month, count(distinct net_bar_id), count(*), count(*) filter (where days >= 15)
        from (select agent_id, net_bar_id, device_code, date_trunc('month', day) as month,
                count(*) filter (where active_minutes >= 60) as days
              from device_active_days group by 1, 2, 3, 4) d
        group by 1, 2`);
      times.push(performance.now() - started);
    }
    console.log(
      `direct count over the device days (operator, all months): p50 ${percentile(times, 50).toFixed(0)} ms`,
    );
  }
} finally {
  await app?.close();
  await opened?.close();
  rmSync(work, { recursive: true, force: true });
}
