import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../shared/app-error';
import { createCallLimiter, EXPENSIVE_CALL_MESSAGES } from './expensive-calls';

const settled = async <T>(p: Promise<T>) => {
  let state: 'pending' | 'resolved' | 'rejected' = 'pending';
  p.then(
    () => {
      state = 'resolved';
    },
    () => {
      state = 'rejected';
    },
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
};

describe('createCallLimiter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs `running` calls of a key at once; the next waits for a turn, in order of arrival', async () => {
    const limiter = createCallLimiter({ running: 2, waiting: 8, waitMs: 10_000 });
    const a = await limiter.acquire('s');
    const b = await limiter.acquire('s');
    const c = limiter.acquire('s');
    const d = limiter.acquire('s');
    expect(await settled(c)).toBe('pending');
    expect(limiter.load('s')).toEqual({ running: 2, waiting: 2 });
    // Another key is not held back.
    (await limiter.acquire('other'))();
    a();
    a(); // a second release gives nothing back
    expect(await settled(c)).toBe('resolved');
    expect(await settled(d)).toBe('pending');
    b();
    expect(await settled(d)).toBe('resolved');
    (await c)();
    (await d)();
    expect(limiter.load('s')).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses with 1029 once `waiting` calls wait', async () => {
    const limiter = createCallLimiter({ running: 1, waiting: 1, waitMs: 10_000 });
    await limiter.acquire('s');
    void limiter.acquire('s');
    const refused = limiter.acquire('s');
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: '1029', message: EXPENSIVE_CALL_MESSAGES.tooMany });
  });

  it('gives up a wait after `waitMs` with 1029, and the place is freed', async () => {
    vi.useFakeTimers();
    const limiter = createCallLimiter({ running: 1, waiting: 1, waitMs: 10_000 });
    const first = await limiter.acquire('s');
    const waiting = limiter.acquire('s');
    const failed = expect(waiting).rejects.toMatchObject({
      code: '1029',
      message: EXPENSIVE_CALL_MESSAGES.waitedTooLong,
    });
    vi.advanceTimersByTime(10_000);
    await failed;
    expect(limiter.load('s')).toEqual({ running: 1, waiting: 0 });
    first();
    expect(limiter.load('s')).toEqual({ running: 0, waiting: 0 });
  });

  it('lets a waiting call leave when its client goes away', async () => {
    const limiter = createCallLimiter({ running: 1, waiting: 4, waitMs: 10_000 });
    const first = await limiter.acquire('s');
    let cancel = () => {};
    const waiting = limiter.acquire('s', (c) => {
      cancel = c;
    });
    const next = limiter.acquire('s');
    cancel();
    await expect(waiting).rejects.toBeInstanceOf(AppError);
    expect(limiter.load('s')).toEqual({ running: 1, waiting: 1 });
    first();
    expect(await settled(next)).toBe('resolved');
  });
});
