import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { captchaChannel, getSmsCodeSigned, login, verifyMobilePhone } from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_DIGEST, sessionCookieOf, useTestApp } from '../../../test/build-test-app';
import { createServices, type Services } from '../../services';
import { minutes } from '../../shared/time';

/**
 * The switchable providers against a real HTTP server on 127.0.0.1: SMS_PROVIDER=http POSTs each
 * message (through the outbox, after the commit), and captcha channel 1 is verified by posting the
 * ticket to CAPTCHA1_VERIFY_URL.
 */
interface Received {
  url: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
  /** Open codes of the phone seen by the gateway, on a connection of its own: only committed rows. */
  openCodesSeen?: number;
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
  void readJson(req).then(async (body) => {
    const got: Received = {
      url: req.url ?? '',
      authorization: req.headers.authorization,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      body,
    };
    received.push(got);
    res.setHeader('content-type', 'application/json');
    if (req.url === '/captcha') {
      res.end(JSON.stringify({ success: body.ticket === 'good-ticket' && body.randStr === 'rand' }));
      return;
    }
    // Had the request called the gateway under its transaction, this would wait for its locks
    // (PGlite) or not see the code (PostgreSQL).
    const [row] = await t.rows(
      sql`select count(*)::int as n from sms_codes where mobile_phone = ${String(body.mobilePhone)} and closed_at is null`,
    );
    got.openCodesSeen = Number(row?.n);
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

/** The app's services on the same database and clock: the dispatcher's rounds are run by hand. */
let services: Services;
beforeAll(() => {
  services = createServices({ db: t.db, config: t.config, clock: t.clock.now });
});

beforeEach(() => {
  received.length = 0;
  smsStatus = 200;
});

const outboxRows = () =>
  t.rows(sql`select idempotency_key, status, attempts, last_error, payload::text as payload from outbox`);
/** Puts the SMS row back as its transaction wrote it: what a crash right after the commit leaves. */
const asLeftByACrash = () =>
  t.rows(
    sql`update outbox set status = 'pending', attempts = 0, sent_at = null, last_error = null, next_attempt_at = created_at + interval '60 seconds'`,
  );

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
    // Nothing in the built-in provider's mailbox: the HTTP provider delivered it.
    expect(await t.rows(sql`select id from sms_outbox`)).toEqual([]);
    expect((await t.call(verifyMobilePhone, { smsCode: code }, { cookie })).object).toBe(true);
  });

  it('calls the gateway only after the commit, with the idempotency key of its outbox row', async () => {
    const cookie = await t.login(FRESH);
    expect((await send(cookie, 'good-ticket')).responseCode).toBe('0000');
    const sms = received.find((r) => r.url === '/sms');
    // The code was committed before the gateway was called: visible from another connection.
    expect(sms?.openCodesSeen).toBe(1);
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(sms?.idempotencyKey).toMatch(/^sms:[0-9a-f-]{36}$/);
    expect(sms?.idempotencyKey).toBe(row?.idempotency_key);
    // The outbox row never shows the code: it is sealed with the data key.
    expect(String(row?.payload)).not.toContain(String(sms?.body.code));
  });

  it('refuses a ticket the provider rejects, and sends nothing', async () => {
    const cookie = await t.login(FRESH);
    const res = await send(cookie, 'bad-ticket');
    expect(res).toMatchObject({ responseCode: '2003', responseMsg: '安全验证未通过，请重试' });
    expect(received.map((r) => r.url)).toEqual(['/captcha']);
    expect(await t.rows(sql`select id from sms_codes`)).toEqual([]);
  });

  it('voids the code when the provider fails: no code is kept and the next minute is not blocked', async () => {
    const cookie = await t.login(FRESH);
    smsStatus = 500;
    const res = await send(cookie, 'good-ticket');
    expect(res).toMatchObject({ responseCode: '9999', responseMsg: '短信发送失败，请稍后再试' });
    expect(received.map((r) => r.url)).toEqual(['/captcha', '/sms']);
    expect(await t.rows(sql`select id from sms_codes`)).toEqual([]);
    // The message is given up, not retried: the person was told it failed.
    expect(await outboxRows()).toMatchObject([
      { status: 'failed', attempts: 1, last_error: 'SMS provider answered HTTP 500' },
    ]);
    smsStatus = 200;
    t.clock.advance(minutes(2));
    expect(await services.outbox.dispatchDue()).toEqual({ sent: 0, retried: 0, failed: 0, expired: 0 });
    expect((await send(cookie, 'good-ticket')).responseCode).toBe('0000');
  });

  it('keeps the previous code when the new one could not be sent', async () => {
    const cookie = await t.login(FRESH);
    expect((await send(cookie, 'good-ticket')).responseCode).toBe('0000');
    const previous = String(received.find((r) => r.url === '/sms')?.body.code);
    t.clock.advance(minutes(1));
    smsStatus = 500;
    expect((await send(cookie, 'good-ticket')).responseCode).toBe('9999');
    expect((await t.call(verifyMobilePhone, { smsCode: previous }, { cookie })).object).toBe(true);
  });

  it('delivers a message a crash left pending from the dispatcher, with the same idempotency key', async () => {
    const cookie = await t.login(FRESH);
    expect((await send(cookie, 'good-ticket')).responseCode).toBe('0000');
    await asLeftByACrash();
    const first = received.find((r) => r.url === '/sms');
    received.length = 0;
    // Within the writer's lease the dispatcher leaves it alone.
    expect((await services.outbox.dispatchDue()).sent).toBe(0);
    t.clock.advance(60_000);
    smsStatus = 503;
    expect(await services.outbox.dispatchDue()).toMatchObject({ retried: 1 });
    expect(await outboxRows()).toMatchObject([
      { status: 'pending', attempts: 1, last_error: 'SMS provider answered HTTP 503' },
    ]);
    smsStatus = 200;
    t.clock.advance(60_000);
    expect(await services.outbox.dispatchDue()).toMatchObject({ sent: 1 });
    expect(received.map((r) => [r.url, r.idempotencyKey])).toEqual([
      ['/sms', first?.idempotencyKey],
      ['/sms', first?.idempotencyKey],
    ]);
    expect(received[1]?.body).toEqual(first?.body);
    expect(await outboxRows()).toMatchObject([{ status: 'sent', attempts: 2 }]);
    // The code still works: the message the person got is the one that was committed.
    const code = String(first?.body.code);
    expect((await t.call(verifyMobilePhone, { smsCode: code }, { cookie })).object).toBe(true);
  });

  it("expires a pending message once the code's 5 minutes are over instead of sending it", async () => {
    const cookie = await t.login(FRESH);
    expect((await send(cookie, 'good-ticket')).responseCode).toBe('0000');
    await asLeftByACrash();
    received.length = 0;
    t.clock.advance(minutes(5));
    expect(await services.outbox.dispatchDue()).toEqual({ sent: 0, retried: 0, failed: 0, expired: 1 });
    expect(received).toEqual([]);
    expect(await outboxRows()).toMatchObject([{ status: 'expired' }]);
  });
});
