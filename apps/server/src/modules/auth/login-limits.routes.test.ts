import {
  captchaImage,
  LOGIN_CAPTCHA_AFTER_FAILURES,
  LOGIN_MAX_FAILURES_PER_ADDRESS_PER_HOUR,
  LOGIN_MAX_FAILURES_PER_HOUR,
  login,
  resetPasswordOne,
  resetPasswordTwo,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_DIGEST, md5Hex, useTestApp } from '../../../test/build-test-app';
import { minutes } from '../../shared/time';
import { codeFor } from '../sms/sms.test-kit';
import { LOGIN_MESSAGES } from './auth.service';
import { CAPTCHAS_PER_MINUTE } from './captcha.service';

/**
 * The login limits (docs/domain.md#login) and their atomicity: on PostgreSQL the parallel requests
 * below really race; on PGlite they interleave between statements.
 */
const t = useTestApp();
const OPERATOR = '13800000000';
const CITY = '13800000003';
const WRONG = md5Hex('wrong-password');

/** Failures stored directly: `n` of them, 30 minutes ago, for a phone from addresses of their own, or from one address. */
async function pastFailures(n: number, by: { phone: string } | { ip: string }) {
  const at = new Date(t.clock.now().getTime() - minutes(30));
  if ('phone' in by)
    await t.rows(sql`insert into login_attempts (phone, ip, at, success)
      select ${by.phone}, '10.9.' || (g / 250) || '.' || (g % 250), ${at}, false from generate_series(1, ${n}) g`);
  else
    await t.rows(sql`insert into login_attempts (phone, ip, at, success)
      select '139' || lpad(g::text, 8, '0'), ${by.ip}, ${at}, false from generate_series(1, ${n}) g`);
}

const attemptsOf = async (phone: string) => {
  const [row] = await t.rows(sql`select count(*)::int as n from login_attempts where phone = ${phone}`);
  return Number(row?.n);
};

/** Solved captchas, fetched one by one (each from an address of its own). */
async function captchas(n: number) {
  const out: { captchaKey: string; captchaCode: string }[] = [];
  for (let i = 0; i < n; i++) {
    const { captchaKey, answer } = await t.newCaptcha({ remoteAddress: `10.66.0.${i + 1}` });
    out.push({ captchaKey, captchaCode: answer });
  }
  return out;
}

describe('login limits', () => {
  it(`refuses an address after ${LOGIN_MAX_FAILURES_PER_ADDRESS_PER_HOUR} failures in an hour, whatever the phone; other addresses go on`, async () => {
    await pastFailures(LOGIN_MAX_FAILURES_PER_ADDRESS_PER_HOUR, { ip: '10.5.0.1' });
    const [c] = await captchas(1);
    const refused = await t.call(
      login,
      { mobilePhone: OPERATOR, password: DEMO_DIGEST, ...c },
      { remoteAddress: '10.5.0.1' },
    );
    expect(refused).toMatchObject({ responseCode: '2004', responseMsg: LOGIN_MESSAGES.addressLocked });
    const elsewhere = await t.call(
      login,
      { mobilePhone: OPERATOR, password: DEMO_DIGEST },
      { remoteAddress: '10.5.0.2' },
    );
    expect(elsewhere.responseCode).toBe('0000');
  });

  it('lets the owner lift the lock of the phone at once by resetting the password by SMS', async () => {
    await pastFailures(LOGIN_MAX_FAILURES_PER_HOUR, { phone: CITY });
    const locked = await t.call(login, { mobilePhone: CITY, password: DEMO_DIGEST });
    expect(locked).toMatchObject({ responseCode: '2004', responseMsg: LOGIN_MESSAGES.phoneLocked });

    const code = await codeFor(t, undefined, 'RESET_PASSWORD', CITY, true);
    const one = await t.call(resetPasswordOne, { mobilePhone: CITY, smsCode: code });
    const newPassword = md5Hex('New-password-2026');
    const two = await t.call(resetPasswordTwo, {
      resetToken: one.object?.resetToken ?? '',
      newLoginPassword: newPassword,
    });
    expect(two.responseCode).toBe('0000');
    // Failures before the reset no longer count: no lock, and no captcha either.
    expect((await t.call(login, { mobilePhone: CITY, password: newPassword })).responseCode).toBe('0000');
  });
});

describe('login limits under parallel requests', () => {
  it(`checks only ${LOGIN_CAPTCHA_AFTER_FAILURES} of 40 simultaneous wrong passwords before asking for the captcha`, async () => {
    const replies = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.call(login, { mobilePhone: CITY, password: WRONG }, { remoteAddress: '10.6.0.1' }),
      ),
    );
    const codes = replies.map((r) => r.responseCode);
    expect(codes.filter((c) => c === '2001')).toHaveLength(LOGIN_CAPTCHA_AFTER_FAILURES);
    expect(codes.filter((c) => c === '2002')).toHaveLength(40 - LOGIN_CAPTCHA_AFTER_FAILURES);
    expect(await attemptsOf(CITY)).toBe(LOGIN_CAPTCHA_AFTER_FAILURES);
  });

  it(`checks no more than ${LOGIN_MAX_FAILURES_PER_HOUR} passwords of a phone an hour when the last guesses arrive together`, async () => {
    await pastFailures(LOGIN_MAX_FAILURES_PER_HOUR - 3, { phone: CITY });
    const solved = await captchas(10);
    const replies = await Promise.all(
      solved.map((c, i) =>
        t.call(login, { mobilePhone: CITY, password: WRONG, ...c }, { remoteAddress: `10.7.0.${i + 1}` }),
      ),
    );
    const codes = replies.map((r) => r.responseCode);
    expect(codes.filter((c) => c === '2001')).toHaveLength(3);
    expect(codes.filter((c) => c === '2004')).toHaveLength(7);
    expect(await attemptsOf(CITY)).toBe(LOGIN_MAX_FAILURES_PER_HOUR);
  });

  it('counts an attempt whose password is right as a success once checked', async () => {
    const replies = await Promise.all([
      t.call(login, { mobilePhone: CITY, password: DEMO_DIGEST }, { remoteAddress: '10.8.1.1' }),
      t.call(login, { mobilePhone: CITY, password: WRONG }, { remoteAddress: '10.8.1.2' }),
    ]);
    expect(replies.map((r) => r.responseCode)).toEqual(['0000', '2001']);
    const rows = await t.rows(sql`select ip, success from login_attempts where phone = ${CITY} order by ip`);
    expect(rows).toEqual([
      { ip: '10.8.1.1', success: true },
      { ip: '10.8.1.2', success: false },
    ]);
  });

  it(`draws at most ${CAPTCHAS_PER_MINUTE} captchas a minute for one address, even asked for all at once`, async () => {
    const replies = await Promise.all(
      Array.from({ length: CAPTCHAS_PER_MINUTE + 10 }, () =>
        t.call(captchaImage, {}, { remoteAddress: '10.4.4.4' }),
      ),
    );
    expect(replies.filter((r) => r.responseCode === '0000')).toHaveLength(CAPTCHAS_PER_MINUTE);
    expect(replies.filter((r) => r.responseCode === '1029')).toHaveLength(10);
    const [row] = await t.rows(sql`select count(*)::int as n from captchas where ip = '10.4.4.4'`);
    expect(row?.n).toBe(CAPTCHAS_PER_MINUTE);
  });
});
