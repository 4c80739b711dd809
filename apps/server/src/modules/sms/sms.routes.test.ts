import { randomUUID } from 'node:crypto';
import {
  captchaChannel,
  getSmsCode,
  getSmsCodeSigned,
  querySmsOutbox,
  queryUserInfo,
  verifyMobilePhone,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createServices } from '../../services';
import { hours, minutes } from '../../shared/time';
import { codeFor, lastCode, sendSms, wrongCode } from './sms.test-kit';

const t = useTestApp();
const FRESH = '13800000004';
const OTHER = '13800000005';

const verify = async (cookie: string, smsCode: string) => t.call(verifyMobilePhone, { smsCode }, { cookie });
const phoneVerified = async (cookie: string) =>
  (await t.call(queryUserInfo, {}, { cookie })).object?.phoneVerified;

describe('POST /api/captcha/getSmsCodeSigned', () => {
  it("sends a 6-digit code to the caller's own phone, stores only its HMAC, and the outbox has it", async () => {
    const cookie = await t.login(FRESH);
    const res = await sendSms(t, { smsTypeCode: 'VERIFY_PHONE' }, { cookie });
    expect(res).toMatchObject({
      responseCode: '0000',
      object: { mobilePhone: '138****0004', expireSeconds: 300, resendSeconds: 59 },
    });
    const code = await lastCode(t, FRESH);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.rows(sql`select * from sms_codes`);
    expect(rows).toHaveLength(1);
    expect(String(rows[0]?.code_hash)).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(await t.epochMs(sql`select expires_at from sms_codes`)).toBe(t.clock.now().getTime() + minutes(5));
    // Delivered through the outbox after the commit, and stored under the delivery's key.
    const [job] = await t.rows(sql`select idempotency_key, status from outbox`);
    expect(job).toMatchObject({ status: 'sent' });
    expect(await t.rows(sql`select idempotency_key from sms_outbox`)).toEqual([
      { idempotency_key: job?.idempotency_key },
    ]);
  });

  it('answers 9996 without a session', async () => {
    expect((await sendSms(t, { smsTypeCode: 'VERIFY_PHONE' })).responseCode).toBe('9996');
  });

  it('refuses the types that go to a given phone', async () => {
    const cookie = await t.login(FRESH);
    const before = await t.snapshot();
    const res = await t.call(
      getSmsCodeSigned,
      { scenario: 'x', ctoken: randomUUID(), randStr: 'ABCD', ticket: 'k', smsTypeCode: 'RESET_PASSWORD' },
      { cookie },
    );
    expect(res).toMatchObject({ responseCode: '1000', responseMsg: '短信类型不正确' });
    expect(await t.snapshot()).toEqual(before);
  });

  it('needs a passed image captcha: a missing, wrong or reused one sends nothing', async () => {
    const cookie = await t.login(FRESH);
    const missing = await t.callUnchecked(
      getSmsCodeSigned,
      { scenario: 'x', ctoken: randomUUID(), ticket: 'k', smsTypeCode: 'VERIFY_PHONE' },
      { cookie },
    );
    expect(missing).toMatchObject({ responseCode: '1000', responseMsg: '请输入图片验证码' });
    const { captchaKey, answer } = await t.newCaptcha();
    const wrong = await t.call(
      getSmsCodeSigned,
      {
        scenario: 'x',
        ctoken: randomUUID(),
        randStr: 'ZZZZ',
        ticket: captchaKey,
        smsTypeCode: 'VERIFY_PHONE',
      },
      { cookie },
    );
    expect(wrong).toMatchObject({ responseCode: '2003', responseMsg: '图片验证码错误' });
    // The captcha was used up by the wrong try: the right answer no longer passes.
    const reused = await t.call(
      getSmsCodeSigned,
      {
        scenario: 'x',
        ctoken: randomUUID(),
        randStr: answer,
        ticket: captchaKey,
        smsTypeCode: 'VERIFY_PHONE',
      },
      { cookie },
    );
    expect(reused.responseCode).toBe('2003');
    expect(await t.rows(sql`select id from sms_codes`)).toEqual([]);
    expect(await t.rows(sql`select id from sms_outbox`)).toEqual([]);
  });

  it('refuses a ctoken that already sent a code, and a ctoken that is not a UUID', async () => {
    const cookie = await t.login(FRESH);
    const ctoken = randomUUID();
    expect((await sendSms(t, { smsTypeCode: 'VERIFY_PHONE', ctoken }, { cookie })).responseCode).toBe('0000');
    t.clock.advance(minutes(2));
    const again = await sendSms(t, { smsTypeCode: 'VERIFY_PHONE', ctoken }, { cookie });
    expect(again).toMatchObject({ responseCode: '4006', responseMsg: '验证已失效，请重新验证' });
    const notUuid = await sendSms(t, { smsTypeCode: 'VERIFY_PHONE', ctoken: 'abc' }, { cookie });
    expect(notUuid).toMatchObject({ responseCode: '1000', responseMsg: 'ctoken 格式不正确' });
    expect(await t.rows(sql`select id from sms_codes`)).toHaveLength(1);
  });

  it("sends once per phone per countdown: refused at 58 s, allowed at the console's 59 s", async () => {
    const cookie = await t.login(FRESH);
    expect((await sendSms(t, { smsTypeCode: 'VERIFY_PHONE' }, { cookie })).responseCode).toBe('0000');
    t.clock.advance(58_999);
    const early = await sendSms(t, { smsTypeCode: 'LOGIN_PASSWORD' }, { cookie });
    expect(early).toMatchObject({ responseCode: '1029', responseMsg: '短信发送过于频繁，请1分钟后再试' });
    t.clock.advance(1);
    expect((await sendSms(t, { smsTypeCode: 'VERIFY_PHONE' }, { cookie })).responseCode).toBe('0000');
  });

  it('checks the limits before the captcha: a refused send leaves the solved captcha usable', async () => {
    const cookie = await t.login(FRESH);
    expect((await sendSms(t, { smsTypeCode: 'VERIFY_PHONE' }, { cookie })).responseCode).toBe('0000');
    const { captchaKey, answer } = await t.newCaptcha();
    const body = (ctoken: string) => ({
      scenario: 'x',
      ctoken,
      randStr: answer,
      ticket: captchaKey,
      smsTypeCode: 'VERIFY_PHONE' as const,
    });
    t.clock.advance(30_000);
    expect((await t.call(getSmsCodeSigned, body(randomUUID()), { cookie })).responseCode).toBe('1029');
    t.clock.advance(29_000);
    expect((await t.call(getSmsCodeSigned, body(randomUUID()), { cookie })).responseCode).toBe('0000');
  });

  it('sends at most 10 a day per phone: the 11th is refused until 24 hours have passed', async () => {
    const send = () => sendSms(t, { smsTypeCode: 'RESET_PASSWORD', mobilePhone: FRESH });
    for (let i = 0; i < 10; i++) {
      expect((await send()).responseCode).toBe('0000');
      t.clock.advance(minutes(10));
    }
    expect(await send()).toMatchObject({
      responseCode: '1029',
      responseMsg: '今日短信发送次数已达上限，请明天再试',
    });
    // The first was sent 100 minutes ago: 24 hours after it, one slot frees up.
    t.clock.advance(hours(24) - minutes(100) - 1000);
    expect((await send()).responseCode).toBe('1029');
    t.clock.advance(2000);
    expect((await send()).responseCode).toBe('0000');
  });

  it('keeps the limits of one phone away from another', async () => {
    const a = await t.login(FRESH);
    const b = await t.login(OTHER);
    expect((await sendSms(t, { smsTypeCode: 'VERIFY_PHONE' }, { cookie: a })).responseCode).toBe('0000');
    expect((await sendSms(t, { smsTypeCode: 'VERIFY_PHONE' }, { cookie: b })).responseCode).toBe('0000');
  });
});

describe('POST /api/captcha/getSmsCode', () => {
  it('sends RESET_PASSWORD to a registered phone without a session', async () => {
    const res = await sendSms(t, { smsTypeCode: 'RESET_PASSWORD', mobilePhone: FRESH });
    expect(res).toMatchObject({ responseCode: '0000', object: { mobilePhone: '138****0004' } });
    expect(await lastCode(t, FRESH)).toMatch(/^\d{6}$/);
  });

  it.each([
    ['an unregistered phone for RESET_PASSWORD', 'RESET_PASSWORD', '13712345678', '1004', '该手机号未注册'],
    ['a missing phone', 'RESET_PASSWORD', undefined, '1000', '请输入手机号'],
    ['an invalid phone', 'RESET_PASSWORD', '12345678901', '1000', '手机号不正确'],
    ['a type that goes to the own phone', 'VERIFY_PHONE', FRESH, '1000', '短信类型不正确'],
    [
      'CHANGE_PHONE_NEW without a session',
      'CHANGE_PHONE_NEW',
      '13712345678',
      '9996',
      '登录已失效，请重新登录',
    ],
  ] as const)('refuses %s and changes nothing', async (_name, smsTypeCode, mobilePhone, code, message) => {
    const { captchaKey, answer } = await t.newCaptcha();
    const before = await t.snapshot();
    const res = await t.callUnchecked(getSmsCode, {
      scenario: 'x',
      ctoken: randomUUID(),
      randStr: answer,
      ticket: captchaKey,
      smsTypeCode,
      ...(mobilePhone ? { mobilePhone } : {}),
    });
    expect(res).toMatchObject({ responseCode: code, responseMsg: message });
    expect(await t.snapshot()).toEqual(before);
  });

  it('sends CHANGE_PHONE_NEW only to a number that is not registered', async () => {
    const cookie = await t.login(FRESH);
    const taken = await sendSms(t, { smsTypeCode: 'CHANGE_PHONE_NEW', mobilePhone: OTHER }, { cookie });
    expect(taken).toMatchObject({ responseCode: '4001', responseMsg: '该手机号已注册' });
    const free = await sendSms(
      t,
      { smsTypeCode: 'CHANGE_PHONE_NEW', mobilePhone: '13712345678' },
      { cookie },
    );
    expect(free.responseCode).toBe('0000');
    expect(await lastCode(t, '13712345678')).toMatch(/^\d{6}$/);
  });

  it('sends at most 30 an hour from one address, whatever the phones', async () => {
    const phones = (await t.rows(sql`select mobile_phone from accounts order by id limit 31`)).map((r) =>
      String(r.mobile_phone),
    );
    for (const phone of phones.slice(0, 30)) {
      const res = await sendSms(
        t,
        { smsTypeCode: 'RESET_PASSWORD', mobilePhone: phone },
        { remoteAddress: '10.9.9.9' },
      );
      expect(res.responseCode).toBe('0000');
    }
    const last = phones[30] ?? '';
    const refused = await sendSms(
      t,
      { smsTypeCode: 'RESET_PASSWORD', mobilePhone: last },
      { remoteAddress: '10.9.9.9' },
    );
    expect(refused).toMatchObject({ responseCode: '1029', responseMsg: '操作过于频繁，请稍后再试' });
    expect(
      (await sendSms(t, { smsTypeCode: 'RESET_PASSWORD', mobilePhone: last }, { remoteAddress: '10.9.9.8' }))
        .responseCode,
    ).toBe('0000');
  });
});

describe('SMS codes', () => {
  it('accepts a code at 5:00 after sending', async () => {
    const cookie = await t.login(FRESH);
    const code = await codeFor(t, cookie, 'VERIFY_PHONE', FRESH);
    t.clock.advance(minutes(5));
    expect(await verify(cookie, code)).toMatchObject({ responseCode: '0000', object: true });
    expect(await phoneVerified(cookie)).toBe(true);
  });

  it('refuses a code at 5:01 and changes nothing', async () => {
    const cookie = await t.login(FRESH);
    const code = await codeFor(t, cookie, 'VERIFY_PHONE', FRESH);
    t.clock.advance(minutes(5) + 1000);
    await phoneVerified(cookie); // the session's last_seen_at moves on the first call after a minute
    const before = await t.snapshot();
    expect(await verify(cookie, code)).toMatchObject({
      responseCode: '4004',
      responseMsg: '验证码已失效，请重新获取',
    });
    expect(await t.snapshot()).toEqual(before);
    expect(await phoneVerified(cookie)).toBe(false);
  });

  it('accepts a code once only', async () => {
    const cookie = await t.login(FRESH);
    const code = await codeFor(t, cookie, 'VERIFY_PHONE', FRESH);
    expect((await verify(cookie, code)).responseCode).toBe('0000');
    expect(await verify(cookie, code)).toMatchObject({
      responseCode: '4004',
      responseMsg: '验证码已失效，请重新获取',
    });
  });

  it('is bound to its type: a VERIFY_PHONE code does not change the password', async () => {
    const cookie = await t.login(FRESH);
    const code = await codeFor(t, cookie, 'LOGIN_PASSWORD', FRESH);
    expect(await verify(cookie, code)).toMatchObject({
      responseCode: '4004',
      responseMsg: '验证码已失效，请重新获取',
    });
    expect(await phoneVerified(cookie)).toBe(false);
  });

  it('is bound to its phone: another account cannot use it', async () => {
    const a = await t.login(FRESH);
    const code = await codeFor(t, a, 'VERIFY_PHONE', FRESH);
    const b = await t.login(OTHER);
    await codeFor(t, b, 'VERIFY_PHONE', OTHER);
    const otherCode = await lastCode(t, OTHER);
    if (otherCode !== code) expect((await verify(b, code)).responseMsg).toBe('验证码错误');
    expect((await verify(a, code)).responseCode).toBe('0000');
  });

  it('allows 4 wrong tries, then the right code still works', async () => {
    const cookie = await t.login(FRESH);
    const code = await codeFor(t, cookie, 'VERIFY_PHONE', FRESH);
    for (let i = 0; i < 4; i++)
      expect(await verify(cookie, wrongCode(code))).toMatchObject({
        responseCode: '4004',
        responseMsg: '验证码错误',
      });
    expect((await verify(cookie, code)).responseCode).toBe('0000');
  });

  it('kills the code at the 5th wrong try: the right code is refused afterwards', async () => {
    const cookie = await t.login(FRESH);
    const code = await codeFor(t, cookie, 'VERIFY_PHONE', FRESH);
    for (let i = 0; i < 4; i++) await verify(cookie, wrongCode(code));
    expect(await verify(cookie, wrongCode(code))).toMatchObject({
      responseCode: '4004',
      responseMsg: '验证码错误次数过多，请重新获取',
    });
    expect(await verify(cookie, code)).toMatchObject({ responseMsg: '验证码已失效，请重新获取' });
    expect(await phoneVerified(cookie)).toBe(false);
  });

  it('replaces the old code with a new one', async () => {
    const cookie = await t.login(FRESH);
    const first = await codeFor(t, cookie, 'VERIFY_PHONE', FRESH);
    t.clock.advance(minutes(1));
    const second = await codeFor(t, cookie, 'VERIFY_PHONE', FRESH);
    if (first !== second) expect((await verify(cookie, first)).responseCode).toBe('4004');
    expect((await verify(cookie, second)).responseCode).toBe('0000');
  });

  it('lets only one of two simultaneous uses of a code through', async () => {
    const cookie = await t.login(FRESH);
    const code = await codeFor(t, cookie, 'VERIFY_PHONE', FRESH);
    const results = await Promise.all([verify(cookie, code), verify(cookie, code)]);
    expect(results.map((r) => r.responseCode).sort()).toEqual(['0000', '4004']);
  });

  it('lets only one of two simultaneous sends to a phone through', async () => {
    // Both captchas solved first (the test app remembers only the newest captcha's text).
    const captchas = [await t.newCaptcha(), await t.newCaptcha()];
    const results = await Promise.all(
      captchas.map(({ captchaKey, answer }) =>
        t.call(getSmsCode, {
          scenario: 'x',
          ctoken: randomUUID(),
          randStr: answer,
          ticket: captchaKey,
          smsTypeCode: 'RESET_PASSWORD',
          mobilePhone: FRESH,
        }),
      ),
    );
    expect(results.map((r) => r.responseCode).sort()).toEqual(['0000', '1029']);
    expect(await t.rows(sql`select id from sms_codes`)).toHaveLength(1);
  });

  it('refuses a malformed code by the contract before looking it up', async () => {
    const cookie = await t.login(FRESH);
    await codeFor(t, cookie, 'VERIFY_PHONE', FRESH);
    const before = await t.snapshot();
    expect(await t.callUnchecked(verifyMobilePhone, { smsCode: '12345' }, { cookie })).toMatchObject({
      responseCode: '1000',
      responseMsg: '短信验证码为6位数字',
    });
    expect(await t.callUnchecked(verifyMobilePhone, { smsCode: '' }, { cookie })).toMatchObject({
      responseMsg: '请输入短信验证码',
    });
    expect(await t.snapshot()).toEqual(before);
  });
});

describe('POST /api/sms/outbox/queryPage', () => {
  it('lists the outbox newest first for the operator, filtered by phone', async () => {
    await sendSms(t, { smsTypeCode: 'RESET_PASSWORD', mobilePhone: FRESH });
    await sendSms(t, { smsTypeCode: 'RESET_PASSWORD', mobilePhone: OTHER });
    const cookie = await t.login('13800000000');
    const all = await t.call(querySmsOutbox, { pageNum: 1, pageSize: 30 }, { cookie });
    expect(all.totalCount).toBe(2);
    expect(all.object?.map((r) => r.mobilePhone)).toEqual([OTHER, FRESH]);
    expect(all.object?.[0]).toMatchObject({
      smsTypeCode: 'RESET_PASSWORD',
      createTime: '2026-03-02 10:00:00',
    });
    const one = await t.call(querySmsOutbox, { pageNum: 1, pageSize: 30, mobilePhone: '0004' }, { cookie });
    expect(one.object?.map((r) => r.mobilePhone)).toEqual([FRESH]);
  });

  it('shows a message delivered twice (a retry after a crash) once', async () => {
    await sendSms(t, { smsTypeCode: 'RESET_PASSWORD', mobilePhone: FRESH });
    // The outbox row back to what its transaction wrote, as a crash right after the commit leaves it.
    await t.rows(
      sql`update outbox set status = 'pending', attempts = 0, sent_at = null, next_attempt_at = created_at + interval '60 seconds'`,
    );
    t.clock.advance(minutes(1));
    const services = createServices({ db: t.db, config: t.config, clock: t.clock.now });
    expect(await services.outbox.dispatchDue()).toMatchObject({ sent: 1 });
    const cookie = await t.login('13800000000');
    const all = await t.call(querySmsOutbox, { pageNum: 1, pageSize: 30 }, { cookie });
    expect(all.totalCount).toBe(1);
  });

  it('answers 1003 below level 0', async () => {
    const cookie = await t.login('13800000001');
    expect((await t.call(querySmsOutbox, { pageNum: 1, pageSize: 30 }, { cookie })).responseCode).toBe(
      '1003',
    );
  });
});

describe('POST /api/captcha/channel (no channel 1 configured)', () => {
  it('answers channel 2 for every scenario', async () => {
    expect((await t.call(captchaChannel, { scenario: 'sms' })).object).toEqual({
      channel: 2,
      captchaId: '/api/captcha/image',
    });
  });
});
