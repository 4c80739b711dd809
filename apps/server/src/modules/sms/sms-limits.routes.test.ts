import { randomUUID } from 'node:crypto';
import {
  getSmsCode,
  SMS_CODE_MAX_WRONG_TRIES,
  SMS_SENDS_PER_IP_PER_HOUR,
  verifyMobilePhone,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { codeFor, wrongCode } from './sms.test-kit';

/**
 * The SMS limits under parallel requests. On PostgreSQL these really race (a pool of connections);
 * on PGlite the requests still interleave between statements.
 */
const t = useTestApp();
const FRESH = '13800000004';

describe('SMS code checks under parallel guesses', () => {
  it(`compares at most ${SMS_CODE_MAX_WRONG_TRIES} of 40 simultaneous guesses; the rest find the code closed`, async () => {
    const cookie = await t.login(FRESH);
    const code = await codeFor(t, cookie, 'VERIFY_PHONE', FRESH);
    // 40 different wrong codes at once.
    const guesses = Array.from({ length: 40 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const replies = await Promise.all(
      guesses.map((smsCode) => t.call(verifyMobilePhone, { smsCode }, { cookie })),
    );
    const messages = replies.map((r) => `${r.responseCode} ${r.responseMsg}`);
    const count = (m: string) => messages.filter((x) => x === m).length;
    expect(count('4004 验证码错误')).toBe(SMS_CODE_MAX_WRONG_TRIES - 1);
    expect(count('4004 验证码错误次数过多，请重新获取')).toBe(1);
    expect(count('4004 验证码已失效，请重新获取')).toBe(40 - SMS_CODE_MAX_WRONG_TRIES);
    // The code is dead: the right one no longer passes.
    expect(await t.call(verifyMobilePhone, { smsCode: code }, { cookie })).toMatchObject({
      responseCode: '4004',
      responseMsg: '验证码已失效，请重新获取',
    });
  });

  it('lets the right code through when it is among the first checks of a parallel burst', async () => {
    const cookie = await t.login(FRESH);
    const code = await codeFor(t, cookie, 'VERIFY_PHONE', FRESH);
    const replies = await Promise.all([
      t.call(verifyMobilePhone, { smsCode: code }, { cookie }),
      t.call(verifyMobilePhone, { smsCode: wrongCode(code) }, { cookie }),
    ]);
    // Either order: the right code passes if it was checked first, or after one wrong try.
    expect(replies[0]?.responseCode).toBe('0000');
  });
});

describe('SMS send limit per address under parallel sends', () => {
  it(`sends at most ${SMS_SENDS_PER_IP_PER_HOUR} an hour from one address, even when the last ones arrive together`, async () => {
    const ip = '10.77.0.1';
    const now = t.clock.now();
    // The address has used all but one of its sends this hour.
    for (let i = 0; i < SMS_SENDS_PER_IP_PER_HOUR - 1; i++) {
      await t.rows(sql`insert into sms_codes (mobile_phone, sms_type, code_hash, ctoken, ip, created_at, expires_at, closed_at)
        values (${`1390000${String(i).padStart(4, '0')}`}, 'RESET_PASSWORD', 'x', ${randomUUID()}, ${ip},
          ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`);
    }
    // Five registered phones, five solved captchas (taken one by one from another address).
    const phones = ['13800000001', '13800000002', '13800000003', '13800000004', '13800000005'];
    const captchas: { captchaKey: string; answer: string }[] = [];
    for (let i = 0; i < phones.length; i++)
      captchas.push(await t.newCaptcha({ remoteAddress: `10.78.0.${i + 1}` }));
    const replies = await Promise.all(
      phones.map((mobilePhone, i) =>
        t.call(
          getSmsCode,
          {
            scenario: 'test',
            smsTypeCode: 'RESET_PASSWORD',
            mobilePhone,
            ctoken: randomUUID(),
            randStr: captchas[i]?.answer ?? '',
            ticket: captchas[i]?.captchaKey ?? '',
          },
          { remoteAddress: ip },
        ),
      ),
    );
    expect(replies.filter((r) => r.responseCode === '0000')).toHaveLength(1);
    expect(replies.filter((r) => r.responseCode === '1029')).toHaveLength(phones.length - 1);
    const [row] = await t.rows(sql`select count(*)::int as n from sms_codes where ip = ${ip}`);
    expect(row?.n).toBe(SMS_SENDS_PER_IP_PER_HOUR);
  });
});
