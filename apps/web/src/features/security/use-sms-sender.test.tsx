import { SMS_TOO_FREQUENT_MESSAGE } from '@agent-console/contract/security';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { clearSmsCooldowns, newCtoken, useSmsSender } from './use-sms-sender';

/** A send the server refused, as the api client reports it (toasted). */
const refused = (code: string, message: string) => () =>
  Promise.reject(new ApiError(code, message, true, true));

const PHONE = '13900000001';
const OTHER = '13900000002';

beforeEach(() => {
  vi.useFakeTimers();
  clearSmsCooldowns();
});
afterEach(() => vi.useRealTimers());

describe('useSmsSender', () => {
  const tokens = () => {
    let n = 0;
    return () => `token-${++n}`;
  };

  it('counts down 59 s after a send and refuses to send meanwhile', async () => {
    const makeToken = tokens();
    const { result } = renderHook(() => useSmsSender(PHONE, makeToken));
    const deliver = vi.fn(async () => undefined);
    await act(async () => {
      expect(await result.current.send(deliver)).toBe('sent');
    });
    expect(deliver).toHaveBeenCalledWith('token-1');
    expect(result.current.countdown).toBe(59);
    await act(async () => {
      expect(await result.current.send(deliver)).toBe('waiting');
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
    const { result } = renderHook(() => useSmsSender(PHONE, makeToken));
    expect(result.current.ctoken).toBe('token-1');
    await act(async () => {
      expect(await result.current.send(refused('2003', '图片验证码错误'))).toBe('failed');
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
    const { result } = renderHook(() => useSmsSender(PHONE, makeToken));
    const bug = new TypeError('deliver is broken');
    await act(async () => {
      await expect(result.current.send(() => Promise.reject(bug))).rejects.toBe(bug);
    });
    expect(result.current.ctoken).toBe('token-2');
    expect(result.current.countdown).toBe(0);
    expect(result.current.sending).toBe(false);
  });

  it('keeps the ctoken after a successful send; a reset makes a new one and keeps the countdown', async () => {
    const makeToken = tokens();
    const { result } = renderHook(() => useSmsSender(PHONE, makeToken));
    await act(async () => {
      await result.current.send(async () => undefined);
    });
    expect(result.current.ctoken).toBe('token-1');
    act(() => vi.advanceTimersByTime(20_000));
    act(() => result.current.reset());
    expect(result.current.countdown).toBe(39);
    expect(result.current.ctoken).toBe('token-2');
  });

  it('uses a random UUID by default', () => {
    const { result } = renderHook(() => useSmsSender(null));
    expect(result.current.ctoken).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('useSmsSender: one countdown per phone number', () => {
  it('shows a number’s countdown at once in every sender of that number, already mounted or not', async () => {
    // Two dialogs mounted side by side, as the header mounts them: verify phone and identity.
    const verify = renderHook(() => useSmsSender(PHONE));
    const identity = renderHook(() => useSmsSender(PHONE));
    await act(async () => {
      expect(await verify.result.current.send(async () => undefined)).toBe('sent');
    });
    expect(identity.result.current.countdown).toBe(59);
    act(() => vi.advanceTimersByTime(20_000));
    expect(identity.result.current.countdown).toBe(39);
    const deliver = vi.fn(async () => undefined);
    await act(async () => {
      expect(await identity.result.current.send(deliver)).toBe('waiting');
    });
    expect(deliver).not.toHaveBeenCalled();

    const later = renderHook(() => useSmsSender(PHONE));
    expect(later.result.current.countdown).toBe(39);
    act(() => vi.advanceTimersByTime(39_000));
    expect(identity.result.current.countdown).toBe(0);
    await act(async () => {
      expect(await identity.result.current.send(deliver)).toBe('sent');
    });
    expect(verify.result.current.countdown).toBe(59);
  });

  it('follows the number it is given: another number may get a code at once', async () => {
    let phone: string | null = PHONE;
    const { result, rerender } = renderHook(() => useSmsSender(phone));
    await act(async () => {
      expect(await result.current.send(async () => undefined)).toBe('sent');
    });
    phone = OTHER;
    rerender();
    expect(result.current.countdown).toBe(0);
    const deliver = vi.fn(async () => undefined);
    await act(async () => {
      expect(await result.current.send(deliver, PHONE)).toBe('waiting');
      expect(await result.current.send(deliver)).toBe('sent');
    });
    expect(deliver).toHaveBeenCalledTimes(1);
    phone = null;
    rerender();
    expect(result.current.countdown).toBe(0);
    phone = PHONE;
    rerender();
    expect(result.current.countdown).toBe(59);
  });

  it('starts the countdown when the server refuses a second code within it', async () => {
    const { result } = renderHook(() => useSmsSender(PHONE));
    await act(async () => {
      expect(await result.current.send(refused('1029', SMS_TOO_FREQUENT_MESSAGE))).toBe('waiting');
    });
    expect(result.current.countdown).toBe(59);
    const other = renderHook(() => useSmsSender(PHONE));
    expect(other.result.current.countdown).toBe(59);
  });

  it('starts no countdown for the other refusals, the daily and per-address limits included', async () => {
    const { result } = renderHook(() => useSmsSender(PHONE));
    for (const [code, message] of [
      ['1029', '今日短信发送次数已达上限，请明天再试'],
      ['1029', '操作过于频繁，请稍后再试'],
      ['2003', '图片验证码错误'],
    ] as const) {
      await act(async () => {
        expect(await result.current.send(refused(code, message))).toBe('failed');
      });
      expect(result.current.countdown).toBe(0);
    }
  });

  it('counts nothing down without a number', async () => {
    const { result } = renderHook(() => useSmsSender(null, newCtoken));
    await act(async () => {
      expect(await result.current.send(async () => undefined)).toBe('sent');
    });
    expect(result.current.countdown).toBe(0);
  });
});
