import { Codes } from '@agent-console/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../shared/app-error';
import { sha256Hex } from '../shared/hash';
import { sessionToken } from './auth';

/**
 * How many expensive calls (list pages, totals, exports, the agent tree's loads and searches) one
 * session may have running at once, how many more may wait for a turn, and how long one may wait.
 * PGlite has one connection: without a bound, one agent firing many at once stalls everyone.
 */
export interface CallLimits {
  running: number;
  waiting: number;
  waitMs: number;
}

export const EXPENSIVE_CALL_LIMITS: CallLimits = { running: 2, waiting: 8, waitMs: 10_000 };

export const EXPENSIVE_CALL_MESSAGES = {
  tooMany: '查询请求过多，请等待当前查询完成后再试',
  waitedTooLong: '查询排队超时，请稍后再试',
} as const;

/** Gives back a turn; calling it again does nothing. */
export type Release = () => void;

interface Slot {
  running: number;
  waiting: { start: () => void; fail: (err: AppError) => void }[];
}

/**
 * Turns per key (a session): `limits.running` at once, then up to `limits.waiting` more wait in
 * order of arrival, each for at most `limits.waitMs`; past either bound, 1029. In memory: a bound
 * per server process, which is what keeps one process's database connection(s) shared fairly.
 */
export function createCallLimiter(limits: CallLimits = EXPENSIVE_CALL_LIMITS) {
  const slots = new Map<string, Slot>();

  const releaseOf = (key: string, slot: Slot): Release => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = slot.waiting.shift();
      if (next)
        next.start(); // the turn passes on: running stays the same
      else if (--slot.running === 0) slots.delete(key);
    };
  };

  return {
    /**
     * A turn for `key`: at once when fewer than `running` calls of the key run, else after the
     * calls ahead finish. `cancelled` (the client went away while waiting) gives the place up.
     */
    acquire(key: string, cancelled?: (cancel: () => void) => void): Promise<Release> {
      let slot = slots.get(key);
      if (!slot) {
        slot = { running: 0, waiting: [] };
        slots.set(key, slot);
      }
      const current = slot;
      if (current.running < limits.running) {
        current.running++;
        return Promise.resolve(releaseOf(key, current));
      }
      if (current.waiting.length >= limits.waiting)
        return Promise.reject(new AppError(Codes.TOO_MANY_REQUESTS, EXPENSIVE_CALL_MESSAGES.tooMany));
      return new Promise<Release>((resolve, reject) => {
        const leave = () => {
          clearTimeout(timer);
          const at = current.waiting.indexOf(waiter);
          if (at >= 0) current.waiting.splice(at, 1);
        };
        const waiter = {
          start: () => {
            clearTimeout(timer);
            resolve(releaseOf(key, current));
          },
          fail: (err: AppError) => {
            leave();
            reject(err);
          },
        };
        const timer = setTimeout(
          () => waiter.fail(new AppError(Codes.TOO_MANY_REQUESTS, EXPENSIVE_CALL_MESSAGES.waitedTooLong)),
          limits.waitMs,
        );
        current.waiting.push(waiter);
        cancelled?.(() =>
          waiter.fail(new AppError(Codes.TOO_MANY_REQUESTS, EXPENSIVE_CALL_MESSAGES.tooMany)),
        );
      });
    },
    /** Calls running and waiting for a key (tests, diagnostics). */
    load(key: string): { running: number; waiting: number } {
      const slot = slots.get(key);
      return { running: slot?.running ?? 0, waiting: slot?.waiting.length ?? 0 };
    },
  };
}

export type CallLimiter = ReturnType<typeof createCallLimiter>;

declare module 'fastify' {
  interface FastifyInstance {
    expensiveCalls: CallLimiter;
  }
}

/** The app's limiter of expensive calls, visible to `mount` and `mountExport`. */
export const expensiveCallsPlugin = fp<{ limits?: CallLimits }>(
  async (app, { limits }) => {
    app.decorate('expensiveCalls', createCallLimiter(limits));
  },
  { name: 'expensive-calls' },
);

/**
 * Route hook, before the session is looked up: waits for a turn of the caller's session (1029 past
 * the bounds) and gives it back when the response is over, however it ends (sent, failed, or the
 * connection closed mid-download). The session is named by its cookie's SHA-256 (the session
 * row's id) without a query, so a refused call costs the database nothing; a call without a
 * cookie is counted by its address (it is answered 9996 anyway).
 */
export async function takeExpensiveTurn(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = sessionToken(req);
  const key = token ? `session:${sha256Hex(token)}` : `address:${req.ip}`;
  const release = await req.server.expensiveCalls.acquire(key, (cancel) => {
    reply.raw.once('close', cancel);
  });
  if (reply.raw.destroyed) release();
  else reply.raw.once('close', release);
}
