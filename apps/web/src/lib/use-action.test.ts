import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import * as notify from './notify';
import { isReported, runAction, useAction } from './use-action';

/** A promise settled from the test, to look at the state while the action runs. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const toasted = () => new ApiError('2001', '验证码错误', true, true);

describe('runAction', () => {
  let successes: string[];
  beforeEach(() => {
    successes = [];
    vi.spyOn(notify, 'notifySuccess').mockImplementation((text) => {
      successes.push(text);
    });
  });

  it('shows the success toast once the action resolves, and only then', async () => {
    const step = deferred<number>();
    const done = runAction(() => step.promise, { success: '保存成功' });
    await Promise.resolve();
    expect(successes).toEqual([]);
    step.resolve(1);
    expect(await done).toBe(true);
    expect(successes).toEqual(['保存成功']);
  });

  it('takes the toast from the result, and shows none when it gives none', async () => {
    expect(await runAction(async () => '138****0000', { success: (to) => `验证码已发送至 ${to}` })).toBe(
      true,
    );
    expect(await runAction(async () => false, { success: (last) => (last ? '完成' : null) })).toBe(true);
    expect(successes).toEqual(['验证码已发送至 138****0000']);
  });

  it('drops a failure the api client has reported, without a success toast', async () => {
    const onFailure = vi.fn();
    const error = toasted();
    await expect(runAction(() => Promise.reject(error), { success: '保存成功', onFailure })).resolves.toBe(
      false,
    );
    expect(successes).toEqual([]);
    expect(onFailure).toHaveBeenCalledWith(error);
    // Silences the catalogue asks for (R9998) count as reported too.
    await expect(runAction(() => Promise.reject(new ApiError('R9998', '', false, true)))).resolves.toBe(
      false,
    );
  });

  it('throws anything else again: a bug, or a failure of a silent call nobody reported', async () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'trim')");
    const onFailure = vi.fn();
    await expect(runAction(() => Promise.reject(bug), { success: '保存成功', onFailure })).rejects.toBe(bug);
    expect(onFailure).toHaveBeenCalledWith(bug);
    const unreported = new ApiError('NETWORK', '网络异常，请检查网络后重试', false);
    await expect(runAction(() => Promise.reject(unreported))).rejects.toBe(unreported);
    expect(successes).toEqual([]);
  });
});

describe('isReported', () => {
  it('is true only for an ApiError the api client reported', () => {
    expect(isReported(toasted())).toBe(true);
    expect(isReported(new ApiError('9996', '登录已失效', false, false))).toBe(false);
    expect(isReported(new Error('boom'))).toBe(false);
    expect(isReported({ reported: true })).toBe(false);
  });
});

describe('useAction', () => {
  beforeEach(() => {
    vi.spyOn(notify, 'notifySuccess').mockImplementation(() => undefined);
  });

  it('is busy while the action runs, and not after it, whether it succeeds or fails', async () => {
    const { result } = renderHook(() => useAction());
    expect(result.current.busy).toBe(false);

    const ok = deferred<void>();
    let finished: Promise<boolean> = Promise.resolve(false);
    act(() => {
      finished = result.current.run(() => ok.promise);
    });
    expect(result.current.busy).toBe(true);
    await act(async () => ok.resolve());
    expect(await finished).toBe(true);
    expect(result.current.busy).toBe(false);

    const failing = deferred<void>();
    act(() => {
      finished = result.current.run(() => failing.promise);
    });
    expect(result.current.busy).toBe(true);
    await act(async () => failing.reject(toasted()));
    expect(await finished).toBe(false);
    expect(result.current.busy).toBe(false);
  });

  it('runs one action at a time: a second one while busy does not run', async () => {
    const { result } = renderHook(() => useAction());
    const first = deferred<void>();
    const second = vi.fn(async () => undefined);
    let firstDone: Promise<boolean> = Promise.resolve(false);
    act(() => {
      firstDone = result.current.run(() => first.promise);
    });
    await act(async () => {
      expect(await result.current.run(second)).toBe(false);
    });
    expect(second).not.toHaveBeenCalled();
    await act(async () => first.resolve());
    expect(await firstDone).toBe(true);
  });

  it('throws a bug again and is no longer busy afterwards', async () => {
    const { result } = renderHook(() => useAction());
    const bug = new Error('bug');
    await act(async () => {
      await expect(result.current.run(() => Promise.reject(bug))).rejects.toBe(bug);
    });
    expect(result.current.busy).toBe(false);
  });
});
