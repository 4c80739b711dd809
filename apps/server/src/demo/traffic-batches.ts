import { type CheckedEvent, validateEvent } from '../modules/ingest/ingest.service';
import type { Regions } from '../modules/regions/region-tree';
import { buildWorld, type TrafficAgent, trafficDays } from './traffic';

/** What a run of the demo history is made of: the world's seed and parties, its days, its volume. */
export interface TrafficBatchesInput {
  seed: number;
  agents: readonly TrafficAgent[];
  gameIds: readonly number[];
  /** China days 'YYYY-MM-DD', oldest first. */
  days: readonly string[];
  ordersPerDay: number;
  /** The instant the history ends (ISO 8601): nothing later is sent. */
  now: string;
  /** Events per batch (the last one may have fewer). */
  batchSize: number;
}

/** One call's worth of the demo history: its events checked, and the days completed with it. */
export interface TrafficBatch {
  events: CheckedEvent[];
  days: { day: string; events: number; orders: number }[];
}

/**
 * The demo history as batches for `ingestChecked`: the days of traffic.ts joined and cut into
 * batches of `batchSize` events, each event checked by the ingestion's own `validateEvent`. Pure
 * and deterministic, so it gives the same batches on any thread (seed-demo-traffic.ts runs it on a
 * worker, traffic-worker.ts).
 */
export function* trafficBatches(input: TrafficBatchesInput, regions: Regions): Generator<TrafficBatch> {
  const world = buildWorld({ seed: input.seed, agents: input.agents, gameIds: input.gameIds, regions });
  let waiting: CheckedEvent[] = [];
  let days: TrafficBatch['days'] = [];
  for (const day of trafficDays(world, input.days, input.ordersPerDay, new Date(input.now))) {
    for (const e of day.events) waiting.push(validateEvent(e));
    days.push({ day: day.day, events: day.events.length, orders: day.orders });
    while (waiting.length >= input.batchSize) {
      yield { events: waiting.slice(0, input.batchSize), days };
      waiting = waiting.slice(input.batchSize);
      days = [];
    }
  }
  if (waiting.length > 0 || days.length > 0) yield { events: waiting, days };
}
