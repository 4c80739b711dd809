import { customSiteInfo } from '@agent-console/contract/agent';
import { isLogin, login } from '@agent-console/contract/auth';
import { REQUEST_TIMEOUT_MS } from '@agent-console/contract/constants';
import { queryUnfinishedTask } from '@agent-console/contract/task';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, on, stubApi } from '../testing/fetch-stub';
import { ApiError, call, NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE } from './api-client';
import { browser } from './browser';
import { pendingCalls } from './loading-store';
import { readLoginState, writeLoginState } from './login-state';
import * as notify from './notify';

const DIGEST = 'e10adc3949ba59abbe56e057f20f883e';

describe('call', () => {
  let toasts: string[];
  let assign: ReturnType<typeof vi.spyOn>;
  let setHref: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    toasts = [];
    vi.spyOn(notify, 'notifyError').mockImplementation((text) => {
      toasts.push(text);
    });
    assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    setHref = vi.spyOn(browser, 'setHref').mockImplementation(() => undefined);
    vi.spyOn(browser, 'currentPath').mockReturnValue('/setting?tab=1');
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('posts the JSON body with the session cookie and returns the parsed object and total', async () => {
    const calls = stubApi(on(queryUnfinishedTask, () => ok([{ type: 2, finished: false }], 1)));
    const result = await call(queryUnfinishedTask, {});
    expect(result).toEqual({ object: [{ type: 2, finished: false }], totalCount: 1 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe('/api/task/queryUnFinishedTask');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(calls[0]?.init?.credentials).toBe('include');
    expect(calls[0]?.body).toEqual({});
    expect(toasts).toEqual([]);
  });

  it('rejects a success reply that does not match the contract', async () => {
    stubApi(on(customSiteInfo, () => ok({ logo: 42 } as never)));
    await expect(call(customSiteInfo, {})).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    expect(toasts).toHaveLength(1);
  });

  it('on 9996 clears the login state and goes to /login, coming back afterwards', async () => {
    writeLoginState(true);
    stubApi(on(queryUnfinishedTask, () => fail('9996', '登录已失效，请重新登录')));
    const error = await call(queryUnfinishedTask, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: '9996', toasted: false, reported: true });
    expect(readLoginState()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login?redirect=%2Fsetting%3Ftab%3D1');
    expect(toasts).toEqual([]);
  });

  it('on 9996 leaves navigation to callers that ask for it', async () => {
    writeLoginState(true);
    stubApi(on(isLogin, () => fail('9996', '登录已失效，请重新登录')));
    await expect(call(isLogin, {}, { ignoreUnauthorized: true })).rejects.toMatchObject({
      code: '9996',
      reported: false,
    });
    expect(assign).not.toHaveBeenCalled();
    expect(readLoginState()).toBe(true);
  });

  it('on 3001 sends the browser to codeUrl', async () => {
    stubApi(
      on(queryUnfinishedTask, () => fail('3001', '请前往指定页面', { codeUrl: 'https://example.com/next' })),
    );
    await expect(call(queryUnfinishedTask, {})).rejects.toMatchObject({ code: '3001', reported: true });
    expect(setHref).toHaveBeenCalledWith('https://example.com/next');
    expect(toasts).toEqual([]);
  });

  it('rejects R9998 silently', async () => {
    stubApi(on(queryUnfinishedTask, () => fail('R9998', '请求已拒绝')));
    await expect(call(queryUnfinishedTask, {})).rejects.toMatchObject({
      code: 'R9998',
      toasted: false,
      reported: true,
    });
    expect(toasts).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('toasts the message of any other code', async () => {
    stubApi(on(login, () => fail('2001', '手机号或密码错误')));
    await expect(call(login, { mobilePhone: '13800000000', password: DIGEST })).rejects.toMatchObject({
      code: '2001',
      message: '手机号或密码错误',
      toasted: true,
      reported: true,
    });
    expect(toasts).toEqual(['手机号或密码错误']);
  });

  it('does not toast a message saying the agent is in a price-increase plan, by design', async () => {
    stubApi(on(queryUnfinishedTask, () => fail('1000', '该代理已设置加价计划，无法修改')));
    await expect(call(queryUnfinishedTask, {})).rejects.toMatchObject({
      code: '1000',
      toasted: false,
      reported: true,
    });
    expect(toasts).toEqual([]);
  });

  it('does not toast when the call is silent, and leaves the failure to the caller', async () => {
    stubApi(on(queryUnfinishedTask, () => fail('9999', '系统繁忙，请稍后再试')));
    await expect(call(queryUnfinishedTask, {}, { silent: true })).rejects.toMatchObject({
      code: '9999',
      toasted: false,
      reported: false,
    });
    expect(toasts).toEqual([]);
  });

  it('shows the responseMsg of a failed HTTP reply that carries an envelope', async () => {
    stubApi({
      path: queryUnfinishedTask.path,
      handle: () => new Response(JSON.stringify(fail('9999', '系统繁忙，请稍后再试')), { status: 500 }),
    });
    await expect(call(queryUnfinishedTask, {})).rejects.toMatchObject({ code: '9999' });
    expect(toasts).toEqual(['系统繁忙，请稍后再试']);
  });

  it('shows a Chinese network error when the transport fails without a message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(call(queryUnfinishedTask, {})).rejects.toMatchObject({ code: 'NETWORK' });
    expect(toasts).toEqual([NETWORK_ERROR_MESSAGE]);
  });

  it('gives up after the 10 s timeout', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_: unknown, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            signal = init?.signal ?? undefined;
            signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = call(queryUnfinishedTask, {}).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: 'TIMEOUT', message: TIMEOUT_MESSAGE });
    expect(signal?.aborted).toBe(true);
    expect(toasts).toEqual([TIMEOUT_MESSAGE]);
  });

  it('moves the global loading counter up during a call and back down after it, success or not', async () => {
    let release: (() => void) | undefined;
    stubApi(
      on(
        queryUnfinishedTask,
        () =>
          new Promise((resolve) => {
            release = () => resolve(fail('R9998', ''));
          }),
      ),
    );
    const before = pendingCalls.get();
    const pending = call(queryUnfinishedTask, {}).catch(() => undefined);
    await vi.waitFor(() => expect(release).toBeDefined());
    expect(pendingCalls.get()).toBe(before + 1);
    release?.();
    await pending;
    expect(pendingCalls.get()).toBe(before);
  });
});
