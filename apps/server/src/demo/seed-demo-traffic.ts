import type { IngestEvent } from '@agent-console/contract';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { withDeferredIndexes } from '../db/deferred-indexes';
import { orders } from '../db/schema/orders';
import type { Services } from '../services';
import { buildWorld, demoTrafficAgents, lastDays, type TrafficAgent, trafficDays } from './traffic';

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
  options: { log?: (line: string) => void } = {},
): Promise<DemoTrafficReport> {
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
  let waiting: IngestEvent[] = [];
  const send = async (all: boolean) => {
    while (waiting.length >= DEMO_TRAFFIC_BATCH || (all && waiting.length > 0)) {
      const batch = waiting.slice(0, DEMO_TRAFFIC_BATCH);
      waiting = waiting.slice(batch.length);
      for (const r of await services.ingest.ingest(DEMO_TRAFFIC_KEY_ID, batch))
        report.outcomes[r.outcome] = (report.outcomes[r.outcome] ?? 0) + 1;
    }
  };
  await withDeferredIndexes(db, [orders], async () => {
    for (const day of trafficDays(world, lastDays(now, days), ordersPerDay, now)) {
      waiting.push(...day.events);
      await send(false);
      report.days++;
      report.events += day.events.length;
      report.orders += day.orders;
      options.log?.(`demo traffic ${day.day}: ${day.events.length} events, ${day.orders} orders`);
    }
    await send(true);
  });
  report.seeded = true;
  report.ms = Date.now() - started;
  return report;
}
