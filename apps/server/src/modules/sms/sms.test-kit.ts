import { randomUUID } from 'node:crypto';
import { getSmsCode, getSmsCodeSigned, type SmsTypeCode } from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import type { CallOptions, TestApp } from '../../../test/build-test-app';

let captchaAddress = 0;

/** Sends a code through the API with a solved image captcha (taken from an address of its own). */
export async function sendSms(
  t: TestApp,
  body: { smsTypeCode: SmsTypeCode; mobilePhone?: string; ctoken?: string },
  opts: CallOptions = {},
) {
  captchaAddress += 1;
  const { captchaKey, answer } = await t.newCaptcha({
    remoteAddress: `10.250.${Math.floor(captchaAddress / 250) % 250}.${captchaAddress % 250}`,
  });
  const ep = body.mobilePhone === undefined ? getSmsCodeSigned : getSmsCode;
  return t.call(
    ep,
    { scenario: 'test', ctoken: body.ctoken ?? randomUUID(), randStr: answer, ticket: captchaKey, ...body },
    opts,
  );
}

/** The code of the newest outbox message to a phone. */
export async function lastCode(t: TestApp, phone: string): Promise<string> {
  const [row] = await t.rows(
    sql`select content from sms_outbox where mobile_phone = ${phone} order by id desc limit 1`,
  );
  const match = /验证码 (\d{6})/.exec(String(row?.content ?? ''));
  if (!match?.[1]) throw new Error(`no SMS code in the outbox for ${phone}`);
  return match[1];
}

/** Sends a code (to the caller's own phone unless `mobilePhone` is given) and returns it. */
export async function codeFor(
  t: TestApp,
  cookie: string | undefined,
  smsTypeCode: SmsTypeCode,
  phone: string,
  toGivenPhone = false,
): Promise<string> {
  const res = await sendSms(t, { smsTypeCode, ...(toGivenPhone ? { mobilePhone: phone } : {}) }, { cookie });
  if (res.responseCode !== '0000') throw new Error(`send failed: ${res.responseCode} ${res.responseMsg}`);
  return lastCode(t, phone);
}

/** A different 6-digit code than the right one. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
