import { afterEach, describe, expect, it } from 'vitest';
import { createRequestActivity } from '../../shared/request-activity';
import {
  createSettlementWorker,
  WORKER_MAX_YIELD_MS,
  WORKER_PAUSE_MS,
  WORKER_QUIET_MS,
} from './settlement-worker';

/**
 * The background work gives way to the console's requests on PGlite (the database runs on the
 * server's thread): the pause between two batches lasts until the requests have been quiet for
 * WORKER_QUIET_MS, and never longer than WORKER_MAX_YIELD_MS. Real timers: the bounds are what is tested.
 */

const log = { info: () => {}, warn: () => {} };
const NONE = { claimed: 0, booked: 0, reversed: 0, deferred: 0 };
/** Timers fire late on a loaded machine: the upper bounds leave it room. */
const SLACK_MS = 400;

/** A drain of one batch that measures its pause: how long `between` took, and its answer. */
function oneBatch() {
  const seen: { ms: number; goOn: boolean }[] = [];
  return {
    seen,
    settlement: {
      async drain({ between }: { between?: () => Promise<boolean> } = {}) {
        const t0 = performance.now();
        const goOn = between ? await between() : true;
        seen.push({ ms: performance.now() - t0, goOn });
        return NONE;
      },
    },
  };
}

let stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.map((stop) => stop()));
  stops = [];
});

function worker(settlement: ReturnType<typeof oneBatch>['settlement'], requests?: { quietForMs(): number }) {
  const w = createSettlementWorker(settlement, log, {
    intervalMs: 60_000,
    ...(requests ? { requests } : {}),
  });
  stops.push(() => w.stop());
  return w;
}

describe('the settlement worker between two batches', () => {
  it('pauses only WORKER_PAUSE_MS when no request came (and without request activity: PostgreSQL)', async () => {
    for (const requests of [createRequestActivity(), undefined]) {
      const run = oneBatch();
      await worker(run.settlement, requests).drain();
      expect(run.seen).toHaveLength(1);
      expect(run.seen[0]?.goOn).toBe(true);
      expect(run.seen[0]?.ms).toBeGreaterThanOrEqual(WORKER_PAUSE_MS - 2);
      expect(run.seen[0]?.ms).toBeLessThan(WORKER_PAUSE_MS + SLACK_MS);
    }
  });

  it('waits until the requests have been quiet for WORKER_QUIET_MS', async () => {
    const requests = createRequestActivity();
    const run = oneBatch();
    const w = worker(run.settlement, requests);
    // A page load: requests for 300 ms, one every 50 ms.
    requests.note();
    const burst = setInterval(() => requests.note(), 50);
    setTimeout(() => clearInterval(burst), 300);
    const t0 = performance.now();
    await w.drain();
    expect(performance.now() - t0).toBeGreaterThanOrEqual(300 + WORKER_QUIET_MS - 60);
    expect(run.seen[0]?.ms).toBeLessThan(300 + WORKER_QUIET_MS + SLACK_MS);
    expect(run.seen[0]?.goOn).toBe(true);
  });

  it('goes on after WORKER_MAX_YIELD_MS when requests never stop', async () => {
    const run = oneBatch();
    await worker(run.settlement, { quietForMs: () => 0 }).drain();
    expect(run.seen[0]?.ms).toBeGreaterThanOrEqual(WORKER_PAUSE_MS + WORKER_MAX_YIELD_MS - 5);
    expect(run.seen[0]?.ms).toBeLessThan(WORKER_PAUSE_MS + WORKER_MAX_YIELD_MS + SLACK_MS);
    expect(run.seen[0]?.goOn).toBe(true);
  });

  it('stops waiting when the worker stops, and answers to stop the drain', async () => {
    const run = oneBatch();
    const w = worker(run.settlement, { quietForMs: () => 0 });
    const drained = w.drain();
    await new Promise((resolve) => setTimeout(resolve, WORKER_PAUSE_MS + 50));
    const t0 = performance.now();
    await w.stop();
    await drained;
    expect(performance.now() - t0).toBeLessThan(WORKER_QUIET_MS + SLACK_MS);
    expect(run.seen[0]?.goOn).toBe(false);
  });
});
