import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { type Database, rowsOf } from '../../db/client';
import { createOutboxRepository } from './outbox.repository';
import { createOutboxService, type OutboxPolicy, type OutboxService } from './outbox.service';
import { createOutboxDispatcher } from './outbox-dispatcher';

/** The outbox on both engines (server and server-pg projects), with a test topic. */
let opened: TestDatabase | null = null;
const db = (): Database => {
  if (!opened) throw new Error('not open');
  return opened.db;
};

const START = new Date('2026-03-02T02:00:00.000Z').getTime();
let now = START;
const clock = () => new Date(now);
const POLICY: Partial<OutboxPolicy> = { leaseMs: 60_000, maxAttempts: 3, baseDelayMs: 10_000, batchSize: 2 };
const silent = { info: () => {}, warn: () => {}, error: () => {} };

interface Delivery {
  key: string;
  attempt: number;
  text: string;
  inTransaction: boolean;
}
let deliveries: Delivery[] = [];
let failNext = 0;

function makeOutbox(policy: Partial<OutboxPolicy> = POLICY): OutboxService {
  const outbox = createOutboxService({
    db: db(),
    repo: createOutboxRepository(db()),
    clock,
    log: silent,
    policy,
  });
  outbox.register('test', {
    payload: z.object({ text: z.string() }),
    async deliver({ text }, { idempotencyKey, attempt }) {
      deliveries.push({ key: idempotencyKey, attempt, text, inTransaction: db().inTransaction() });
      if (failNext > 0) {
        failNext -= 1;
        throw new Error('receiver down');
      }
    },
  });
  return outbox;
}
let outbox: OutboxService;

const rows = async () =>
  rowsOf(
    await db()
      .q()
      .execute(
        sql`select idempotency_key as key, status, attempts, last_error, sent_at is not null as sent from outbox order by id`,
      ),
  );
const write = (key: string, text = key, expiresAt: Date | null = null) =>
  db().transaction((tx) =>
    outbox.enqueue(tx, { topic: 'test', idempotencyKey: key, payload: { text }, expiresAt }),
  );

beforeAll(async () => {
  opened = await openTestDatabase();
  await db().migrate();
}, 120_000);
afterAll(async () => {
  await opened?.drop();
});
beforeEach(async () => {
  await db().q().execute(sql`truncate outbox`);
  now = START;
  deliveries = [];
  failNext = 0;
  outbox = makeOutbox();
});

describe('OutboxService', () => {
  it('writes nothing when the transaction rolls back', async () => {
    await expect(
      db().transaction(async (tx) => {
        await outbox.enqueue(tx, { topic: 'test', idempotencyKey: 'k1', payload: { text: 'hello' } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rows()).toEqual([]);
    expect((await outbox.dispatchDue()).sent).toBe(0);
    expect(deliveries).toEqual([]);
  });

  it('takes the transaction as a parameter: it cannot be written outside one', () => {
    // A type error, checked by tsc: repositories that write events take a `Tx`.
    const outside = () =>
      // @ts-expect-error the plain handle is not a Tx
      outbox.enqueue(db().q(), { topic: 'test', idempotencyKey: 'k', payload: { text: '' } });
    expect(outside).toBeTypeOf('function');
  });

  it('refuses a payload its topic does not accept, and a topic without a handler', async () => {
    await expect(
      db().transaction((tx) =>
        outbox.enqueue(tx, { topic: 'test', idempotencyKey: 'k', payload: { text: 1 } }),
      ),
    ).rejects.toThrow();
    await expect(
      db().transaction((tx) => outbox.enqueue(tx, { topic: 'payout', idempotencyKey: 'k', payload: {} })),
    ).rejects.toThrow('no outbox handler for topic payout');
  });

  it('delivers after the commit, outside any transaction, with the idempotency key', async () => {
    const job = await write('k1', 'hello');
    expect(await outbox.deliver(job)).toBe('sent');
    expect(deliveries).toEqual([{ key: 'k1', attempt: 1, text: 'hello', inTransaction: false }]);
    expect(await rows()).toEqual([{ key: 'k1', status: 'sent', attempts: 1, last_error: null, sent: true }]);
    // Delivered once: neither the writer again nor the dispatcher take it.
    expect(await outbox.deliver(job)).toBe('taken');
    now += 10 * 60_000;
    expect((await outbox.dispatchDue()).sent).toBe(0);
    expect(deliveries).toHaveLength(1);
  });

  it('refuses to deliver inside a transaction: no network call while a lock is held', async () => {
    const job = await write('k1');
    await expect(db().transaction(() => outbox.deliver(job))).rejects.toThrow('never inside a transaction');
    await expect(db().transaction(() => outbox.dispatchDue())).rejects.toThrow('never inside a transaction');
    expect(deliveries).toEqual([]);
  });

  it('answers the row already there when a key is written again', async () => {
    const first = await write('k1', 'one');
    const again = await write('k1', 'two');
    expect(again.id).toBe(first.id);
    expect(await rows()).toHaveLength(1);
  });

  it("gives a failed writer's delivery up when asked not to retry", async () => {
    const job = await write('k1');
    failNext = 1;
    expect(await outbox.deliver(job, { retry: false })).toBe('failed');
    expect(await rows()).toEqual([
      { key: 'k1', status: 'failed', attempts: 1, last_error: 'receiver down', sent: false },
    ]);
    now += 60 * 60_000;
    await outbox.dispatchDue();
    expect(deliveries).toHaveLength(1);
  });

  it("leaves a row to its writer for one lease, then the dispatcher delivers it (a crash's leftover)", async () => {
    await write('k1');
    now += 59_000;
    expect((await outbox.dispatchDue()).sent).toBe(0);
    now += 1_000;
    expect(await outbox.dispatchDue()).toEqual({ sent: 1, retried: 0, failed: 0, expired: 0 });
    expect(deliveries.map((d) => [d.key, d.inTransaction])).toEqual([['k1', false]]);
    expect(await rows()).toEqual([{ key: 'k1', status: 'sent', attempts: 1, last_error: null, sent: true }]);
  });

  it('delivers a backlog a batch at a time, oldest first', async () => {
    for (const key of ['a', 'b', 'c', 'd', 'e']) {
      await write(key);
      now += 1;
    }
    now += 60_000;
    expect((await outbox.dispatchDue()).sent).toBe(5);
    expect(deliveries.map((d) => d.key)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('retries with backoff and the same key, then gives up after maxAttempts', async () => {
    const job = await write('k1');
    failNext = 10;
    expect(await outbox.deliver(job)).toBe('retry');
    expect(await outbox.dispatchDue()).toMatchObject({ retried: 0 }); // not due yet
    now += 12_500; // the 2nd attempt waits 10 s ±25 %
    expect(await outbox.dispatchDue()).toMatchObject({ retried: 1 });
    now += 25_000; // the 3rd waits 20 s ±25 %
    expect(await outbox.dispatchDue()).toMatchObject({ failed: 1 });
    expect(deliveries.map((d) => [d.key, d.attempt])).toEqual([
      ['k1', 1],
      ['k1', 2],
      ['k1', 3],
    ]);
    expect(await rows()).toEqual([
      { key: 'k1', status: 'failed', attempts: 3, last_error: 'receiver down', sent: false },
    ]);
    now += 24 * 60 * 60_000;
    await outbox.dispatchDue();
    expect(deliveries).toHaveLength(3);
  });

  it('expires a row still pending at its expiry instead of delivering it', async () => {
    const job = await write('k1', 'code 123456', new Date(now + 5 * 60_000));
    now += 5 * 60_000;
    expect(await outbox.deliver(job)).toBe('expired');
    await write('k2', 'code 654321', new Date(now + 5 * 60_000));
    now += 6 * 60_000;
    expect(await outbox.dispatchDue()).toEqual({ sent: 0, retried: 0, failed: 0, expired: 1 });
    expect(deliveries).toEqual([]);
    expect((await rows()).map((r) => r.status)).toEqual(['expired', 'expired']);
  });

  it('leaves the rows of a topic it has no handler for to a process that has one', async () => {
    await write('k1');
    now += 60_000;
    const other = createOutboxService({
      db: db(),
      repo: createOutboxRepository(db()),
      clock,
      log: silent,
      policy: POLICY,
    });
    other.register('payout', { payload: z.object({}), deliver: async () => {} });
    expect((await other.dispatchDue()).sent).toBe(0);
    expect((await rows())[0]).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('never lets two dispatchers deliver the same row', async () => {
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f']) await write(key);
    now += 60_000;
    const second = makeOutbox();
    const reports = await Promise.all([outbox.dispatchDue(), second.dispatchDue()]);
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(6);
    expect(deliveries.map((d) => d.key).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('deletes done rows once keepDoneMs has passed, never a pending one', async () => {
    await outbox.deliver(await write('done'));
    const waiting = await write('waiting');
    failNext = 100;
    expect(await outbox.deliver(waiting)).toBe('retry');
    now += 7 * 24 * 60 * 60_000 + 1;
    expect(await outbox.dispatchDue()).toMatchObject({ retried: 1 });
    expect((await rows()).map((r) => [r.key, r.status])).toEqual([['waiting', 'pending']]);
  });
});

describe('createOutboxDispatcher', () => {
  it('runs a round at start and every interval, and stop() waits for the round under way', async () => {
    let rounds = 0;
    let release = () => {};
    const dispatcher = createOutboxDispatcher(
      {
        dispatchDue: async () => {
          rounds += 1;
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return { sent: 0, retried: 0, failed: 0, expired: 0 };
        },
      },
      silent,
      10,
    );
    dispatcher.start();
    expect(rounds).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rounds).toBe(1); // one round at a time
    let stopped = false;
    const stopping = dispatcher.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rounds).toBe(1);
  });

  it('logs a failed round and goes on with the next', async () => {
    const errors: unknown[] = [];
    let rounds = 0;
    const dispatcher = createOutboxDispatcher(
      {
        dispatchDue: async () => {
          rounds += 1;
          if (rounds === 1) throw new Error('database away');
          return { sent: 0, retried: 0, failed: 0, expired: 0 };
        },
      },
      { ...silent, error: (obj) => void errors.push(obj) },
      5,
    );
    dispatcher.start();
    await new Promise((resolve) => setTimeout(resolve, 60));
    await dispatcher.stop();
    expect(rounds).toBeGreaterThan(1);
    expect(errors).toEqual([{ err: expect.objectContaining({ message: 'database away' }) }]);
  });
});
