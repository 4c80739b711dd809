/**
 * `npm run bench:start`: how long a first start takes on a fresh embedded database (migrations, the
 * demo world, and its 90 days of traffic through the ingestion service), against a start with the
 * demo agents but no traffic (`DEMO_TRAFFIC=none`) and one with no demo at all (`DEMO_SEED=false`),
 * `BENCH_RUNS` times each (default 3). Issue 9's goal: the full first start ≤ 30 s on PGlite.
 */
import { median, startServer } from './server';

const PORT = Number(process.env.BENCH_PORT ?? 18091);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function measure(label: string, env: Record<string, string>): Promise<number> {
  const times: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const server = await startServer(PORT, env);
    times.push(server.readyAfterMs);
    console.log(`${label} run ${run}: ready after ${server.readyAfterMs} ms`);
    await server.stop();
  }
  return median(times);
}

const full = await measure('first start with demo world and full traffic', { DEMO_TRAFFIC: 'full' });
const agentsOnly = await measure('first start with demo world, no traffic', { DEMO_TRAFFIC: 'none' });
const bare = await measure('first start without demo world', { DEMO_SEED: 'false' });
console.log(
  `\nmedian first start: ${full} ms with the demo world and its traffic, ${agentsOnly} ms with the demo agents only, ${bare} ms without`,
);
console.log(
  `demo traffic costs about ${full - agentsOnly} ms, the demo agents about ${agentsOnly - bare} ms`,
);
console.log(full <= 30_000 ? 'goal met: ≤ 30 s' : `goal missed: ${(full / 1000).toFixed(1)} s > 30 s`);
