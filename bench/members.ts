/**
 * `npm run bench:members [-- --agents 6000 --entries 2000000 --calls 20 --clients 10]`: 财务管理 ›
 * 成员财务 at 100 times the demo world, on PostgreSQL, through the real app (`buildApp` and
 * `app.inject`: routing, session, access, ownership, the reply's schema).
 *
 * On `BENCH_PG_URL` (default postgres://postgres@127.0.0.1:5432, trust auth) it uses the database
 * `bench_members`: created with the demo world when missing, grown to `--agents` agents
 * (bench/seed/agents.ts), then to `--posted` income entries through the finance service's `post`
 * (the one writer of balances, which keeps the ledger's rollups in the same transaction): batches of
 * 2,500 `order_share` entries over random agents, each batch on one day of the last 90 (the
 * service's clock moved); then to `--entries` with entries made in SQL (`copyEntries`: `post` runs
 * at about 500 entries/s on this shared machine, an hour for two million), each statement adding
 * what it inserts to the accounts and to `ledger_agent_days`, as `post` does; the rollups made from
 * those (by tree node, the income running totals) are then rebuilt with the migrations' statements
 * (`rebuildLedgerRollups`). `ledger_agent_days` ends with about agents × 90 rows. A database that
 * already holds them is reused as it is.
 *
 * Then, as the level 0 operator (the whole tree), a level 1 and a level 4 agent of the demo chain,
 * each call below runs `--clients` at once (each client its own session), `--calls` times per
 * client after a warm-up, and prints p50/p99 in ms: the list's page 1 with the console's defaults
 * (the last 30 days, whole China days: the rollup only), page 1 sorted by the range's income, the
 * totals, and page 1 and totals of a range with partial days at both ends (10:00 to 15:00: those
 * hours read from the entries). Beside them the agent info call as the floor of any call through
 * the app at that moment, and one client alone (CPU-bound figures: no queueing behind the others).
 * Last, for the ratio, the operator's 30-day income computed by scanning the entries instead.
 * Goal: p99 ≤ 50 ms under 10 clients. The database is left in place for EXPLAIN.
 */
import {
  type AnyEndpoint,
  defaultRange,
  formatDateTime,
  queryAgentInfo,
  queryMemberFinance,
  queryMemberFinanceTotal,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { rowsOf } from '../apps/server/src/db/client';
import { seedDemoWorld } from '../apps/server/src/demo/seed-demo-world';
import type { LedgerEntryInput } from '../apps/server/src/modules/finance/finance.service';
import { createServices } from '../apps/server/src/services';
import { concurrently, post, signIn } from './lib/calls';
import { openDatabase, rebuildLedgerRollups } from './lib/database';
import { option } from './lib/options';
import { percentile } from './lib/stats';
import { growAgents } from './seed/agents';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'bench_members';
const BATCH = 2_500;
const DAY_MS = 24 * 60 * 60 * 1000;

const AGENTS = option('agents', 6_000);
const ENTRIES = option('entries', 2_000_000);
/** Entries made through `finance.post` before the SQL copies (about 500 entries/s on this shared machine). */
const POSTED = option('posted', 50_000);
const CALLS = option('calls', 20);
const CLIENTS = option('clients', 10);
const WARMUP = 3;
const GOAL_P99_MS = 50;
const ROLES = [
  { role: 'level 0', phone: '13800000000' },
  { role: 'level 1', phone: '13800000001' },
  { role: 'level 4', phone: '13800000004' },
] as const;

const url = new URL(ADMIN_URL);
url.pathname = `/${DB_NAME}`;
const config = loadConfig({
  LOG_LEVEL: 'warn',
  DEMO_SEED: 'false',
  WEB_DIST: '/nonexistent',
  DATA_KEY: Buffer.alloc(32, 3).toString('base64'),
  DATABASE_URL: url.toString(),
});

/** A small deterministic generator (mulberry32). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function prepare(): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [DB_NAME])).rowCount;
  if (!exists) await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const open = await openDatabase(config);
  try {
    await seedDemoWorld(open.db, open.services);
    const count = async (query: ReturnType<typeof sql>) =>
      Number(rowsOf(await open.db.q().execute(query))[0]?.n ?? 0);
    const agents = await count(sql`select count(*)::int as n from agents`);
    if (agents < AGENTS) {
      const grown = await growAgents(open.db, open.services, AGENTS - agents);
      console.log(`${DB_NAME}: +${AGENTS - agents} agents`, grown);
    }
    const ids = rowsOf(await open.db.q().execute(sql`select id from agents order by id`)).map((r) =>
      Number(r.id),
    );
    let have = await count(sql`select count(*)::int as n from ledger_entries`);
    console.log(`${DB_NAME}: ${ids.length} agents, ${have} ledger entries`);
    // The finance service on a clock the bench moves: each batch lands on one day of the last 90.
    let at = Date.now();
    const finance = createServices({ db: open.db, config, clock: () => new Date(at) }).finance;
    const random = prng(have + 1);
    const started = performance.now();
    for (let batch = 0; have < Math.min(POSTED, ENTRIES); batch++) {
      at = Date.now() - Math.floor(random() * 90) * DAY_MS - Math.floor(random() * DAY_MS);
      const n = Math.min(BATCH, ENTRIES - have);
      const entries: LedgerEntryInput[] = Array.from({ length: n }, () => ({
        agentId: ids[Math.floor(random() ** 2 * ids.length)] as number,
        kind: 'order_share',
        availableDeltaFen: 1 + Math.floor(random() * 2_000),
        frozenDeltaFen: 0,
      }));
      await open.db.transaction((tx) => finance.post(tx, entries));
      have += n;
      if (batch % 20 === 0)
        console.log(
          `  ${have} entries (${Math.round(have / ((performance.now() - started) / 1000))} entries/s)`,
        );
    }
    for (let copy = 1; have < ENTRIES; copy++) {
      const t0 = performance.now();
      const n = Math.min(250_000, ENTRIES - have);
      await copyEntries(open.db, copy + have, n);
      have += n;
      console.log(`  copied: ${have} entries (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    }
    await rebuildLedgerRollups(open.db);
    await open.db.q().execute(sql`vacuum analyze`);
    const days = await count(sql`select count(*)::int as n from ledger_agent_days`);
    console.log(`${DB_NAME}: ${have} ledger entries, ${days} rows of ledger_agent_days`);
  } finally {
    await open.close();
  }
}

/**
 * `n` more `order_share` entries in one statement: random agents (the same skew as the posted
 * ones), times over the last 90 days; the same statement adds them to the accounts (available and
 * total income) and to `ledger_agent_days`, so the balances and the rollup still equal the entries.
 * Their balances-after are the entry's own amount (not a running balance: bench data only).
 */
async function copyEntries(db: Awaited<ReturnType<typeof openDatabase>>['db'], copy: number, n: number) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(${(copy % 1000) / 1000})`);
    await tx.execute(sql`
      create temp table bench_new on commit drop as
      select ids.a[1 + floor(power(random(), 2) * cardinality(ids.a))::int] as agent_id,
        1 + floor(random() * 2000)::bigint as fen, now() - random() * interval '90 days' as created_at
      from (select array_agg(id order by id) as a from agents) ids, generate_series(1, ${n})`);
    await tx.execute(sql`
      insert into ledger_entries (agent_id, kind, available_delta_fen, frozen_delta_fen, available_after_fen,
        frozen_after_fen, created_at)
      select agent_id, 'order_share', fen, 0, fen, 0, created_at from bench_new`);
    await tx.execute(sql`
      insert into ledger_agent_days as d (agent_id, day, kind, entry_count, available_fen, frozen_fen,
        available_in_fen, available_out_fen)
      select agent_id, ((created_at at time zone 'UTC') + interval '8 hours')::date, 'order_share', count(*)::int,
        sum(fen)::bigint, 0, sum(fen)::bigint, 0
      from bench_new group by 1, 2 order by 1, 2
      on conflict (agent_id, day, kind) do update set entry_count = d.entry_count + excluded.entry_count,
        available_fen = d.available_fen + excluded.available_fen,
        available_in_fen = d.available_in_fen + excluded.available_in_fen`);
    await tx.execute(sql`
      insert into finance_accounts (agent_id, updated_at)
      select distinct agent_id, now() from bench_new on conflict (agent_id) do nothing`);
    await tx.execute(sql`
      update finance_accounts f set available_fen = f.available_fen + s.fen,
        total_income_fen = f.total_income_fen + s.fen, updated_at = now()
      from (select agent_id, sum(fen)::bigint as fen from bench_new group by 1) s
      where f.agent_id = s.agent_id`);
  });
}

interface Call {
  name: string;
  ep: AnyEndpoint;
  body: unknown;
}

async function timed(
  app: Awaited<ReturnType<typeof buildApp>>,
  call: Call,
  cookies: readonly string[],
): Promise<{ p50: number; p99: number }> {
  const samples = await concurrently(app, call, cookies, { warmup: WARMUP, rounds: CALLS });
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

async function main() {
  await prepare();
  const open = await openDatabase(config);
  const app = await buildApp({ db: open.db, config });
  const [start, end] = defaultRange(new Date());
  const range = { startTime: formatDateTime(start), endTime: formatDateTime(end) };
  const today = formatDateTime(end).slice(0, 10);
  const first = formatDateTime(start).slice(0, 10);
  const partial = { startTime: `${first} 10:00:00`, endTime: `${today} 15:00:00` };
  const figures: { role: string; name: string; clients: number; p50: number; p99: number }[] = [];
  try {
    for (const { role, phone } of ROLES) {
      const cookies: string[] = [];
      for (let i = 0; i < CLIENTS; i++) cookies.push(await signIn(app, phone));
      const page = await post(app, queryMemberFinance, { ...range, pageNum: 1, pageSize: 30 }, cookies[0]);
      console.log(`${role}: ${page.envelope.totalCount} members`);
      const calls: Call[] = [
        { name: 'agent info', ep: queryAgentInfo, body: {} },
        { name: 'page 1', ep: queryMemberFinance, body: { ...range, pageNum: 1, pageSize: 30 } },
        {
          name: 'page 1 by income',
          ep: queryMemberFinance,
          body: { ...range, orderBy: 'rangeIncome', order: 'desc', pageNum: 1, pageSize: 30 },
        },
        { name: 'totals', ep: queryMemberFinanceTotal, body: range },
        { name: 'page 1 partial', ep: queryMemberFinance, body: { ...partial, pageNum: 1, pageSize: 30 } },
        { name: 'totals partial', ep: queryMemberFinanceTotal, body: partial },
      ];
      for (const call of calls)
        for (const clients of [1, CLIENTS]) {
          const f = {
            role,
            name: call.name,
            clients,
            ...(await timed(app, call, cookies.slice(0, clients))),
          };
          figures.push(f);
          console.log(
            `${role.padEnd(8)} ${call.name.padEnd(18)} ${String(clients).padStart(2)} client(s)  p50 ${f.p50.toFixed(1).padStart(6)} ms  p99 ${f.p99.toFixed(1).padStart(6)} ms`,
          );
        }
    }
    // The ratio: the operator's 30-day income of every agent by scanning the entries.
    const from = new Date(`${first}T00:00:00+08:00`).toISOString();
    const scans: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await open.db.q().execute(sql`select coalesce(sum(available_delta_fen), 0)::bigint from ledger_entries
        where kind in ('order_share', 'share_reversal', 'device_settlement', 'adjustment') and created_at >= ${from}`);
      scans.push(performance.now() - t0);
    }
    console.log(
      `scan of the entries instead of the rollup (operator totals, 1 client): p50 ${percentile(scans, 50).toFixed(1)} ms`,
    );
  } finally {
    await app.close();
    await open.close();
  }
  const missed = figures.filter((f) => f.clients === CLIENTS && f.p99 > GOAL_P99_MS);
  console.log(
    missed.length === 0
      ? `every call within p99 ≤ ${GOAL_P99_MS} ms (${CLIENTS} clients, ${CALLS} calls each)`
      : `over p99 ${GOAL_P99_MS} ms: ${missed.map((f) => `${f.role} ${f.name}`).join(', ')}`,
  );
  if (missed.length > 0) process.exitCode = 1;
}

await main();
