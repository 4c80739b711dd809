import {
  changeMobilePhoneOne,
  changeMobilePhoneTwo,
  isExistMobilePhone,
  isLogin,
  login,
  modifyPassword,
  notExistMobilePhone,
  pathOf,
  queryUserInfo,
  resetPasswordOne,
  resetPasswordTwo,
  setPayPassword,
  verifyMobilePhone,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { md5Hex, useTestApp } from '../../../test/build-test-app';
import { minutes } from '../../shared/time';
import { codeFor, wrongCode } from '../sms/sms.test-kit';

const t = useTestApp();
const FULL = '13800000001';
const CITY = '13800000003';
const FRESH = '13800000004';
const NEW_PHONE = '13712345678';
const NEW_DIGEST = md5Hex('newPass123');

const loginWith = (phone: string, password: string) => t.call(login, { mobilePhone: phone, password });
const alive = async (cookie: string) => (await t.call(isLogin, {}, { cookie })).object;
const hashOf = async (phone: string) =>
  String(
    (await t.rows(sql`select login_password_hash from accounts where mobile_phone = ${phone}`))[0]
      ?.login_password_hash,
  );

describe('POST /api/userBase/notExistMobilePhone', () => {
  it('type 1: passes for the bound phone, else tells the field it differs', async () => {
    const cookie = await t.login(CITY);
    expect((await t.call(notExistMobilePhone, { mobilePhone: CITY, type: 1 }, { cookie })).object).toBe(true);
    expect(await t.call(notExistMobilePhone, { mobilePhone: FRESH, type: 1 }, { cookie })).toMatchObject({
      responseCode: '1000',
      responseMsg: '手机号与当前绑定手机号不一致',
    });
  });

  it('type 2: passes for an unregistered number, else 该手机号已注册', async () => {
    const cookie = await t.login(CITY);
    expect((await t.call(notExistMobilePhone, { mobilePhone: NEW_PHONE, type: 2 }, { cookie })).object).toBe(
      true,
    );
    expect(await t.call(notExistMobilePhone, { mobilePhone: FRESH, type: 2 }, { cookie })).toMatchObject({
      responseCode: '4001',
      responseMsg: '该手机号已注册',
    });
  });

  it('refuses an invalid phone or type with the contract message', async () => {
    const cookie = await t.login(CITY);
    expect(
      await t.callUnchecked(notExistMobilePhone, { mobilePhone: '1380000000', type: 1 }, { cookie }),
    ).toMatchObject({ responseCode: '1000', responseMsg: '手机号不正确' });
    expect(
      (await t.callUnchecked(notExistMobilePhone, { mobilePhone: CITY, type: 3 }, { cookie })).responseCode,
    ).toBe('1000');
  });
});

describe('POST /api/userBase/isExistMobilePhone/{mobilePhone}', () => {
  it('answers whether a number is registered, without a session', async () => {
    const ask = (phone: string) =>
      t.inject({ method: 'POST', url: pathOf(isExistMobilePhone, { mobilePhone: phone }), payload: {} });
    expect((await ask(CITY)).json()).toMatchObject({ responseCode: '0000', object: true });
    expect((await ask(NEW_PHONE)).json()).toMatchObject({ responseCode: '0000', object: false });
    expect((await ask('123')).json()).toMatchObject({ responseCode: '1000', responseMsg: '手机号不正确' });
  });
});

describe('verify the bound phone', () => {
  it('marks the phone verified with the VERIFY_PHONE code (task 1)', async () => {
    const cookie = await t.login(FRESH);
    expect((await t.call(queryUserInfo, {}, { cookie })).object?.phoneVerified).toBe(false);
    const code = await codeFor(t, cookie, 'VERIFY_PHONE', FRESH);
    expect((await t.call(verifyMobilePhone, { smsCode: code }, { cookie })).object).toBe(true);
    expect((await t.call(queryUserInfo, {}, { cookie })).object?.phoneVerified).toBe(true);
  });
});

describe('change phone in two steps', () => {
  const stepOne = async (cookie: string) => {
    const code = await codeFor(t, cookie, 'CHANGE_PHONE_NEW', NEW_PHONE, true);
    return t.call(changeMobilePhoneOne, { mobilePhone: NEW_PHONE, smsCode: code }, { cookie });
  };
  const callTwo = async (cookie: string, smsCode: string) =>
    (
      await t.inject({
        method: 'POST',
        url: pathOf(changeMobilePhoneTwo, { smsCode }),
        payload: {},
        headers: { cookie },
      })
    ).json() as { responseCode: string; responseMsg: string; object: { mobilePhone: string } | null };

  it('moves the account to the new number, verified, after both codes; the login follows', async () => {
    const cookie = await t.login(FRESH);
    expect(await stepOne(cookie)).toMatchObject({
      responseCode: '0000',
      object: { oldMobilePhone: '138****0004' },
    });
    t.clock.advance(minutes(1));
    const oldCode = await codeFor(t, cookie, 'CHANGE_PHONE_OLD', FRESH);
    expect(await callTwo(cookie, oldCode)).toMatchObject({
      responseCode: '0000',
      object: { mobilePhone: '137****5678' },
    });
    const info = (await t.call(queryUserInfo, {}, { cookie })).object;
    expect(info).toMatchObject({ mobilePhone: '137****5678', phoneVerified: true });
    expect((await loginWith(NEW_PHONE, md5Hex('Demo2026'))).responseCode).toBe('0000');
    expect((await loginWith(FRESH, md5Hex('Demo2026'))).responseCode).toBe('2001');
    expect(await t.rows(sql`select * from pending_phone_changes`)).toEqual([]);
  });

  it('refuses step one for a registered number or the own number, and changes nothing', async () => {
    const cookie = await t.login(FRESH);
    const before = await t.snapshot();
    expect(
      await t.call(changeMobilePhoneOne, { mobilePhone: CITY, smsCode: '123456' }, { cookie }),
    ).toMatchObject({
      responseMsg: '该手机号已注册',
    });
    expect(
      await t.call(changeMobilePhoneOne, { mobilePhone: FRESH, smsCode: '123456' }, { cookie }),
    ).toMatchObject({
      responseMsg: '新手机号不能与当前绑定手机号相同',
    });
    expect(await t.snapshot()).toEqual(before);
  });

  it('refuses step one with a wrong code and keeps no pending change', async () => {
    const cookie = await t.login(FRESH);
    const code = await codeFor(t, cookie, 'CHANGE_PHONE_NEW', NEW_PHONE, true);
    const res = await t.call(
      changeMobilePhoneOne,
      { mobilePhone: NEW_PHONE, smsCode: wrongCode(code) },
      { cookie },
    );
    expect(res).toMatchObject({ responseCode: '4004', responseMsg: '验证码错误' });
    expect(await t.rows(sql`select * from pending_phone_changes`)).toEqual([]);
  });

  it('refuses step two without step one, or more than 10 minutes after it', async () => {
    const cookie = await t.login(FRESH);
    expect(await callTwo(cookie, '123456')).toMatchObject({ responseMsg: '更换手机号已超时，请重新操作' });
    await stepOne(cookie);
    t.clock.advance(minutes(10) + 1000);
    const oldCode = await codeFor(t, cookie, 'CHANGE_PHONE_OLD', FRESH);
    expect(await callTwo(cookie, oldCode)).toMatchObject({ responseMsg: '更换手机号已超时，请重新操作' });
    expect((await t.rows(sql`select mobile_phone from accounts where id = 10004`))[0]?.mobile_phone).toBe(
      FRESH,
    );
  });

  it('refuses step two with a wrong old-phone code, and when the number was taken meanwhile', async () => {
    const cookie = await t.login(FRESH);
    await stepOne(cookie);
    t.clock.advance(minutes(1));
    const oldCode = await codeFor(t, cookie, 'CHANGE_PHONE_OLD', FRESH);
    expect(await callTwo(cookie, wrongCode(oldCode))).toMatchObject({ responseMsg: '验证码错误' });
    await t.rows(sql`update accounts set mobile_phone = ${NEW_PHONE} where mobile_phone = '13800000005'`);
    expect(await callTwo(cookie, oldCode)).toMatchObject({
      responseCode: '4001',
      responseMsg: '该手机号已注册',
    });
    expect((await t.rows(sql`select mobile_phone from accounts where id = 10004`))[0]?.mobile_phone).toBe(
      FRESH,
    );
  });
});

describe('POST /api/userPassword/modifyPassword', () => {
  it('sets the first password without SMS and ends the other sessions, keeping the current one', async () => {
    const other = await t.login(CITY);
    const cookie = await t.login(CITY);
    expect((await t.call(modifyPassword, { newLoginPassword: NEW_DIGEST }, { cookie })).object).toBe(true);
    expect(await alive(cookie)).toBe(true);
    expect(await alive(other)).toBe(false);
    expect((await loginWith(CITY, NEW_DIGEST)).responseCode).toBe('0000');
    expect((await loginWith(CITY, md5Hex('Demo2026'))).responseCode).toBe('2001');
    expect((await t.call(queryUserInfo, {}, { cookie })).object?.isSetLoginPassword).toBe(true);
    expect(await hashOf(CITY)).toMatch(/^\$argon2id\$/);
  });

  it('needs the LOGIN_PASSWORD code once the password was changed, and changes nothing without it', async () => {
    const cookie = await t.login(FULL);
    const before = await t.snapshot();
    expect(await t.call(modifyPassword, { newLoginPassword: NEW_DIGEST }, { cookie })).toMatchObject({
      responseCode: '1000',
      responseMsg: '请输入短信验证码',
    });
    expect(await t.snapshot()).toEqual(before);
    const code = await codeFor(t, cookie, 'LOGIN_PASSWORD', FULL);
    expect(
      await t.call(modifyPassword, { newLoginPassword: NEW_DIGEST, smsCode: wrongCode(code) }, { cookie }),
    ).toMatchObject({ responseMsg: '验证码错误' });
    expect((await loginWith(FULL, NEW_DIGEST)).responseCode).toBe('2001');
    expect(
      (await t.call(modifyPassword, { newLoginPassword: NEW_DIGEST, smsCode: code }, { cookie })).object,
    ).toBe(true);
    expect((await loginWith(FULL, NEW_DIGEST)).responseCode).toBe('0000');
  });

  it('asks a level > 0 agent to verify the phone first', async () => {
    const cookie = await t.login(FRESH);
    const before = await t.snapshot();
    expect(await t.call(modifyPassword, { newLoginPassword: NEW_DIGEST }, { cookie })).toMatchObject({
      responseCode: '4003',
      responseMsg: '请先验证手机号',
    });
    expect(await t.snapshot()).toEqual(before);
  });

  it('refuses a password that is not an MD5 digest', async () => {
    const cookie = await t.login(CITY);
    expect(await t.callUnchecked(modifyPassword, { newLoginPassword: 'abc123' }, { cookie })).toMatchObject({
      responseCode: '1000',
      responseMsg: '密码格式不正确',
    });
  });
});

describe('POST /api/userPassword/setPayPassword', () => {
  it('sets the first withdraw password without SMS, then needs the PAY_PASSWORD code', async () => {
    const cookie = await t.login(CITY);
    expect((await t.call(setPayPassword, { payPassword: md5Hex('pay123') }, { cookie })).object).toBe(true);
    expect((await t.call(queryUserInfo, {}, { cookie })).object?.isSetPayPassword).toBe(true);
    const first = (await t.rows(sql`select pay_password_hash from accounts where id = 10003`))[0]
      ?.pay_password_hash;
    expect(String(first)).toMatch(/^\$argon2id\$/);
    const before = await t.snapshot();
    expect(await t.call(setPayPassword, { payPassword: md5Hex('pay456') }, { cookie })).toMatchObject({
      responseMsg: '请输入短信验证码',
    });
    expect(await t.snapshot()).toEqual(before);
    t.clock.advance(minutes(1));
    const code = await codeFor(t, cookie, 'PAY_PASSWORD', CITY);
    expect(
      (await t.call(setPayPassword, { payPassword: md5Hex('pay456'), smsCode: code }, { cookie })).object,
    ).toBe(true);
    const second = (await t.rows(sql`select pay_password_hash from accounts where id = 10003`))[0]
      ?.pay_password_hash;
    expect(second).not.toBe(first);
  });
});

describe('forgotten password', () => {
  const stepOne = async (phone: string) => {
    const code = await codeFor(t, undefined, 'RESET_PASSWORD', phone, true);
    return t.call(resetPasswordOne, { mobilePhone: phone, smsCode: code });
  };

  it('resets with the code and a single-use token, ending every session', async () => {
    const a = await t.login(CITY);
    const b = await t.login(CITY);
    const one = await stepOne(CITY);
    expect(one.responseCode).toBe('0000');
    const resetToken = one.object?.resetToken ?? '';
    const stored = await t.rows(sql`select token_hash from password_resets`);
    expect(stored).toHaveLength(1);
    expect(String(stored[0]?.token_hash)).not.toContain(resetToken);
    expect((await t.call(resetPasswordTwo, { resetToken, newLoginPassword: NEW_DIGEST })).object).toBe(true);
    expect(await alive(a)).toBe(false);
    expect(await alive(b)).toBe(false);
    expect((await loginWith(CITY, NEW_DIGEST)).responseCode).toBe('0000');
    const again = await t.call(resetPasswordTwo, { resetToken, newLoginPassword: md5Hex('other999') });
    expect(again).toMatchObject({ responseCode: '4006', responseMsg: '重置密码已超时，请重新验证手机号' });
    expect((await loginWith(CITY, NEW_DIGEST)).responseCode).toBe('0000');
  });

  it('accepts the token at 10:00 and refuses it at 10:01', async () => {
    const token1 = (await stepOne(CITY)).object?.resetToken ?? '';
    t.clock.advance(minutes(10));
    expect(
      (await t.call(resetPasswordTwo, { resetToken: token1, newLoginPassword: NEW_DIGEST })).responseCode,
    ).toBe('0000');
    t.clock.advance(minutes(1));
    const token2 = (await stepOne(CITY)).object?.resetToken ?? '';
    t.clock.advance(minutes(10) + 1000);
    const before = await t.snapshot();
    expect(
      (await t.call(resetPasswordTwo, { resetToken: token2, newLoginPassword: md5Hex('late123') }))
        .responseCode,
    ).toBe('4006');
    expect(await t.snapshot()).toEqual(before);
  });

  it('refuses step one for an unregistered phone or a wrong code', async () => {
    expect(await t.call(resetPasswordOne, { mobilePhone: NEW_PHONE, smsCode: '123456' })).toMatchObject({
      responseCode: '1004',
      responseMsg: '该手机号未注册',
    });
    const code = await codeFor(t, undefined, 'RESET_PASSWORD', CITY, true);
    expect(await t.call(resetPasswordOne, { mobilePhone: CITY, smsCode: wrongCode(code) })).toMatchObject({
      responseMsg: '验证码错误',
    });
    expect(await t.rows(sql`select * from password_resets`)).toEqual([]);
  });

  it('refuses an unknown token and changes nothing', async () => {
    const before = await t.snapshot();
    expect(
      (await t.call(resetPasswordTwo, { resetToken: 'nope', newLoginPassword: NEW_DIGEST })).responseCode,
    ).toBe('4006');
    expect(await t.snapshot()).toEqual(before);
  });
});
