import {
  isExistMobilePhone,
  PHONE_LOOKUPS_PER_IP_PER_DAY,
  PHONE_LOOKUPS_PER_IP_PER_MINUTE,
  pathOf,
  resetPasswordOne,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { hours, minutes } from '../../shared/time';

/**
 * Issue 8: the public calls that tell whether a phone is registered are limited per address, in
 * one atomic statement per request, so parallel requests cannot slip past the limit (on
 * PostgreSQL these run on several connections at once).
 */
const t = useTestApp({ seed: 'empty' });
const ADDRESS = '198.51.100.7';

const lookup = async (phone = '13912345678', remoteAddress = ADDRESS) =>
  (
    await t.inject({
      method: 'POST',
      url: pathOf(isExistMobilePhone, { mobilePhone: phone }),
      payload: {},
      remoteAddress,
    })
  ).json() as { responseCode: string; responseMsg: string };

const PER_MINUTE = '手机号查询过于频繁，请1分钟后再试';

describe('the phone lookup limit per address', () => {
  it(`answers ${PHONE_LOOKUPS_PER_IP_PER_MINUTE} lookups a minute, then 1029 until the next minute`, async () => {
    for (let i = 0; i < PHONE_LOOKUPS_PER_IP_PER_MINUTE; i++)
      expect((await lookup()).responseCode).toBe('0000');
    expect(await lookup()).toMatchObject({ responseCode: '1029', responseMsg: PER_MINUTE });
    // Another address has its own budget.
    expect((await lookup('13912345678', '198.51.100.8')).responseCode).toBe('0000');
    t.clock.advance(minutes(1));
    expect((await lookup()).responseCode).toBe('0000');
  });

  it('counts the password reset (which tells an unregistered phone too) against the same budget', async () => {
    for (let i = 0; i < PHONE_LOOKUPS_PER_IP_PER_MINUTE; i++)
      expect((await lookup()).responseCode).toBe('0000');
    const reset = await t.call(
      resetPasswordOne,
      { mobilePhone: '13912345678', smsCode: '123456' },
      { remoteAddress: ADDRESS },
    );
    expect(reset).toMatchObject({ responseCode: '1029', responseMsg: PER_MINUTE });
  });

  it(`answers at most ${PHONE_LOOKUPS_PER_IP_PER_DAY} lookups a day`, async () => {
    for (let i = 0; i < PHONE_LOOKUPS_PER_IP_PER_DAY; i++) {
      if (i > 0 && i % PHONE_LOOKUPS_PER_IP_PER_MINUTE === 0) t.clock.advance(minutes(1));
      expect((await lookup()).responseCode).toBe('0000');
    }
    t.clock.advance(minutes(1));
    expect(await lookup()).toMatchObject({
      responseCode: '1029',
      responseMsg: '手机号查询次数已达今日上限，请明天再试',
    });
    t.clock.advance(hours(24));
    expect((await lookup()).responseCode).toBe('0000');
  });

  it('holds under parallel requests: exactly the budget is answered, the rest refused', async () => {
    const results = await Promise.all(
      Array.from({ length: 3 * PHONE_LOOKUPS_PER_IP_PER_MINUTE }, () => lookup()),
    );
    const codes = results.map((r) => r.responseCode);
    expect(codes.filter((c) => c === '0000')).toHaveLength(PHONE_LOOKUPS_PER_IP_PER_MINUTE);
    expect(codes.filter((c) => c === '1029')).toHaveLength(2 * PHONE_LOOKUPS_PER_IP_PER_MINUTE);
    const [row] = await t.rows(
      sql`select hits from rate_limit_counters where bucket = ${`phone-lookup:m:${ADDRESS}`}`,
    );
    expect(Number(row?.hits)).toBe(3 * PHONE_LOOKUPS_PER_IP_PER_MINUTE);
  });

  it('refuses a malformed phone before counting it', async () => {
    expect((await lookup('123')).responseCode).toBe('1000');
    expect(await t.rows(sql`select * from rate_limit_counters`)).toEqual([]);
  });
});
