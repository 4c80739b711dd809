/**
 * `npm run bench:promotion [-- --bars 30000 --players 300000 --orders 1000000 --calls 20]`: the
 * promotion lists (/net-bar-mgt's channel list and /web-mgt's net bar list) on PostgreSQL with a
 * grown business world, under 10 concurrent clients, through the real app (`buildApp` and
 * `app.inject`: routing, session, access, ownership, the reply's schema).
 *
 * On `BENCH_PG_URL` (default postgres://postgres@127.0.0.1:5432, trust auth) it recreates the
 * database `bench_promo` (or `BENCH_PROMO_DB`) with the demo world's agents, then reports net bars (one client channel
 * each), players and orders over the last 90 days through the ingestion service
 * (`services.ingest.ingest`, the path the platform's events take), spread over the agents of levels
 * 1-5. Then, for the operator (the whole tree) and a level 3 agent, 10 clients (each its own
 * session) call each list's page 1, a deep page and its totals `--calls` times each, and it prints
 * p50/p99. The database is left in place for EXPLAIN.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AnyEndpoint,
  queryChannelPage,
  queryChannelTotalData,
  queryWebNetBarPage,
  queryWebNetBarTotal,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { type Config, loadConfig } from '../apps/server/src/config';
import { rowsOf } from '../apps/server/src/db/client';
import { prng } from '../apps/server/src/demo/demo-world';
import { seedDemoWorld } from '../apps/server/src/demo/seed-demo-world';
import { admin, databaseUrl, post, signIn } from './lib/calls';
import { openDatabase } from './lib/database';
import { option } from './lib/options';
import { percentile } from './lib/stats';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** `BENCH_PROMO_DB`: another database name (two engineers benching on one server). */
const DB = process.env.BENCH_PROMO_DB ?? 'bench_promo';
if (!/^[a-z_][a-z0-9_]*$/.test(DB)) throw new Error('BENCH_PROMO_DB takes a lower-case identifier');
const CLIENTS = 10;
const PAGE_SIZE = 30;

const BARS = option('bars', 30_000);
const PLAYERS = option('players', 300_000);
const ORDERS = option('orders', 1_000_000);
const CALLS = option('calls', 20);
const BATCH = 1000;
/** `--reuse`: measure the database a previous run left, without seeding it again. */
const REUSE = process.argv.includes('--reuse');

const ROLES = [
  { role: 'operator (level 0)', phone: '13800000000' },
  { role: 'level 3', phone: '13800000003' },
] as const;

const work = mkdtempSync(join(tmpdir(), 'agent-console-bench-promo-'));
const config: Config = loadConfig({
  DATABASE_URL: databaseUrl(ADMIN_URL, DB),
  DATA_DIR: work,
  DATA_KEY: randomBytes(32).toString('base64'),
  LOG_LEVEL: 'warn',
  WEB_DIST: join(work, 'no-web'),
  DEMO_SEED: 'false',
  UPLOAD_DIR: join(work, 'uploads'),
});

let app: FastifyInstance | null = null;
const opened = await (async () => {
  if (!REUSE) await admin(ADMIN_URL, `drop database if exists ${DB} with (force)`, `create database ${DB}`);
  return openDatabase(config);
})();
try {
  const { db, services } = opened;
  const now = Date.now();
  if (!REUSE) await seed();
  await db.q().execute(sql`vacuum analyze`);
  async function seed() {
    await seedDemoWorld(db, services);
    await services.games.ensureCatalogue();
    const games = (await services.games.list()).map((g) => g.id);
    const agents = rowsOf(
      await db
        .q()
        .execute(sql`select id from agents where agent_level between 1 and 5 and status = 'active'`),
    ).map((r) => Number(r.id));
    const random = prng(9);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    /** 90 days back; one event in 50 today. */
    const when = () =>
      new Date(random() < 0.02 ? now - random() * 3_600_000 : now - random() * 90 * 86_400_000).toISOString();

    let ingested = 0;
    const started = performance.now();
    async function feed(events: unknown[]) {
      for (let i = 0; i < events.length; i += BATCH) {
        const results = await services.ingest.ingest('bench', events.slice(i, i + BATCH));
        const bad = results.find((r) => r.outcome !== 'accepted');
        if (bad) throw new Error(`ingest refused: ${JSON.stringify(bad)}`);
        ingested += Math.min(BATCH, events.length - i);
      }
      const s = (performance.now() - started) / 1000;
      process.stdout.write(`\r${ingested} events in ${s.toFixed(0)} s (${Math.round(ingested / s)}/s)   `);
    }
    let serial = 0;
    const id = (kind: string) => `b-${kind}-${++serial}`;

    // Net bars and one client channel each, a chunk at a time (channels after their bars).
    for (let from = 0; from < BARS; from += 10 * BATCH) {
      const bars: unknown[] = [];
      const channels: unknown[] = [];
      for (let n = from; n < Math.min(BARS, from + 10 * BATCH); n++) {
        const agentId = pick(agents);
        const at = when();
        bars.push({
          id: id('bar'),
          type: 'netBar.upserted',
          occurredAt: at,
          payload: {
            barUserId: 800_000_000 + n,
            agentId,
            name: `压测网咖${n}`,
            provinceCode: 440000,
            cityCode: 440300,
            districtCode: 440305,
            terminalCount: 20 + (n % 200),
            status: 'open',
          },
        });
        channels.push({
          id: id('channel'),
          type: 'channel.upserted',
          occurredAt: at,
          payload: {
            code: `BC${n}`,
            kind: 'client',
            name: `压测渠道${n}`,
            agentId,
            barUserId: 800_000_000 + n,
          },
        });
      }
      await feed(bars);
      await feed(channels);
    }
    for (let from = 0; from < PLAYERS; from += 10 * BATCH) {
      const players: unknown[] = [];
      for (let n = from; n < Math.min(PLAYERS, from + 10 * BATCH); n++)
        players.push({
          id: id('player'),
          type: 'player.registered',
          occurredAt: when(),
          payload: {
            userId: 900_000_000 + n,
            phoneMasked: `13${n % 10}****${String(n % 10000).padStart(4, '0')}`,
            channelCode: `BC${Math.floor(random() * BARS)}`,
            terminalType: pick([0, 1, 2, 3, 4, 4, 4]),
          },
        });
      await feed(players);
    }
    for (let from = 0; from < ORDERS; from += 10 * BATCH) {
      const orders: unknown[] = [];
      for (let n = from; n < Math.min(ORDERS, from + 10 * BATCH); n++) {
        const player = Math.floor(random() * PLAYERS);
        orders.push({
          id: id('order'),
          type: 'order.created',
          occurredAt: when(),
          payload: {
            orderNo: `BO${n}`,
            userId: 900_000_000 + player,
            gameId: pick(games),
            goodsId: 1_000_000 + (n % 50_000),
            channelCode: `BC${player % BARS}`,
            source: 60,
            terminalType: pick([0, 1, 2, 3, 4, 4, 4]),
            rentType: pick(['hour', 'hour', 'night', 'day'] as const),
            rentMinutes: 60 * (1 + (n % 8)),
            amountFen: 500 + (n % 5000),
            priceIncreaseFen: 0,
            status: pick([10, 30, 40, 50, 50, 50, 52, 60, 70]),
          },
        });
      }
      await feed(orders);
    }
    const seedSeconds = (performance.now() - started) / 1000;
    console.log(
      `\n${DB}: ${BARS} net bars and channels, ${PLAYERS} players, ${ORDERS} orders ingested in ${seedSeconds.toFixed(0)} s`,
    );
  }

  app = await buildApp({ db, config });
  await app.ready();
  const runApp = app;
  const rows: Record<string, string | number>[] = [];
  for (const { role, phone } of ROLES) {
    const cookies: string[] = [];
    for (let i = 0; i < CLIENTS; i++) cookies.push(await signIn(runApp, phone));
    const first = await post(runApp, queryChannelPage, { pageSize: PAGE_SIZE }, cookies[0]);
    const deepChannels = Math.max(
      1,
      Math.min(1000, Math.ceil((first.envelope.totalCount ?? 0) / PAGE_SIZE / 2)),
    );
    const bars = await post(runApp, queryWebNetBarPage, { pageSize: PAGE_SIZE }, cookies[0]);
    const deepBars = Math.max(1, Math.min(1000, Math.ceil((bars.envelope.totalCount ?? 0) / PAGE_SIZE / 2)));
    const calls: { name: string; ep: AnyEndpoint; body: unknown }[] = [
      { name: 'channels page 1', ep: queryChannelPage, body: { pageSize: PAGE_SIZE } },
      {
        name: `channels page ${deepChannels}`,
        ep: queryChannelPage,
        body: { pageNum: deepChannels, pageSize: PAGE_SIZE },
      },
      { name: 'channels totals', ep: queryChannelTotalData, body: {} },
      { name: 'web net bars page 1 (today)', ep: queryWebNetBarPage, body: { pageSize: PAGE_SIZE } },
      {
        name: `web net bars page ${deepBars} (today)`,
        ep: queryWebNetBarPage,
        body: { pageNum: deepBars, pageSize: PAGE_SIZE },
      },
      { name: 'web net bars totals (today)', ep: queryWebNetBarTotal, body: {} },
      {
        name: 'web net bars page 1 (30 days)',
        ep: queryWebNetBarPage,
        body: {
          pageSize: PAGE_SIZE,
          startTime: new Date(now - 30 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10),
        },
      },
    ];
    for (const call of calls) {
      // Warm-up, then CLIENTS clients in parallel, each CALLS calls one after the other.
      await post(runApp, call.ep, call.body, cookies[0]);
      let total = 0;
      const samples = (
        await Promise.all(
          cookies.map(async (cookie) => {
            const ms: number[] = [];
            for (let i = 0; i < CALLS; i++) {
              const r = await post(runApp, call.ep, call.body, cookie);
              ms.push(r.ms);
              total = r.envelope.totalCount ?? total;
            }
            return ms;
          }),
        )
      ).flat();
      rows.push({
        role,
        call: call.name,
        p50: Number(percentile(samples, 50).toFixed(1)),
        p99: Number(percentile(samples, 99).toFixed(1)),
        totalCount: total,
      });
      console.log(JSON.stringify(rows[rows.length - 1]));
    }
  }
  console.log(`\n${CLIENTS} concurrent clients, ${CALLS} calls each per row, milliseconds`);
  console.table(rows);
} finally {
  await app?.close();
  await opened.close();
  rmSync(work, { recursive: true, force: true });
}
