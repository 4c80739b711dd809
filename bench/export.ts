/**
 * `npm run bench:export [-- --rows 20000,200000]`: the memory of the streamed .xlsx export as the
 * rows grow. On PostgreSQL (`BENCH_PG_URL`, default postgres://postgres@127.0.0.1:5432) it
 * recreates the database `bench_export` with the demo world, starts the real app in this process
 * on 127.0.0.1 (`BENCH_PORT`, default 18091) and, for each size, grows the tree with `bench:seed`
 * (a child process, so its memory is not counted here) until the operator's agent list holds that
 * many rows, then downloads the whole list through `/api/agent/exportAgentInfoPage` while sampling
 * this process's heap and RSS every 10 ms (after a forced garbage collection: run with
 * --expose-gc), and reads the file back with exceljs's streaming reader to check every row is in
 * it. Prints the figures; exits 1 when a file is wrong or the peak heap above the baseline at the
 * largest size is more than 1.5× the smallest size's plus 16 MB.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { exportAgentInfoPage, login, queryAgentInfoTotal } from '@agent-console/contract';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { DEMO_PASSWORD } from '../apps/server/src/demo/demo-world';
import { seedDemoWorld } from '../apps/server/src/demo/seed-demo-world';
import { AGENT_EXPORT_COLUMNS } from '../apps/server/src/modules/agents/agents.export';
import { openDatabase } from './lib/database';
import { md5Hex } from './lib/stats';

const root = resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'bench_export';
const PORT = Number(process.env.BENCH_PORT ?? 18091);
const SAMPLE_MS = 10;
const GC_MS = 1000;
/**
 * The goal, above the baseline: the largest export's peak heap and peak buffers at most
 * GOAL_FACTOR × the smallest's + MARGIN_MB, and its live heap at most the smallest's + MARGIN_MB.
 */
const GOAL_FACTOR = 1.5;
const MARGIN_MB = 16;

const sizesArg = process.argv.indexOf('--rows');
const SIZES = (sizesArg >= 0 ? (process.argv[sizesArg + 1] ?? '') : '20000,200000')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
if (SIZES.length === 0 || SIZES.some((n) => !Number.isInteger(n) || n < 1))
  throw new Error('--rows takes sizes such as 20000,200000');

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:export does)');

const MB = 1024 * 1024;
const mb = (bytes: number) => Number((bytes / MB).toFixed(1));

const url = new URL(ADMIN_URL);
url.pathname = `/${DB_NAME}`;
const work = mkdtempSync(join(tmpdir(), 'agent-console-bench-export-'));
const env = {
  DATABASE_URL: url.toString(),
  DATA_DIR: work,
  DATA_KEY: randomBytes(32).toString('base64'),
  LOG_LEVEL: 'warn',
  WEB_DIST: join(work, 'no-web'),
  DEMO_SEED: 'false',
  PORT: String(PORT),
};

async function recreateDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
}

/** `npm run bench:seed -- --agents n` on the bench's database, in a process of its own. */
function seed(n: number): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(join(root, 'node_modules/.bin/tsx'), ['bench/seed.ts', '--agents', String(n)], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`bench:seed exited with ${code}`))));
  });
}

const origin = `http://127.0.0.1:${PORT}`;
async function call(path: string, body: unknown, cookie?: string) {
  const res = await fetch(origin + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { res, json: (await res.json()) as { responseCode: string; object?: unknown } };
}

async function signIn(): Promise<string> {
  const { res, json } = await call(login.path, {
    mobilePhone: '13800000000',
    password: md5Hex(DEMO_PASSWORD),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('ac_sid='));
  if (json.responseCode !== '0000' || !cookie) throw new Error('the operator could not sign in');
  return cookie;
}

async function listRows(cookie: string): Promise<number> {
  const { json } = await call(queryAgentInfoTotal.path, {}, cookie);
  const totals = queryAgentInfoTotal.response.parse(json);
  return totals.object?.agentCount ?? 0;
}

interface Run {
  rows: number;
  seconds: number;
  fileMb: number;
  rowsRead: number;
  baselineHeap: number;
  /** The largest heap sampled (garbage included, collected at least once a second). */
  peakHeap: number;
  /** The largest heap right after a forced full collection: what the export holds. */
  liveHeap: number;
  baselineRss: number;
  peakRss: number;
  /** Buffers outside the heap (what waits in streams: XML for the compressor, bytes for the download). */
  baselineBuffers: number;
  peakBuffers: number;
  samples: number;
}

/** Downloads the export into a file while sampling memory; then reads the file back. */
async function exportOnce(cookie: string, rows: number): Promise<Run> {
  gc?.();
  gc?.();
  const base = process.memoryUsage();
  let peakHeap = base.heapUsed;
  let peakRss = base.rss;
  let peakBuffers = base.arrayBuffers;
  let samples = 0;
  let liveHeap = base.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
    peakBuffers = Math.max(peakBuffers, m.arrayBuffers);
    samples++;
  }, SAMPLE_MS);
  // What the export keeps alive: the heap right after a full collection, once a second.
  const collector = setInterval(() => {
    gc?.();
    liveHeap = Math.max(liveHeap, process.memoryUsage().heapUsed);
  }, GC_MS);
  const file = join(work, `export-${rows}.xlsx`);
  const started = performance.now();
  try {
    const res = await fetch(`${origin}${exportAgentInfoPage.path}`, { headers: { cookie } });
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || !type.includes('spreadsheetml') || !res.body)
      throw new Error(`export answered ${res.status} ${type}: ${await res.text()}`);
    await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), createWriteStream(file));
  } finally {
    clearInterval(sampler);
    clearInterval(collector);
  }
  const seconds = (performance.now() - started) / 1000;

  // Read back, row by row: the header, then one row per agent.
  let rowsRead = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {});
  for await (const sheet of reader) {
    for await (const row of sheet) {
      if (row.number === 1) {
        const headers = (row.values as unknown[]).slice(1);
        const expected = AGENT_EXPORT_COLUMNS.map((c) => c.header);
        if (JSON.stringify(headers) !== JSON.stringify(expected))
          throw new Error(`unexpected header row ${JSON.stringify(headers)}`);
      } else rowsRead++;
    }
  }
  const fileMb = mb(statSync(file).size);
  rmSync(file);
  return {
    rows,
    seconds,
    fileMb,
    rowsRead,
    baselineHeap: base.heapUsed,
    peakHeap,
    liveHeap,
    baselineRss: base.rss,
    peakRss,
    baselineBuffers: base.arrayBuffers,
    peakBuffers,
    samples,
  };
}

await recreateDatabase();
const config = loadConfig(env);
const open = await openDatabase(config);
let app: FastifyInstance | null = null;
let failed = false;
try {
  await seedDemoWorld(open.db, open.services);
  app = await buildApp({ db: open.db, config });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const cookie = await signIn();
  const runs: Run[] = [];
  for (const size of SIZES) {
    const have = await listRows(cookie);
    if (have < size) await seed(size - have);
    const rows = await listRows(cookie);
    // A warm-up export of the first size: the code paths are compiled before anything is measured.
    if (runs.length === 0) await exportOnce(cookie, rows);
    const run = await exportOnce(cookie, rows);
    runs.push(run);
    console.log(
      `${rows} rows: ${run.seconds.toFixed(1)} s, ${run.fileMb} MB, peak heap +${mb(run.peakHeap - run.baselineHeap)} MB, ` +
        `live +${mb(run.liveHeap - run.baselineHeap)} MB`,
    );
    if (run.rowsRead !== rows) {
      console.error(`the file holds ${run.rowsRead} rows, the list ${rows}`);
      failed = true;
    }
  }
  console.log(
    `\nthe export of the operator's agent list, memory of this process sampled every ${SAMPLE_MS} ms`,
  );
  console.table(
    runs.map((r) => ({
      rows: r.rows,
      'rows read back': r.rowsRead,
      seconds: Number(r.seconds.toFixed(1)),
      'file MB': r.fileMb,
      'heap before MB': mb(r.baselineHeap),
      'heap peak MB': mb(r.peakHeap),
      'heap +MB': mb(r.peakHeap - r.baselineHeap),
      'live heap +MB': mb(r.liveHeap - r.baselineHeap),
      'buffers +MB': mb(r.peakBuffers - r.baselineBuffers),
      'rss before MB': mb(r.baselineRss),
      'rss peak MB': mb(r.peakRss),
      'rss +MB': mb(r.peakRss - r.baselineRss),
      samples: r.samples,
    })),
  );
  const [first] = runs;
  const last = runs[runs.length - 1];
  if (first && last && runs.length > 1) {
    const growth = (r: Run) => ({
      peak: r.peakHeap - r.baselineHeap,
      live: r.liveHeap - r.baselineHeap,
      buffers: r.peakBuffers - r.baselineBuffers,
    });
    const small = growth(first);
    const large = growth(last);
    const ok =
      large.peak <= small.peak * GOAL_FACTOR + MARGIN_MB * MB && large.live <= small.live + MARGIN_MB * MB;
    console.log(
      `heap above the baseline, ${first.rows} → ${last.rows} rows: peak ${mb(small.peak)} → ${mb(large.peak)} MB, ` +
        `live ${mb(small.live)} → ${mb(large.live)} MB, buffers ${mb(small.buffers)} → ${mb(large.buffers)} MB: ` +
        (ok ? 'does not grow with the rows' : 'GROWS with the rows'),
    );
    if (!ok) failed = true;
  }
} finally {
  await app?.close();
  await open.close();
  rmSync(work, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
