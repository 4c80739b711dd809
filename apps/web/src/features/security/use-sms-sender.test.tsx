import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { clearSmsCooldowns, newCtoken, OWN_PHONE, typedPhone, useSmsSender } from './use-sms-sender';

/** A send the server refused, as the api client reports it (toasted). */
const refused = (code: string, message: string) => () =>
  Promise.reject(new ApiError(code, message, true, true));

describe('useSmsSender', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const tokens = () => {
    let n = 0;
    return () => `token-${++n}`;
  };

  it('counts down 59 s after a send and refuses to send meanwhile', async () => {
    const makeToken = tokens();
    const { result } = renderHook(() => useSmsSender(makeToken));
    const deliver = vi.fn(async () => undefined);
    await act(async () => {
      expect(await result.current.send(deliver)).toBe(true);
    });
    expect(deliver).toHaveBeenCalledWith('token-1');
    expect(result.current.countdown).toBe(59);
    await act(async () => {
      expect(await result.current.send(deliver)).toBe(false);
    });
    expect(deliver).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 58; i++) act(() => vi.advanceTimersByTime(1000));
    expect(result.current.countdown).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.countdown).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.countdown).toBe(0);
  });

  it('makes a new ctoken after a failed send and does not count down', async () => {
    const makeToken = tokens();
    const { result } = renderHook(() => useSmsSender(makeToken));
    expect(result.current.ctoken).toBe('token-1');
    await act(async () => {
      expect(await result.current.send(refused('2003', '图片验证码错误'))).toBe(false);
    });
    expect(result.current.ctoken).toBe('token-2');
    expect(result.current.countdown).toBe(0);
    const deliver = vi.fn(async () => undefined);
    await act(async () => {
      await result.current.send(deliver);
    });
    expect(deliver).toHaveBeenCalledWith('token-2');
  });

  it('throws a failure nobody reported again, still with a new ctoken and no countdown', async () => {
    const makeToken = tokens();
    const { result } = renderHook(() => useSmsSender(makeToken));
    const bug = new TypeError('deliver is broken');
    await act(async () => {
      await expect(result.current.send(() => Promise.reject(bug))).rejects.toBe(bug);
    });
    expect(result.current.ctoken).toBe('token-2');
    expect(result.current.countdown).toBe(0);
    expect(result.current.sending).toBe(false);
  });

  it('keeps the ctoken after a successful send and starts afresh on reset', async () => {
    const makeToken = tokens();
    const { result } = renderHook(() => useSmsSender(makeToken));
    await act(async () => {
      await result.current.send(async () => undefined);
    });
    expect(result.current.ctoken).toBe('token-1');
    act(() => result.current.reset());
    expect(result.current.countdown).toBe(0);
    expect(result.current.ctoken).toBe('token-2');
  });

  it('uses a random UUID by default', () => {
    const { result } = renderHook(() => useSmsSender());
    expect(result.current.ctoken).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('useSmsSender with a phone key', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    clearSmsCooldowns();
  });
  afterEach(() => vi.useRealTimers());

  it('keeps the countdown of the own phone across a reset and into another dialog', async () => {
    const first = renderHook(() => useSmsSender(newCtoken, OWN_PHONE));
    await act(async () => {
      expect(await first.result.current.send(async () => undefined)).toBe(true);
    });
    act(() => vi.advanceTimersByTime(20_000));
    act(() => first.result.current.reset());
    expect(first.result.current.countdown).toBe(39);

    const other = renderHook(() => useSmsSender(newCtoken, OWN_PHONE));
    expect(other.result.current.countdown).toBe(39);
    const deliver = vi.fn(async () => undefined);
    await act(async () => {
      expect(await other.result.current.send(deliver)).toBe(false);
    });
    expect(deliver).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(39_000));
    const later = renderHook(() => useSmsSender(newCtoken, OWN_PHONE));
    expect(later.result.current.countdown).toBe(0);
    await act(async () => {
      expect(await later.result.current.send(deliver)).toBe(true);
    });
  });

  it('counts a typed number on its own: another number may get a code at once', async () => {
    const { result } = renderHook(() => useSmsSender(newCtoken));
    await act(async () => {
      expect(await result.current.send(async () => undefined, typedPhone('13900000001'))).toBe(true);
    });
    act(() => result.current.reset());
    expect(result.current.countdown).toBe(0);
    const deliver = vi.fn(async () => undefined);
    await act(async () => {
      expect(await result.current.send(deliver, typedPhone('13900000001'))).toBe(false);
    });
    expect(result.current.countdown).toBe(59);
    expect(deliver).not.toHaveBeenCalled();
    act(() => result.current.reset());
    await act(async () => {
      expect(await result.current.send(deliver, typedPhone('13900000002'))).toBe(true);
    });
    expect(deliver).toHaveBeenCalledTimes(1);
  });

  it('starts no cooldown when the send fails', async () => {
    const { result } = renderHook(() => useSmsSender(newCtoken, OWN_PHONE));
    await act(async () => {
      await result.current.send(refused('1029', '发送过于频繁'));
    });
    act(() => result.current.reset());
    expect(result.current.countdown).toBe(0);
  });
});
