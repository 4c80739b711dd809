import { Worker } from 'node:worker_threads';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { withDeferredIndexes } from '../db/deferred-indexes';
import { orders } from '../db/schema/orders';
import type { Services } from '../services';
import { buildWorld, demoTrafficAgents, lastDays, type TrafficAgent } from './traffic';
import type { TrafficBatch, TrafficBatchesInput } from './traffic-batches';

/** The key id the demo traffic is ingested under (ingest_events.key_id). */
export const DEMO_TRAFFIC_KEY_ID = 'demo-traffic';
/** The seed of the demo world's traffic (the simulator's default: its days replay as duplicates). */
export const DEMO_TRAFFIC_SEED = 1;

/** How much history each DEMO_TRAFFIC mode makes: days ending today, orders on an average day. */
export const DEMO_TRAFFIC_VOLUME = {
  full: { days: 90, ordersPerDay: 1150 },
  small: { days: 7, ordersPerDay: 120 },
} as const;

/**
 * Events per call of the ingestion service (the API's own limit is 1,000 per request): days are
 * joined into batches of this size (a day of the full history is about 1,900 events), since what
 * a batch costs beyond its rows (the lookups of every net bar and channel it names, the statements
 * and their triggers, the commit) is paid once per batch.
 */
export const DEMO_TRAFFIC_BATCH = 10_000;

export interface DemoTrafficReport {
  seeded: boolean;
  days: number;
  events: number;
  orders: number;
  outcomes: Record<string, number>;
  ms: number;
}

/**
 * The demo world's history, fed through the ingestion service in-process (the route's code path
 * minus HTTP): the generator of traffic.ts over the demo agents, `days` days ending today. Once:
 * when the world's first event comes back a duplicate, the traffic is there already. The orders'
 * secondary indexes are built once after the load rather than row by row during it
 * (db/deferred-indexes.ts: PGlite, into an empty table).
 */
export async function seedDemoTraffic(
  db: Database,
  services: Services,
  mode: Config['demoTraffic'],
  options: {
    log?: (line: string) => void;
    /** A worker started earlier (its code loads while the database starts); closed here. */
    worker?: TrafficWorker;
  } = {},
): Promise<DemoTrafficReport> {
  let batches = options.worker;
  try {
    const started = Date.now();
    const report: DemoTrafficReport = { seeded: false, days: 0, events: 0, orders: 0, outcomes: {}, ms: 0 };
    if (mode === 'none') return report;
    const { days, ordersPerDay } = DEMO_TRAFFIC_VOLUME[mode];
    const { regions, clock } = services;
    // The demo agents with the ids the seed gave them, as stored now (their level and areas).
    const computed = demoTrafficAgents(regions);
    const stored = await services.agents.findActiveByIds(computed.map((a) => a.id));
    const agents: TrafficAgent[] = stored.map((a) => ({ id: a.id, level: a.agentLevel, areas: a.areaInfo }));
    const gameIds = (await services.games.list()).map((g) => g.id);
    const world = buildWorld({ seed: DEMO_TRAFFIC_SEED, agents, gameIds, regions });
    const [first] = world.events;
    if (!first || gameIds.length === 0) return report;
    const [probe] = await services.ingest.ingest(DEMO_TRAFFIC_KEY_ID, [first]);
    if (probe?.outcome === 'duplicate') return { ...report, ms: Date.now() - started };
    const now = clock();
    const source = batches ?? new TrafficWorker();
    batches = source;
    source.start({
      seed: DEMO_TRAFFIC_SEED,
      agents,
      gameIds,
      days: lastDays(now, days),
      ordersPerDay,
      now: now.toISOString(),
      batchSize: DEMO_TRAFFIC_BATCH,
    });
    await withDeferredIndexes(db, [orders], async () => {
      for (let batch = await source.next(); batch; ) {
        // The worker checks the next batch while this one is written.
        const following = source.next();
        following.catch(() => {}); // awaited below, unless this batch fails first
        for (const day of batch.days) {
          report.days++;
          report.events += day.events;
          report.orders += day.orders;
          options.log?.(`demo traffic ${day.day}: ${day.events} events, ${day.orders} orders`);
        }
        for (const r of await services.ingest.ingestChecked(DEMO_TRAFFIC_KEY_ID, batch.events))
          report.outcomes[r.outcome] = (report.outcomes[r.outcome] ?? 0) + 1;
        batch = await following;
      }
    });
    report.seeded = true;
    report.ms = Date.now() - started;
    return report;
  } finally {
    await batches?.close();
  }
}

/**
 * The demo history's batches from a worker thread (traffic-worker.ts, loaded with tsx as the server
 * is): generating and validating the events there takes about a tenth of the first start
 * off the thread that writes them (docs/benchmarks.md). One batch is asked for at a time.
 */
export class TrafficWorker {
  private readonly worker: Worker;
  private waiting: { resolve: (batch: TrafficBatch | null) => void; reject: (err: unknown) => void } | null =
    null;
  private failed: unknown = null;
  private closed = false;

  /** Starts the thread: its code loads until `start` gives it the input. */
  constructor() {
    // Node 20 does not apply a loader given by `--import` to a worker's entry: the worker registers
    // tsx itself, then imports its TypeScript entry.
    const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
    const entry = JSON.stringify(new URL('./traffic-worker.ts', import.meta.url).href);
    this.worker = new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${entry}); })`, {
      eval: true,
    });
    this.worker.on('message', (batch: TrafficBatch | null) => {
      const waiting = this.waiting;
      this.waiting = null;
      waiting?.resolve(batch);
    });
    const fail = (err: unknown) => {
      this.failed ??= err;
      const waiting = this.waiting;
      this.waiting = null;
      waiting?.reject(err);
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the demo traffic worker stopped (exit code ${code})`)));
  }

  /** What to make: the batches come one by one from `next`. */
  start(input: TrafficBatchesInput): void {
    this.worker.postMessage(input);
  }

  /** The next batch, or null after the last. */
  next(): Promise<TrafficBatch | null> {
    if (this.failed) return Promise.reject(this.failed);
    if (this.waiting) return Promise.reject(new Error('one batch at a time'));
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.worker.postMessage('next');
    });
  }

  /** Stops the thread (again: no effect). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.failed ??= new Error('closed');
    await this.worker.terminate();
  }
}
