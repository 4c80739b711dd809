import { pathOf } from '@agent-console/contract/endpoint';
import { isExistMobilePhone } from '@agent-console/contract/security';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubApi } from '../../../testing/fetch-stub';
import { checkRegisteredPhone, NOT_REGISTERED_MESSAGE } from './phone';

const PHONE = '13912345678';
const answer = (reply: ReturnType<typeof ok<boolean>> | ReturnType<typeof fail>) =>
  stubApi({ path: pathOf(isExistMobilePhone, { mobilePhone: PHONE }), handle: () => reply });

describe('checkRegisteredPhone (the forgotten-password phone field)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('passes a registered phone and names an unregistered one', async () => {
    answer(ok(true));
    expect(await checkRegisteredPhone(PHONE)).toBeNull();
    answer(ok(false));
    expect(await checkRegisteredPhone(PHONE)).toBe(NOT_REGISTERED_MESSAGE);
  });

  it("shows the server's message when the address made too many lookups (1029)", async () => {
    answer(fail('1029', '手机号查询过于频繁，请1分钟后再试'));
    expect(await checkRegisteredPhone(PHONE)).toBe('手机号查询过于频繁，请1分钟后再试');
    answer(fail('9999', '系统繁忙'));
    expect(await checkRegisteredPhone(PHONE)).toBe('手机号校验失败，请稍后重试');
  });
});
