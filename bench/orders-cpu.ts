/**
 * `npm run bench:orders-cpu [-- --calls 300]`: what one 订单明细 call costs the server's process in
 * CPU, on the `bench_orders` database that `npm run bench:orders` builds (1,000,000 orders; run it
 * first). One client calls each call `--calls` times one after the other (after 30 warm-up calls),
 * as the level 1 and the level 4 agent of the demo chain, through the real app (`buildApp`,
 * `app.inject`), and prints the process's CPU time per call (`process.cpuUsage`: user and system;
 * the reply is only checked for its code, not parsed) beside the wall time. Ten clients at once
 * queue on one event loop, so the CPU per call is what decides the p99 of `bench:orders`: about
 * ten times it, plus the database's time. `PHONES` and `ONLY` (a call's name) narrow the run, e.g.
 * for `node --cpu-prof --import tsx orders-cpu.ts`.
 */
import {
  defaultRange,
  formatDateTime,
  queryAgentInfo,
  queryOrderBarPage,
  totalOrderBarRecord,
} from '@agent-console/contract';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { signIn } from './lib/calls';
import { openDatabase } from './lib/database';

const url = new URL(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
url.pathname = '/bench_orders';
const config = loadConfig({
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  DEMO_SEED: 'false',
  WEB_DIST: '/nonexistent',
  DATA_KEY: Buffer.alloc(32, 3).toString('base64'),
  DATABASE_URL: url.toString(),
});
const i = process.argv.indexOf('--calls');
const CALLS = i < 0 ? 300 : Number(process.argv[i + 1]);
if (!Number.isInteger(CALLS) || CALLS < 1) throw new Error('--calls takes a positive whole number');

const open = await openDatabase(config);
const app = await buildApp({ db: open.db, config });
const [start, end] = defaultRange(new Date());
const list = { timeType: '10', startTime: formatDateTime(start), endTime: formatDateTime(end) };
const calls = [
  { name: 'agent info', path: queryAgentInfo.path, body: {} },
  { name: 'list page 1', path: queryOrderBarPage.path, body: { ...list, pageNum: 1, pageSize: 30 } },
  { name: 'list page 50', path: queryOrderBarPage.path, body: { ...list, pageNum: 50, pageSize: 30 } },
  { name: 'totals', path: totalOrderBarRecord.path, body: list },
].filter((c) => !process.env.ONLY || c.name === process.env.ONLY);
const ms = (micros: number) => (micros / 1000 / CALLS).toFixed(2);
try {
  for (const phone of (process.env.PHONES ?? '13800000001,13800000004').split(',')) {
    const cookie = await signIn(app, phone);
    for (const call of calls) {
      const once = async () => {
        const res = await app.inject({
          method: 'POST',
          url: call.path,
          payload: call.body,
          headers: { 'content-type': 'application/json', cookie },
        });
        if (!res.body.includes('"responseCode":"0000"'))
          throw new Error(`${call.name}: ${res.body.slice(0, 200)}`);
      };
      for (let n = 0; n < 30; n++) await once();
      const cpu = process.cpuUsage();
      const started = performance.now();
      for (let n = 0; n < CALLS; n++) await once();
      const used = process.cpuUsage(cpu);
      const wall = (performance.now() - started) / CALLS;
      console.log(
        `${phone} ${call.name.padEnd(12)} CPU ${ms(used.user + used.system)} ms a call (user ${ms(used.user)}, system ${ms(used.system)}), wall ${wall.toFixed(2)} ms`,
      );
    }
  }
} finally {
  await app.close();
  await open.close();
}
