import { queryUserInfo } from '@agent-console/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';

const t = useTestApp();

describe('POST /api/userBase/queryInfo', () => {
  it("returns the caller's account with the phone masked", async () => {
    const cookie = await t.login('13800000001');
    const res = await t.call(queryUserInfo, {}, { cookie });
    expect(res.responseCode).toBe('0000');
    expect(res.object).toEqual({
      userId: 10001,
      mobilePhone: '138****0001',
      isSetPayPassword: true,
      isSetLoginPassword: true,
      phoneVerified: true,
      realNameStatus: 1,
      createTime: '2026-03-02 10:00:00',
      lastLoginTime: '2026-03-02 10:00:00',
    });
  });

  it.each([
    [
      '13800000000',
      { isSetPayPassword: false, isSetLoginPassword: true, phoneVerified: true, realNameStatus: null },
    ],
    [
      '13800000002',
      { isSetPayPassword: false, isSetLoginPassword: false, phoneVerified: true, realNameStatus: 0 },
    ],
    [
      '13800000003',
      { isSetPayPassword: false, isSetLoginPassword: false, phoneVerified: true, realNameStatus: null },
    ],
    [
      '13800000004',
      { isSetPayPassword: false, isSetLoginPassword: false, phoneVerified: false, realNameStatus: null },
    ],
    [
      '13800000005',
      { isSetPayPassword: false, isSetLoginPassword: false, phoneVerified: false, realNameStatus: null },
    ],
  ])('reports the demo onboarding state of %s', async (phone, expected) => {
    const res = await t.call(queryUserInfo, {}, { cookie: await t.login(phone) });
    expect(res.object).toMatchObject(expected);
  });

  it('answers 9996 without a session cookie', async () => {
    const res = await t.call(queryUserInfo, {});
    expect(res).toMatchObject({ responseCode: '9996', responseMsg: '登录已失效，请重新登录', object: null });
    expect(res.http.statusCode).toBe(200);
  });

  it('answers 9996 before looking at the body when there is no session', async () => {
    expect((await t.callUnchecked(queryUserInfo, { userId: 10000 })).responseCode).toBe('9996');
  });

  it('refuses unknown fields with 1000 and changes nothing', async () => {
    const cookie = await t.login('13800000003');
    const before = await t.snapshot();
    const res = await t.callUnchecked(queryUserInfo, { userId: 10000 }, { cookie });
    expect(res.responseCode).toBe('1000');
    expect(res.responseMsg).toContain('userId');
    expect(await t.snapshot()).toEqual(before);
  });
});
