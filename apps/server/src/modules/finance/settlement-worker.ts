import { setTimeout as sleep } from 'node:timers/promises';
import { loggableError } from '../../shared/loggable-error';
import type { RequestActivity } from '../../shared/request-activity';
import type { StatsService } from '../stats/stats.service';
import type { FinanceService } from './finance.service';
import type { SettlementService } from './settlement.service';

export const DEFAULT_SETTLE_INTERVAL_MS = 15_000;
/**
 * Orders per transaction of the worker. With PGlite (one connection) a request's queries wait for
 * the batch under way, and a request runs a few queries one after the other: a small batch and a
 * pause between two keep a request's wait near one batch (about 0.1 s on the 2-core machine)
 * during a long catch-up, instead of several (0.7-0.9 s each call with batches of 200 and no pause,
 * measured at the first start, docs/benchmarks.md).
 */
export const WORKER_BATCH = 50;
/** The pause between two batches of one drain: the requests that waited run their queries. */
export const WORKER_PAUSE_MS = 30;
/**
 * With `requests` (PGlite): after the pause, a batch waits until the console's requests have been
 * quiet this long, so that a page being loaded (a burst of script and API requests) is served
 * between two batches rather than behind them...
 */
export const WORKER_QUIET_MS = 250;
/** ...but never longer than this: a console in constant use still lets the work go on. */
export const WORKER_MAX_YIELD_MS = 2_000;
/** A month of the summary statistics is counted again at most this often (`StatsService.refresh`). */
export const STATS_MONTH_EVERY_MS = 60_000;

export interface SettleWorkerLog {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
}

/**
 * Drains the settlement queue in the background (and first, each round, opens the new China days
 * of the income running totals: `finance.openDays`, which reads nothing once today is open): once the server listens (the first start's
 * history settles after the server is up), every `intervalMs`, and when woken (ingestion, after a batch commits).
 * One drain at a time per process; a wake during a drain runs one more after it. Several
 * processes may run one each (the queue is claimed with SKIP LOCKED). `stop()` waits for the
 * drain under way, so the database can close after it.
 */
export function createSettlementWorker(
  settlement: Pick<SettlementService, 'drain'>,
  log: SettleWorkerLog,
  {
    intervalMs = DEFAULT_SETTLE_INTERVAL_MS,
    finance,
    stats,
    requests,
  }: {
    intervalMs?: number;
    finance?: Pick<FinanceService, 'openDays'>;
    /** The summary statistics' catch-up, run before each drain. */
    stats?: Pick<StatsService, 'refresh'>;
    /** The console's requests, given way to between batches (WORKER_QUIET_MS; PGlite only). */
    requests?: Pick<RequestActivity, 'quietForMs'>;
  } = {},
) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let started = false;
  let stopped = false;

  /**
   * The pause between two batches of a drain (WORKER_PAUSE_MS): with PGlite the database runs on
   * this thread and has one connection, so requests are served between the batches of a long
   * catch-up (the demo history at a first start); with `requests`, it also waits for them to be
   * quiet (WORKER_QUIET_MS, at most WORKER_MAX_YIELD_MS). Answers whether to go on.
   */
  const pause = async (): Promise<boolean> => {
    await sleep(WORKER_PAUSE_MS);
    const since = performance.now();
    while (requests && !stopped && performance.now() - since < WORKER_MAX_YIELD_MS) {
      const quiet = requests.quietForMs();
      if (quiet >= WORKER_QUIET_MS) break;
      await sleep(Math.min(WORKER_QUIET_MS - quiet, WORKER_MAX_YIELD_MS - (performance.now() - since)) + 1);
    }
    return !stopped;
  };

  /** The summary statistics' catch-up round, paused between its periods as a drain is. */
  async function refreshStats(): Promise<void> {
    if (!stats || stopped) return;
    const t0 = performance.now();
    try {
      const r = await stats.refresh({ between: pause, monthEveryMs: STATS_MONTH_EVERY_MS });
      if (r.periods > 0)
        log.info(
          { ...r, ms: Math.round(performance.now() - t0) },
          `counted ${r.periods} periods of the summary statistics again`,
        );
    } catch (err) {
      log.warn({ err: loggableError(err) }, 'summary statistics catch-up failed');
    }
  }

  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    const t0 = performance.now();
    const opened = finance
      ? finance.openDays().then(
          (carried) => {
            if (carried > 0) log.info({ carried }, `opened the new days' income totals of ${carried} agents`);
          },
          (err: unknown) => log.warn({ err: loggableError(err) }, 'opening the income days failed'),
        )
      : Promise.resolve();
    // The summary statistics first: at a first start their counts show before the history has
    // settled (minutes on PGlite); the shares a drain books are counted by the next round.
    running = opened
      .then(() => refreshStats())
      .then(() => settlement.drain({ limit: WORKER_BATCH, between: pause }))
      .then(
        (r) => {
          if (r.claimed > 0)
            log.info(
              { ...r, ms: Math.round(performance.now() - t0) },
              `settled ${r.claimed} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
            );
        },
        (err: unknown) => {
          log.warn({ err: loggableError(err) }, 'settlement drain failed');
        },
      )
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void drain();
        }
      });
    return running;
  }

  return {
    start(): void {
      if (started || stopped) return;
      started = true;
      timer = setInterval(() => void drain(), intervalMs);
      timer.unref();
      void drain();
    },
    /** Settles soon (ingestion calls it after a batch commits); nothing before `start`. */
    wake(): void {
      if (started && !stopped) void drain();
    },
    drain,
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type SettlementWorker = ReturnType<typeof createSettlementWorker>;
