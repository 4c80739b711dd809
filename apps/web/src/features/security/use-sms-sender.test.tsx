import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSmsSender } from './use-sms-sender';

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
      expect(await result.current.send(() => Promise.reject(new Error('captcha')))).toBe(false);
    });
    expect(result.current.ctoken).toBe('token-2');
    expect(result.current.countdown).toBe(0);
    const deliver = vi.fn(async () => undefined);
    await act(async () => {
      await result.current.send(deliver);
    });
    expect(deliver).toHaveBeenCalledWith('token-2');
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
