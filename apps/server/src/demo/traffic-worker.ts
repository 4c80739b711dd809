import { parentPort } from 'node:worker_threads';
import { loadRegions } from '../modules/regions/region-tree';
import { type TrafficBatch, type TrafficBatchesInput, trafficBatches } from './traffic-batches';

/**
 * The worker thread of the demo history (seed-demo-traffic.ts): given the input, it makes the
 * next batch each time it is asked, so it checks batch n + 1 while the server's thread writes
 * batch n. Messages in: the input once, then 'next'; out: a batch, or null when there are no more.
 */
const port = parentPort;
if (!port) throw new Error('traffic-worker.ts runs as a worker thread');
let batches: Generator<TrafficBatch> | null = null;
port.on('message', (message: TrafficBatchesInput | 'next') => {
  if (message !== 'next') {
    batches = trafficBatches(message, loadRegions());
    return;
  }
  if (!batches) throw new Error('traffic-worker.ts: asked for a batch before its input');
  const next = batches.next();
  port.postMessage(next.done ? null : next.value);
});
