import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import type { Clock } from '../../shared/clock';
import { loggableError } from '../../shared/loggable-error';
import type { OutboxRepository, OutboxRow } from './outbox.repository';

/** What a handler is told about the delivery it makes. */
export interface DeliveryContext {
  /** The same on every attempt of this row: the receiver does the effect once (e.g. `Idempotency-Key`). */
  idempotencyKey: string;
  /** 1 for the first attempt. */
  attempt: number;
}

/**
 * Delivers the rows of one topic. It runs outside any transaction, after the commit; it throws
 * when the effect did not happen (the row is then retried or given up).
 */
export interface OutboxHandler<P> {
  /** The payload as the writer gives it and as it is read back (JSON in between). */
  payload: z.ZodType<P>;
  deliver(payload: P, context: DeliveryContext): Promise<void>;
}

export interface OutboxMessage<P> {
  topic: string;
  /** Unique across all topics; writing the same key again answers the row already there. */
  idempotencyKey: string;
  payload: P;
  /** Still pending then: expired instead of delivered. */
  expiresAt?: Date | null;
}

/** A written row, handed back to its writer so it can deliver it after the commit. */
export interface OutboxJob {
  readonly id: number;
  readonly topic: string;
  readonly idempotencyKey: string;
}

/**
 * `sent`: delivered now. `retry`: failed, pending for the dispatcher. `failed`: failed and given
 * up. `expired`: too late to deliver. `taken`: someone else (the dispatcher) has it or had it.
 */
export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'expired' | 'taken';

export interface OutboxPolicy {
  /** How long an attempt (or the writer, between its commit and its own attempt) holds a row. */
  leaseMs: number;
  /** Attempts in all before a row is failed. */
  maxAttempts: number;
  /** Wait before the 2nd attempt; doubled for each next one, up to `maxDelayMs`, with ±25 % jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Rows taken per dispatcher round. */
  batchSize: number;
  /** Done rows (sent, failed, expired) are deleted this long after. */
  keepDoneMs: number;
}

export const DEFAULT_OUTBOX_POLICY: OutboxPolicy = {
  leaseMs: 60_000,
  maxAttempts: 8,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  batchSize: 20,
  keepDoneMs: 7 * 24 * 60 * 60_000,
};

export interface OutboxLog {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
}

export interface DispatchReport {
  sent: number;
  retried: number;
  failed: number;
  expired: number;
}

/** Batches per dispatcher round at most; a longer backlog waits for the next round. */
const MAX_ROUNDS = 50;

/**
 * The error text kept in `last_error` and logged: the message (and a driver's code) only, never a
 * stack, a payload or a failed query's parameters.
 */
function errorText(err: unknown): string {
  const { code, message, type } = loggableError(err);
  return [code, message ?? type]
    .filter((part) => typeof part === 'string' && part)
    .join(' ')
    .slice(0, 500);
}

/**
 * The outbox: external effects are written in the transaction that decides them (`enqueue`, which
 * takes the `Tx`) and delivered after the commit, by their writer (`deliver`) and, for whatever is
 * left pending (a crash, a retry), by the dispatcher (`dispatchDue`). No delivery runs inside a
 * transaction, so no network call is made while a lock is held.
 */
export function createOutboxService(deps: {
  db: Database;
  repo: OutboxRepository;
  clock: Clock;
  log: OutboxLog;
  policy?: Partial<OutboxPolicy>;
}) {
  const { db, repo, clock, log } = deps;
  const policy: OutboxPolicy = { ...DEFAULT_OUTBOX_POLICY, ...deps.policy };
  const handlers = new Map<string, OutboxHandler<unknown>>();

  const handlerOf = (topic: string) => {
    const handler = handlers.get(topic);
    if (!handler) throw new Error(`no outbox handler for topic ${topic}`);
    return handler;
  };
  const later = (now: Date, ms: number) => new Date(now.getTime() + ms);
  const backoff = (attempts: number) => {
    const ms = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1));
    return Math.round(ms * (0.75 + Math.random() * 0.5));
  };

  /** One attempt on a claimed row; `retry: false` gives it up at the first failure. */
  async function attempt(row: OutboxRow, retry: boolean): Promise<Exclude<DeliveryOutcome, 'taken'>> {
    const now = clock();
    const where = { outbox: { id: row.id, topic: row.topic, attempt: row.attempts } };
    if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) {
      await repo.finish(row.id, 'expired', now);
      log.info(where, 'outbox message expired before it could be delivered');
      return 'expired';
    }
    try {
      const handler = handlerOf(row.topic);
      await handler.deliver(handler.payload.parse(row.payload), {
        idempotencyKey: row.idempotencyKey,
        attempt: row.attempts,
      });
    } catch (err) {
      const error = errorText(err);
      const done = clock();
      if (!retry || row.attempts >= policy.maxAttempts) {
        await repo.finish(row.id, 'failed', done, error);
        log.warn({ ...where, error }, 'outbox delivery failed: given up');
        return 'failed';
      }
      await repo.retryLater(row.id, later(done, backoff(row.attempts)), done, error);
      log.warn({ ...where, error }, 'outbox delivery failed: will retry');
      return 'retry';
    }
    await repo.finish(row.id, 'sent', clock());
    return 'sent';
  }

  function assertNoTransaction(what: string) {
    if (db.inTransaction()) throw new Error(`${what} runs after the commit, never inside a transaction`);
  }

  return {
    policy,

    /** Registers the handler of a topic (one per topic; payouts add theirs next to SMS). */
    register<P>(topic: string, handler: OutboxHandler<P>): void {
      if (handlers.has(topic)) throw new Error(`outbox topic ${topic} already has a handler`);
      handlers.set(topic, handler as OutboxHandler<unknown>);
    },

    /**
     * Writes a message in the caller's transaction. The row is the writer's for one lease: it
     * should `deliver()` it right after the commit; otherwise (a crash) the dispatcher does.
     */
    async enqueue<P>(tx: Tx, message: OutboxMessage<P>): Promise<OutboxJob> {
      const payload = handlerOf(message.topic).payload.parse(message.payload);
      const now = clock();
      const row = await repo.insert(tx, {
        topic: message.topic,
        idempotencyKey: message.idempotencyKey,
        payload,
        expiresAt: message.expiresAt ?? null,
        nextAttemptAt: later(now, policy.leaseMs),
        createdAt: now,
      });
      return { id: row.id, topic: row.topic, idempotencyKey: row.idempotencyKey };
    },

    /**
     * Delivers a written message now, after the commit of its transaction. With `retry: false`
     * (a request that answers the user with the result) a failure gives the row up; otherwise the
     * dispatcher tries again later.
     */
    async deliver(job: OutboxJob, options: { retry?: boolean } = {}): Promise<DeliveryOutcome> {
      assertNoTransaction('outbox delivery');
      const now = clock();
      const row = await repo.claimOwn(job.id, now, later(now, policy.leaseMs));
      if (!row) return 'taken';
      return attempt(row, options.retry ?? true);
    },

    /**
     * One dispatcher round: delivers the pending rows that are due (left by a crash, or waiting
     * for a retry), a batch at a time until none is left, and deletes old done rows.
     */
    async dispatchDue(): Promise<DispatchReport> {
      assertNoTransaction('the outbox dispatcher');
      const report: DispatchReport = { sent: 0, retried: 0, failed: 0, expired: 0 };
      const topics = [...handlers.keys()];
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const now = clock();
        const rows = await repo.claimDue(topics, now, later(now, policy.leaseMs), policy.batchSize);
        for (const row of rows) {
          const outcome = await attempt(row, true);
          if (outcome === 'sent') report.sent += 1;
          else if (outcome === 'retry') report.retried += 1;
          else if (outcome === 'failed') report.failed += 1;
          else report.expired += 1;
        }
        if (rows.length < policy.batchSize) break;
      }
      await repo.purgeDoneBefore(new Date(clock().getTime() - policy.keepDoneMs));
      return report;
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
