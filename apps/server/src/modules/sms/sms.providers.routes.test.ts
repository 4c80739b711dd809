import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { captchaChannel, getSmsCodeSigned, login, verifyMobilePhone } from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_DIGEST, sessionCookieOf, useTestApp } from '../../../test/build-test-app';

/**
 * The switchable providers against a real HTTP server on 127.0.0.1: SMS_PROVIDER=http POSTs each
 * message, and captcha channel 1 is verified by posting the ticket to CAPTCHA1_VERIFY_URL.
 */
interface Received {
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}
const received: Received[] = [];
let smsStatus = 200;

const readJson = (req: IncomingMessage) =>
  new Promise<Record<string, unknown>>((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => {
      data += chunk.toString('utf8');
    });
    req.on('end', () => resolve(JSON.parse(data || '{}') as Record<string, unknown>));
  });

const server = createServer((req, res) => {
  void readJson(req).then((body) => {
    received.push({ url: req.url ?? '', authorization: req.headers.authorization, body });
    res.setHeader('content-type', 'application/json');
    if (req.url === '/captcha') {
      res.end(JSON.stringify({ success: body.ticket === 'good-ticket' && body.randStr === 'rand' }));
      return;
    }
    res.statusCode = smsStatus;
    res.end('{}');
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const t = useTestApp({
  env: {
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: `${base}/sms`,
    SMS_HTTP_TOKEN: 'secret-token',
    CAPTCHA1_VERIFY_URL: `${base}/captcha`,
    CAPTCHA1_APP_ID: 'app-42',
  },
});

beforeEach(() => {
  received.length = 0;
  smsStatus = 200;
});

const FRESH = '13800000004';
const send = (cookie: string, ticket: string) =>
  t.call(
    getSmsCodeSigned,
    { scenario: 'verifyPhone', ctoken: randomUUID(), randStr: 'rand', ticket, smsTypeCode: 'VERIFY_PHONE' },
    { cookie },
  );

describe('captcha channel 1 and the HTTP SMS provider', () => {
  it('names channel 1 with its app id for SMS scenarios, and keeps channel 2 for the login', async () => {
    expect((await t.call(captchaChannel, { scenario: 'verifyPhone' })).object).toEqual({
      channel: 1,
      captchaId: 'app-42',
    });
    expect((await t.call(captchaChannel, { scenario: 'login' })).object).toEqual({
      channel: 2,
      captchaId: '/api/captcha/image',
    });
    // The login itself still works with its image captcha fields.
    const res = await t.call(login, { mobilePhone: FRESH, password: DEMO_DIGEST });
    expect(sessionCookieOf(res.http.setCookie)).toBeDefined();
  });

  it('verifies the ticket with the provider, then POSTs the message with the bearer token', async () => {
    const cookie = await t.login(FRESH);
    const res = await send(cookie, 'good-ticket');
    expect(res.responseCode).toBe('0000');
    expect(received.map((r) => r.url)).toEqual(['/captcha', '/sms']);
    expect(received[0]?.body).toMatchObject({ appId: 'app-42', ticket: 'good-ticket', randStr: 'rand' });
    const sms = received[1];
    expect(sms?.authorization).toBe('Bearer secret-token');
    expect(sms?.body).toMatchObject({ mobilePhone: FRESH, smsType: 'VERIFY_PHONE' });
    const code = String(sms?.body.code);
    expect(code).toMatch(/^\d{6}$/);
    expect(String(sms?.body.content)).toContain(code);
    // Nothing in the outbox: the HTTP provider delivered it.
    expect(await t.rows(sql`select id from sms_outbox`)).toEqual([]);
    expect((await t.call(verifyMobilePhone, { smsCode: code }, { cookie })).object).toBe(true);
  });

  it('refuses a ticket the provider rejects, and sends nothing', async () => {
    const cookie = await t.login(FRESH);
    const res = await send(cookie, 'bad-ticket');
    expect(res).toMatchObject({ responseCode: '2003', responseMsg: '安全验证未通过，请重试' });
    expect(received.map((r) => r.url)).toEqual(['/captcha']);
    expect(await t.rows(sql`select id from sms_codes`)).toEqual([]);
  });

  it('undoes the send when the provider fails: no code is kept and the next minute is not blocked', async () => {
    const cookie = await t.login(FRESH);
    smsStatus = 500;
    const res = await send(cookie, 'good-ticket');
    expect(res).toMatchObject({ responseCode: '9999', responseMsg: '短信发送失败，请稍后再试' });
    expect(await t.rows(sql`select id from sms_codes`)).toEqual([]);
    smsStatus = 200;
    expect((await send(cookie, 'good-ticket')).responseCode).toBe('0000');
  });
});
