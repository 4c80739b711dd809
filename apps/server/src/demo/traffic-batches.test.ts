import { describe, expect, it } from 'vitest';
import { validateEvent } from '../modules/ingest/ingest.service';
import { loadRegions } from '../modules/regions/region-tree';
import { TrafficWorker } from './seed-demo-traffic';
import { buildWorld, demoTrafficAgents, lastDays, trafficDays } from './traffic';
import { type TrafficBatch, type TrafficBatchesInput, trafficBatches } from './traffic-batches';

/**
 * The demo history in batches (traffic-batches.ts): the days of traffic.ts, in their order, cut
 * into batches of the size asked, each event as `validateEvent` leaves it; and the same batches
 * from the worker thread the first start uses (traffic-worker.ts).
 */

const regions = loadRegions();
const now = new Date('2026-11-20T10:30:00+08:00');
const input: TrafficBatchesInput = {
  seed: 7,
  agents: demoTrafficAgents(regions),
  gameIds: [1, 2, 3, 4],
  days: lastDays(now, 3),
  ordersPerDay: 150,
  now: now.toISOString(),
  batchSize: 250,
};

describe('the demo history in batches', () => {
  const batches = [...trafficBatches(input, regions)];

  it('is the days of traffic.ts in their order, each event checked by validateEvent', () => {
    const world = buildWorld({ seed: input.seed, agents: input.agents, gameIds: input.gameIds, regions });
    const days = [...trafficDays(world, input.days, input.ordersPerDay, now)];
    const events = days.flatMap((d) => d.events);
    expect(events.length).toBeGreaterThan(3 * input.batchSize);
    expect(batches.flatMap((b) => b.events)).toEqual(events.map((e) => validateEvent(e)));
    expect(batches.flatMap((b) => b.events).every((e) => e.ok)).toBe(true);
    // Each day is reported once, with its own counts, in the batch that completes it.
    expect(batches.flatMap((b) => b.days)).toEqual(
      days.map((d) => ({ day: d.day, events: d.events.length, orders: d.orders })),
    );
  });

  it('cuts batches of the size asked, the last one with what is left', () => {
    const sizes = batches.map((b) => b.events.length);
    expect(sizes.slice(0, -1).every((n) => n === input.batchSize)).toBe(true);
    expect(sizes.at(-1)).toBeGreaterThan(0);
    expect(sizes.at(-1)).toBeLessThanOrEqual(input.batchSize);
  });

  it('comes the same from the worker thread, one batch at a time, then null', async () => {
    const worker = new TrafficWorker();
    try {
      worker.start(input);
      const got: TrafficBatch[] = [];
      for (let batch = await worker.next(); batch; batch = await worker.next()) got.push(batch);
      expect(got).toEqual(batches);
    } finally {
      await worker.close();
    }
    await expect(worker.next()).rejects.toThrow('closed');
  });

  it('passes the worker’s failure on, rather than waiting for a batch that never comes', async () => {
    const worker = new TrafficWorker();
    try {
      // No agent to sign a net bar: the world cannot be made.
      worker.start({ ...input, agents: [] });
      await expect(worker.next()).rejects.toBeInstanceOf(Error);
    } finally {
      await worker.close();
    }
  });
});
