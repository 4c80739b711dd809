import type { MessageInstance } from 'antd/es/message/interface';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  notifyError,
  notifySuccess,
  notifyWarning,
  registerMessageApi,
  registerMessageHostRequest,
} from './notify';

const messageApi = () => {
  const shown: string[] = [];
  const api = {
    error: (text: string) => shown.push(`error:${text}`),
    success: (text: string) => shown.push(`success:${text}`),
    warning: (text: string) => shown.push(`warning:${text}`),
  } as unknown as MessageInstance;
  return { api, shown };
};

afterEach(() => {
  registerMessageApi(null);
  registerMessageHostRequest(null);
});

describe('toasts under an antd provider', () => {
  it('load the message host with the first toast and show what was raised meanwhile, in order', async () => {
    const host = vi.fn(() => Promise.resolve());
    registerMessageHostRequest(host);
    notifyWarning('所选代理不存在');
    notifyError('网络异常');
    expect(host).toHaveBeenCalledTimes(1);
    const { api, shown } = messageApi();
    registerMessageApi(api);
    expect(shown).toEqual(['warning:所选代理不存在', 'error:网络异常']);
    notifySuccess('保存成功');
    expect(shown).toEqual(['warning:所选代理不存在', 'error:网络异常', 'success:保存成功']);
    expect(host).toHaveBeenCalledTimes(1);
  });

  it('alert what was raised when the host cannot load (offline), and try again with the next toast', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const host = vi.fn(() => Promise.reject(new Error('chunk')));
    registerMessageHostRequest(host);
    notifyError('网络异常');
    notifyError('请求超时');
    await vi.waitFor(() => expect(alert).toHaveBeenCalledTimes(2));
    expect(alert.mock.calls.map((c) => c[0])).toEqual(['网络异常', '请求超时']);
    notifyError('再次失败');
    expect(host).toHaveBeenCalledTimes(2);
  });
});
