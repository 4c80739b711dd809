import { captchaChannel, captchaImage, isLogin, login, logout, queryUserInfo } from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_DIGEST, md5Hex, sessionCookieOf, type TestApp, useTestApp } from '../../../test/build-test-app';
import { sha256Hex } from '../../shared/hash';
import { hours, minutes } from '../../shared/time';

const t = useTestApp();
const OPERATOR = '13800000000';
const CITY = '13800000003';
const WRONG = md5Hex('wrong-password');

const fail = (app: TestApp, phone: string, remoteAddress = '127.0.0.1') =>
  app.call(login, { mobilePhone: phone, password: WRONG }, { remoteAddress });

describe('POST /api/user/login', () => {
  it('logs in with the right password and sets an HttpOnly SameSite session cookie', async () => {
    const res = await t.call(login, { mobilePhone: OPERATOR, password: DEMO_DIGEST });
    expect(res.responseCode).toBe('0000');
    expect(res.object).toEqual({ userId: 10000, agentId: 1 });
    const header = res.http.setCookie ?? '';
    expect(header).toMatch(/^ac_sid=[A-Za-z0-9_-]{43};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/');
    expect(header).not.toContain('Secure');
    expect(header).toContain(`Max-Age=${168 * 3600}`);
  });

  it('stores only the SHA-256 of the session token', async () => {
    const cookie = await t.login(OPERATOR);
    const token = cookie.slice('ac_sid='.length);
    const rows = await t.rows(sql`select id, account_id from sessions`);
    expect(rows).toEqual([{ id: sha256Hex(token), account_id: 10000 }]);
  });

  it('records the login time shown as the last login', async () => {
    const cookie = await t.login(CITY);
    const info = await t.call(queryUserInfo, {}, { cookie });
    expect(info.object?.lastLoginTime).toBe('2026-03-02 10:00:00');
  });

  it('answers 2001 for a wrong password, and the same for an unknown phone', async () => {
    const wrong = await fail(t, OPERATOR);
    expect(wrong).toMatchObject({ responseCode: '2001', responseMsg: '手机号或密码错误', object: null });
    expect(wrong.http.statusCode).toBe(200);
    expect(wrong.http.setCookie).toBeUndefined();
    const unknown = await t.call(login, { mobilePhone: '13712345678', password: DEMO_DIGEST });
    expect(unknown).toMatchObject({ responseCode: '2001', responseMsg: '手机号或密码错误' });
  });

  it('refuses an invalid phone with the contract message and changes nothing', async () => {
    const before = await t.snapshot();
    const res = await t.callUnchecked(login, { mobilePhone: '12345678901', password: DEMO_DIGEST });
    expect(res).toMatchObject({ responseCode: '1000', responseMsg: '手机号不正确', object: null });
    expect(await t.snapshot()).toEqual(before);
  });

  it.each([
    ['a missing phone', { password: DEMO_DIGEST }, '请输入手机号'],
    ['a missing password', { mobilePhone: OPERATOR }, '请输入密码'],
    [
      'a password that is not an MD5 digest',
      { mobilePhone: OPERATOR, password: 'Demo2026' },
      '密码格式不正确',
    ],
    ['a number for the phone', { mobilePhone: 13800000000, password: DEMO_DIGEST }, '请输入手机号'],
    ['an unknown field', { mobilePhone: OPERATOR, password: DEMO_DIGEST, remember: true }, 'remember'],
    [
      'an over-long captcha key',
      { mobilePhone: OPERATOR, password: DEMO_DIGEST, captchaKey: 'k'.repeat(65) },
      'captchaKey',
    ],
    ['a body that is not an object', [OPERATOR, DEMO_DIGEST], '请求参数错误'],
  ])('refuses %s with code 1000 and changes nothing', async (_name, body, message) => {
    const before = await t.snapshot();
    const res = await t.callUnchecked(login, body);
    expect(res.responseCode).toBe('1000');
    expect(res.responseMsg).toContain(message);
    expect(res.http.setCookie).toBeUndefined();
    expect(await t.snapshot()).toEqual(before);
  });

  it('requires the image captcha after 3 failures for the phone, even with the right password', async () => {
    for (let i = 0; i < 3; i++) expect((await fail(t, CITY, `10.0.0.${i + 1}`)).responseCode).toBe('2001');
    const res = await t.call(
      login,
      { mobilePhone: CITY, password: DEMO_DIGEST },
      { remoteAddress: '10.0.0.9' },
    );
    expect(res).toMatchObject({ responseCode: '2002', responseMsg: '请输入图片验证码' });

    const { captchaKey, answer } = await t.newCaptcha();
    const ok = await t.call(
      login,
      { mobilePhone: CITY, password: DEMO_DIGEST, captchaKey, captchaCode: answer },
      { remoteAddress: '10.0.0.9' },
    );
    expect(ok.responseCode).toBe('0000');
  });

  it('does not ask for a captcha after only 2 failures', async () => {
    await fail(t, CITY);
    await fail(t, CITY);
    expect((await t.call(login, { mobilePhone: CITY, password: DEMO_DIGEST })).responseCode).toBe('0000');
  });

  it('requires the captcha after 3 failures from one address, whatever the phone', async () => {
    await fail(t, '13800000001', '10.1.1.1');
    await fail(t, '13800000002', '10.1.1.1');
    await fail(t, '13712345678', '10.1.1.1');
    const sameAddress = await t.call(
      login,
      { mobilePhone: OPERATOR, password: DEMO_DIGEST },
      { remoteAddress: '10.1.1.1' },
    );
    expect(sameAddress.responseCode).toBe('2002');
    const otherAddress = await t.call(
      login,
      { mobilePhone: OPERATOR, password: DEMO_DIGEST },
      { remoteAddress: '10.1.1.2' },
    );
    expect(otherAddress.responseCode).toBe('0000');
  });

  it('forgets failures older than 15 minutes', async () => {
    for (let i = 0; i < 3; i++) await fail(t, CITY);
    t.clock.advance(minutes(15) + 1000);
    expect((await t.call(login, { mobilePhone: CITY, password: DEMO_DIGEST })).responseCode).toBe('0000');
  });

  it("resets the phone's count after a successful login", async () => {
    await fail(t, CITY, '10.2.0.1');
    await fail(t, CITY, '10.2.0.2');
    const { captchaKey, answer } = await t.newCaptcha();
    await t.call(
      login,
      { mobilePhone: CITY, password: DEMO_DIGEST, captchaKey, captchaCode: answer },
      { remoteAddress: '10.2.0.3' },
    );
    await fail(t, CITY, '10.2.0.4');
    const res = await t.call(
      login,
      { mobilePhone: CITY, password: DEMO_DIGEST },
      { remoteAddress: '10.2.0.5' },
    );
    expect(res.responseCode).toBe('0000');
  });

  it('answers 2003 for a wrong captcha and uses that captcha up', async () => {
    for (let i = 0; i < 3; i++) await fail(t, CITY);
    const { captchaKey, answer } = await t.newCaptcha();
    const wrong = await t.call(login, {
      mobilePhone: CITY,
      password: DEMO_DIGEST,
      captchaKey,
      captchaCode: 'ZZZZZ',
    });
    expect(wrong).toMatchObject({ responseCode: '2003', responseMsg: '图片验证码错误' });
    const reused = await t.call(login, {
      mobilePhone: CITY,
      password: DEMO_DIGEST,
      captchaKey,
      captchaCode: answer,
    });
    expect(reused.responseCode).toBe('2003');
  });

  it('accepts a captcha once only', async () => {
    for (let i = 0; i < 3; i++) await fail(t, CITY);
    const { captchaKey, answer } = await t.newCaptcha();
    const body = { mobilePhone: CITY, password: DEMO_DIGEST, captchaKey, captchaCode: answer };
    expect((await t.call(login, body)).responseCode).toBe('0000');
    expect((await t.call(login, body)).responseCode).toBe('2003');
  });

  it('accepts the captcha answer in any letter case', async () => {
    for (let i = 0; i < 3; i++) await fail(t, CITY);
    const { captchaKey, answer } = await t.newCaptcha();
    const res = await t.call(login, {
      mobilePhone: CITY,
      password: DEMO_DIGEST,
      captchaKey,
      captchaCode: answer.toLowerCase(),
    });
    expect(res.responseCode).toBe('0000');
  });

  it('refuses a captcha older than 5 minutes', async () => {
    for (let i = 0; i < 3; i++) await fail(t, CITY);
    const { captchaKey, answer } = await t.newCaptcha();
    t.clock.advance(minutes(5) + 1000);
    const res = await t.call(login, {
      mobilePhone: CITY,
      password: DEMO_DIGEST,
      captchaKey,
      captchaCode: answer,
    });
    expect(res.responseCode).toBe('2003');
  });

  it('locks the account after 100 failures within an hour, even for the right password', async () => {
    // 99 earlier failures from other addresses, then the 100th through the API.
    await t.rows(sql`insert into login_attempts (phone, ip, at, success)
      select ${CITY}, '10.9.0.' || g, ${new Date(t.clock.now().getTime() - minutes(30))}, false
      from generate_series(1, 99) g`);
    const { captchaKey, answer } = await t.newCaptcha();
    const hundredth = await t.call(login, {
      mobilePhone: CITY,
      password: WRONG,
      captchaKey,
      captchaCode: answer,
    });
    expect(hundredth.responseCode).toBe('2001');

    const second = await t.newCaptcha();
    const locked = await t.call(login, {
      mobilePhone: CITY,
      password: DEMO_DIGEST,
      captchaKey: second.captchaKey,
      captchaCode: second.answer,
    });
    expect(locked).toMatchObject({
      responseCode: '2004',
      responseMsg: '该账号登录失败次数过多，已暂时锁定；可通过“忘记密码”重置密码后立即登录',
    });
    expect(locked.http.setCookie).toBeUndefined();
    // Other accounts are not affected.
    expect(
      (await t.call(login, { mobilePhone: OPERATOR, password: DEMO_DIGEST }, { remoteAddress: '10.8.0.1' }))
        .responseCode,
    ).toBe('0000');

    t.clock.advance(hours(1));
    expect((await t.call(login, { mobilePhone: CITY, password: DEMO_DIGEST })).responseCode).toBe('0000');
  });

  it("rotates the session: a new login revokes this browser's previous session", async () => {
    const first = await t.login(CITY);
    const res = await t.call(login, { mobilePhone: CITY, password: DEMO_DIGEST }, { cookie: first });
    const second = sessionCookieOf(res.http.setCookie);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await t.call(isLogin, {}, { cookie: first })).object).toBe(false);
    expect((await t.call(isLogin, {}, { cookie: second })).object).toBe(true);
  });

  it('keeps the sessions of two browsers apart', async () => {
    const a = await t.login(CITY);
    const b = await t.login(CITY);
    expect((await t.call(isLogin, {}, { cookie: a })).object).toBe(true);
    expect((await t.call(isLogin, {}, { cookie: b })).object).toBe(true);
  });

  it('refuses a disabled account with 2005 after the right password', async () => {
    await t.rows(sql`update accounts set status = 'disabled' where mobile_phone = ${CITY}`);
    const res = await t.call(login, { mobilePhone: CITY, password: DEMO_DIGEST });
    expect(res).toMatchObject({ responseCode: '2005', responseMsg: '账号已停用' });
  });
});

describe('POST /api/user/logout', () => {
  it('revokes the session and clears the cookie', async () => {
    const cookie = await t.login(CITY);
    const res = await t.call(logout, {}, { cookie });
    expect(res).toMatchObject({ responseCode: '0000', object: true });
    expect(res.http.setCookie).toMatch(/ac_sid=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    expect((await t.call(queryUserInfo, {}, { cookie })).responseCode).toBe('9996');
    const [row] = await t.rows(sql`select revoked_at from sessions`);
    expect(row?.revoked_at).not.toBeNull();
  });

  it('succeeds without a session', async () => {
    expect((await t.call(logout, {})).responseCode).toBe('0000');
  });
});

describe('POST /api/userBase/isLogin', () => {
  it('answers false without a cookie and true with a live session', async () => {
    expect((await t.call(isLogin, {})).object).toBe(false);
    const cookie = await t.login(CITY);
    expect((await t.call(isLogin, {}, { cookie })).object).toBe(true);
  });

  it('answers false for an unknown token and clears that cookie', async () => {
    const res = await t.call(isLogin, {}, { cookie: 'ac_sid=forged-token' });
    expect(res.object).toBe(false);
    expect(res.http.setCookie).toMatch(/^ac_sid=;/);
  });

  it('ends a session idle for 120 minutes (at most a minute later: last_seen_at is written once a minute)', async () => {
    const cookie = await t.login(CITY);
    t.clock.advance(minutes(100));
    expect((await t.call(isLogin, {}, { cookie })).object).toBe(true);
    t.clock.advance(minutes(119));
    expect((await t.call(isLogin, {}, { cookie })).object).toBe(true);
    t.clock.advance(minutes(121));
    expect((await t.call(isLogin, {}, { cookie })).object).toBe(false);
    t.clock.advance(minutes(1));
    expect((await t.call(isLogin, {}, { cookie })).object).toBe(false);
  });

  it('never ends a session early: idle time counts from the last request, not the last write', async () => {
    const cookie = await t.login(CITY); // last_seen_at written now
    t.clock.advance(59_000);
    // A request 59 s later: last_seen_at is not written again (once a minute).
    expect((await t.call(isLogin, {}, { cookie })).object).toBe(true);
    // 119 min 59 s after that request (120 min 58 s after the last write): still alive.
    t.clock.advance(minutes(120) - 1000);
    expect((await t.call(isLogin, {}, { cookie })).object).toBe(true);
  });

  it('ends a session no later than a minute past the idle time after its last request', async () => {
    const cookie = await t.login(CITY);
    t.clock.advance(59_000);
    expect((await t.call(isLogin, {}, { cookie })).object).toBe(true);
    t.clock.advance(minutes(121) - 59_000);
    expect((await t.call(isLogin, {}, { cookie })).object).toBe(false);
  });

  it('ends an active session 168 hours after login', async () => {
    const cookie = await t.login(CITY);
    for (let elapsed = 0; elapsed + 110 < 168 * 60; elapsed += 110) {
      t.clock.advance(minutes(110));
      expect((await t.call(isLogin, {}, { cookie })).object).toBe(true);
    }
    t.clock.advance(minutes(110));
    expect((await t.call(isLogin, {}, { cookie })).object).toBe(false);
  });

  it('writes last_seen_at at most once a minute', async () => {
    const cookie = await t.login(CITY);
    const lastSeen = () => t.epochMs(sql`select last_seen_at from sessions`);
    const start = await lastSeen();
    t.clock.advance(30_000);
    await t.call(isLogin, {}, { cookie });
    expect(await lastSeen()).toBe(start);
    t.clock.advance(31_000);
    await t.call(isLogin, {}, { cookie });
    expect(await lastSeen()).toBe(t.clock.now().getTime());
  });
});

describe('POST /api/captcha/image', () => {
  it('returns an SVG and a key, and stores only a hash of the answer', async () => {
    const res = await t.call(captchaImage, {});
    expect(res.responseCode).toBe('0000');
    expect(res.object?.svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    const [row] = await t.rows(sql`select * from captchas`);
    expect(row?.key).toBe(res.object?.captchaKey);
    expect(String(row?.answer_hash)).toMatch(/^[0-9a-f]{64}$/);
    expect(await t.epochMs(sql`select expires_at from captchas`)).toBe(t.clock.now().getTime() + minutes(5));
  });

  it('answers 1029 past 30 images a minute from one address', async () => {
    for (let i = 0; i < 30; i++) expect((await t.call(captchaImage, {})).responseCode).toBe('0000');
    const refused = await t.call(captchaImage, {});
    expect(refused).toMatchObject({
      responseCode: '1029',
      responseMsg: '操作过于频繁，请稍后再试',
      object: null,
    });
    expect((await t.call(captchaImage, {}, { remoteAddress: '10.3.0.1' })).responseCode).toBe('0000');
    t.clock.advance(minutes(1));
    expect((await t.call(captchaImage, {})).responseCode).toBe('0000');
  });
});

describe('POST /api/captcha/channel', () => {
  it('names the built-in image captcha, channel 2', async () => {
    const res = await t.call(captchaChannel, { scenario: 'login' });
    expect(res.object).toEqual({ channel: 2, captchaId: '/api/captcha/image' });
  });

  it('refuses unknown fields', async () => {
    expect((await t.callUnchecked(captchaChannel, { channel: 1 })).responseCode).toBe('1000');
  });
});
