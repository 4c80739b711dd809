/**
 * `npm run bench:list [-- --agents 50000 --calls 40]`: the agent list and tree calls on the demo
 * world and on the demo world grown by 50,000 agents, on PostgreSQL, through the real app
 * (`buildApp` and `app.inject`: routing, session, access, ownership, the reply's schema).
 *
 * On `BENCH_PG_URL` (default postgres://postgres@127.0.0.1:5432, trust auth) it recreates the
 * database `bench` with the demo world, copies it as `bench_demo`, grows `bench` with
 * `bench:seed`'s generator, then calls both apps in turn, round after round (load on the shared
 * machine then weighs on both sizes alike), and prints p50/p99 of each call at both sizes and
 * their ratio. The goal (issue 7): page 1, the last page and a filtered page cost at most 3× on
 * the grown tree what they cost on the demo world (p50); the run exits 1 when one misses it. Both
 * databases are left in place for EXPLAIN.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AnyEndpoint,
  queryAgentInfo,
  queryAgentInfoPage,
  queryAgentInfoTotal,
  queryAgentTreeNodes,
  searchAgentTreeNodes,
} from '@agent-console/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { type Config, loadConfig } from '../apps/server/src/config';
import { seedDemoWorld } from '../apps/server/src/demo/seed-demo-world';
import { createAgentsRepository } from '../apps/server/src/modules/agents/agents.repository';
import { admin, databaseUrl, post, signIn } from './lib/calls';
import { type OpenDatabase, openDatabase } from './lib/database';
import { option } from './lib/options';
import { percentile } from './lib/stats';
import { growAgents } from './seed/agents';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LARGE_DB = 'bench';
const DEMO_DB = 'bench_demo';
const GOAL_RATIO = 3;
/** Calls whose cost must not grow with the tree beyond GOAL_RATIO. */
const GOAL_CALLS = new Set(['list page 1', 'list last page', 'list name contains']);
const KEYWORD = '网咖';
const PAGE_SIZE = 30;

const AGENTS = option('agents', 50_000);
const CALLS = Math.max(30, option('calls', 40));
/** Rounds before the measured ones: the code is optimised by V8 and the caches are warm. */
const WARMUP = 10;

const ROLES = [
  { role: 'operator', phone: '13800000000' },
  { role: 'level 2', phone: '13800000002' },
] as const;

interface Call {
  name: string;
  ep: AnyEndpoint;
  body: unknown;
}
interface Plan {
  role: string;
  cookie: string;
  calls: Call[];
}
interface Figure {
  name: string;
  role: string;
  p50: number;
  p99: number;
  /** Bytes of the reply. */
  bytes: number;
  /** totalCount of a list or tree reply. */
  total: number | null;
}

/** Signs in; the cookie and the agent's own id. */
async function signInAgent(
  app: FastifyInstance,
  phone: string,
): Promise<{ cookie: string; agentId: number }> {
  const cookie = await signIn(app, phone);
  const { envelope } = await post(app, queryAgentInfo, {}, cookie);
  return { cookie, agentId: (envelope.object as { id: number }).id };
}

/** The calls of each role on one app (the last page depends on the tree's size). */
async function plansOf(app: FastifyInstance): Promise<Plan[]> {
  const plans: Plan[] = [];
  for (const { role, phone } of ROLES) {
    const { cookie, agentId } = await signInAgent(app, phone);
    const first = await post(app, queryAgentInfoPage, { pageNum: 1, pageSize: PAGE_SIZE }, cookie);
    const lastPage = Math.max(1, Math.ceil((first.envelope.totalCount ?? 0) / PAGE_SIZE));
    plans.push({
      role,
      cookie,
      calls: [
        { name: 'list page 1', ep: queryAgentInfoPage, body: { pageNum: 1, pageSize: PAGE_SIZE } },
        { name: 'list last page', ep: queryAgentInfoPage, body: { pageNum: lastPage, pageSize: PAGE_SIZE } },
        {
          name: 'list name contains',
          ep: queryAgentInfoPage,
          body: { agentName: KEYWORD, pageNum: 1, pageSize: PAGE_SIZE },
        },
        { name: 'list totals', ep: queryAgentInfoTotal, body: {} },
        { name: 'tree level (own)', ep: queryAgentTreeNodes, body: { parentId: agentId } },
        { name: 'tree search', ep: searchAgentTreeNodes, body: { keyword: KEYWORD } },
        { name: 'agent info', ep: queryAgentInfo, body: {} },
      ],
    });
  }
  return plans;
}

interface Target {
  label: string;
  app: FastifyInstance;
  plans: Plan[];
  samples: Map<string, number[]>;
  last: Map<string, { bytes: number; total: number | null }>;
}

/** Every call of every role on every target, round after round. */
async function measure(targets: readonly Target[]): Promise<void> {
  for (let round = 0; round < WARMUP + CALLS; round++) {
    for (const t of targets) {
      for (const plan of t.plans) {
        for (const call of plan.calls) {
          const { envelope, ms, bytes } = await post(t.app, call.ep, call.body, plan.cookie);
          const key = `${plan.role}\t${call.name}`;
          if (round >= WARMUP) t.samples.set(key, [...(t.samples.get(key) ?? []), ms]);
          t.last.set(key, { bytes, total: envelope.totalCount ?? null });
        }
      }
    }
  }
}

function figures(t: Target): Figure[] {
  const out: Figure[] = [];
  for (const [key, ms] of t.samples) {
    const [role = '', name = ''] = key.split('\t');
    const info = t.last.get(key);
    out.push({
      name,
      role,
      p50: percentile(ms, 50),
      p99: percentile(ms, 99),
      bytes: info?.bytes ?? 0,
      total: info?.total ?? null,
    });
  }
  console.log(`\n${t.label}: ${CALLS} calls each (after ${WARMUP} warm-up rounds), milliseconds`);
  console.table(
    out.map((f) => ({
      role: f.role,
      call: f.name,
      p50: Number(f.p50.toFixed(1)),
      p99: Number(f.p99.toFixed(1)),
      'reply bytes': f.bytes,
      totalCount: f.total ?? '',
    })),
  );
  return out;
}

const work = mkdtempSync(join(tmpdir(), 'agent-console-bench-list-'));
const dataKey = randomBytes(32).toString('base64');
const configOf = (name: string): Config =>
  loadConfig({
    DATABASE_URL: databaseUrl(ADMIN_URL, name),
    DATA_DIR: work,
    DATA_KEY: dataKey,
    LOG_LEVEL: 'warn',
    WEB_DIST: join(work, 'no-web'),
    DEMO_SEED: 'false',
  });
const opened: OpenDatabase[] = [];
const apps: FastifyInstance[] = [];
let missed = 0;
try {
  await admin(
    ADMIN_URL,
    `drop database if exists ${DEMO_DB} with (force)`,
    `drop database if exists ${LARGE_DB} with (force)`,
    `create database ${LARGE_DB}`,
  );
  // The demo world, settled as autovacuum leaves a database, then copied as it is.
  const seeding = await openDatabase(configOf(LARGE_DB));
  try {
    await seedDemoWorld(seeding.db, seeding.services);
    await createAgentsRepository(seeding.db).vacuumAnalyze();
  } finally {
    await seeding.close();
  }
  await admin(ADMIN_URL, `create database ${DEMO_DB} template ${LARGE_DB}`);

  const large = await openDatabase(configOf(LARGE_DB));
  opened.push(large);
  const grown = await growAgents(large.db, large.services, AGENTS);
  const seconds = (grown.ms.read + grown.ms.generate + grown.ms.write + grown.ms.vacuum) / 1000;
  console.log(
    `${LARGE_DB}: the demo world (${grown.before} active agents) + ${AGENTS} agents ` +
      `(levels 1-5: ${grown.added.slice(1).join(', ')}), added in ${seconds.toFixed(1)} s; ${DEMO_DB}: the demo world`,
  );
  const demo = await openDatabase(configOf(DEMO_DB));
  opened.push(demo);

  const targets: Target[] = [];
  for (const [label, name, db] of [
    [`demo world (${DEMO_DB})`, DEMO_DB, demo],
    [`demo world + ${AGENTS} agents (${LARGE_DB})`, LARGE_DB, large],
  ] as const) {
    const app = await buildApp({ db: db.db, config: configOf(name) });
    apps.push(app);
    await app.ready();
    targets.push({ label, app, plans: await plansOf(app), samples: new Map(), last: new Map() });
  }
  await measure(targets);
  const [small, big] = targets.map(figures);

  const rows = (small ?? []).map((s) => {
    const l = big?.find((f) => f.name === s.name && f.role === s.role);
    const ratio = l ? l.p50 / s.p50 : Number.NaN;
    const goal = GOAL_CALLS.has(s.name) ? (ratio <= GOAL_RATIO ? 'ok' : 'MISSED') : '';
    if (goal === 'MISSED') missed++;
    return {
      role: s.role,
      call: s.name,
      'demo p50/p99': `${s.p50.toFixed(1)} / ${s.p99.toFixed(1)}`,
      'grown p50/p99': l ? `${l.p50.toFixed(1)} / ${l.p99.toFixed(1)}` : '',
      'ratio p50': Number(ratio.toFixed(2)),
      'ratio p99': l ? Number((l.p99 / s.p99).toFixed(2)) : '',
      [`goal ≤ ${GOAL_RATIO}×`]: goal,
    };
  });
  console.log(`\ncomparison (ratio = grown by ${AGENTS} agents / demo world)`);
  console.table(rows);
  console.log(missed === 0 ? 'every goal met' : `${missed} goal(s) missed`);
} finally {
  for (const app of apps) await app.close();
  for (const db of opened) await db.close();
  rmSync(work, { recursive: true, force: true });
}
process.exitCode = missed === 0 ? 0 : 1;
