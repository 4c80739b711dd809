import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { sendSms } from '../sms/sms.test-kit';

/** The dispatcher as the server runs it: started with the app, delivering what a crash left. */
const t = useTestApp({ outboxDispatcher: { intervalMs: 20 } });

async function waitFor(check: () => Promise<boolean>, ms = 10_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('timed out');
}

describe('the outbox dispatcher of the app', () => {
  it('delivers a message a crash left pending once its writer’s lease is over', async () => {
    expect(
      (await sendSms(t, { smsTypeCode: 'RESET_PASSWORD', mobilePhone: '13800000004' })).responseCode,
    ).toBe('0000');
    await t.rows(sql`delete from sms_outbox`);
    await t.rows(
      sql`update outbox set status = 'pending', attempts = 0, sent_at = null, next_attempt_at = created_at + interval '60 seconds'`,
    );
    t.clock.advance(60_000);
    await waitFor(async () => (await t.rows(sql`select status from outbox`))[0]?.status === 'sent');
    expect(await t.rows(sql`select mobile_phone from sms_outbox`)).toEqual([{ mobile_phone: '13800000004' }]);
  });
});
