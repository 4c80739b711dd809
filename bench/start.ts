/**
 * `npm run bench:start`: how long a first start takes on a fresh embedded database (migrations and
 * the demo world) against a start with the demo seed switched off, three times each.
 */
import { median, startServer } from './server';

const PORT = Number(process.env.BENCH_PORT ?? 18091);
const RUNS = 3;

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

const seeded = await measure('first start with demo world', {});
const bare = await measure('first start without demo world', { DEMO_SEED: 'false' });
console.log(`\nmedian first start: ${seeded} ms with the demo world, ${bare} ms without`);
console.log(`demo world seeding costs about ${seeded - bare} ms`);
