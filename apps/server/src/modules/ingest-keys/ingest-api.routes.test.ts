import { createIngestKey, INGEST_PATH, revokeIngestKey } from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../../../test/build-test-app';
import { buildWorld, demoTrafficAgents, lastDays, trafficDays } from '../../demo/traffic';
import { createServices } from '../../services';
import { signIngest } from './signature';

const ENV_ID = 'platform-main';
const ENV_SECRET = 'env-secret-0123456789';
const t = useTestApp({ env: { INGEST_KEYS: `${ENV_ID}:${ENV_SECRET}` } });

const nowSeconds = (app: TestApp) => Math.floor(app.clock.now().getTime() / 1000);

const netBar = (id: string, barUserId: number) => ({
  id,
  type: 'netBar.upserted',
  occurredAt: '2026-03-01T10:00:00+08:00',
  payload: {
    barUserId,
    agentId: 2,
    name: '星际网咖',
    provinceCode: 440000,
    cityCode: 440300,
    districtCode: 440305,
    terminalCount: 80,
    status: 'open',
  },
});

interface PostOptions {
  key?: string;
  secret?: string;
  timestamp?: string;
  signature?: string;
  headers?: Record<string, string>;
}

/** Posts a raw body signed as the platform would (or as a test breaks it). */
async function post(raw: string | Buffer, o: PostOptions = {}) {
  const timestamp = o.timestamp ?? String(nowSeconds(t));
  const secret = o.secret ?? ENV_SECRET;
  const res = await t.inject({
    method: 'POST',
    url: INGEST_PATH,
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-ingest-key': o.key ?? ENV_ID,
      'x-ingest-timestamp': timestamp,
      'x-ingest-signature': o.signature ?? signIngest(secret, timestamp, raw),
      ...o.headers,
    },
  });
  return {
    status: res.statusCode,
    body: res.json() as { responseCode: string; responseMsg: string; object: unknown },
  };
}

const batch = (...events: unknown[]) => JSON.stringify({ events });

/** Every refusal leaves every table as it was. */
async function refused(raw: string | Buffer, o: PostOptions, status: number, code: string, msg?: string) {
  const before = await t.snapshot();
  const res = await post(raw, o);
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ responseCode: code, object: null, ...(msg ? { responseMsg: msg } : {}) });
  expect(await t.snapshot()).toEqual(before);
}

describe(`POST ${INGEST_PATH}: refusals (nothing stored)`, () => {
  const body = batch(netBar('e1', 900001));

  it('refuses a request without the key, timestamp or signature headers (401)', async () => {
    const res = await t.inject({
      method: 'POST',
      url: INGEST_PATH,
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ responseCode: '1003', responseMsg: '缺少接入密钥、时间戳或签名' });
  });

  it('refuses an unknown key (401)', async () => {
    await refused(body, { key: 'nobody', secret: ENV_SECRET }, 401, '1003', '接入密钥无效或已吊销');
  });

  it('refuses a revoked key, accepted until revoked (401)', async () => {
    const cookie = await t.login('13800000000');
    const key = (await t.call(createIngestKey, { name: '将吊销' }, { cookie })).object;
    if (!key) throw new Error('no key');
    // Authenticated: reaches the batch check (an empty batch is malformed) and marks the key used.
    const empty = await post(batch(), { key: key.id, secret: key.secret });
    expect(empty).toMatchObject({ status: 400, body: { responseCode: '1000' } });
    expect(await t.rows(sql`select last_used_at is not null as used from ingest_keys`)).toEqual([
      { used: true },
    ]);
    await t.call(revokeIngestKey, { id: key.id }, { cookie });
    await refused(body, { key: key.id, secret: key.secret }, 401, '1003', '接入密钥无效或已吊销');
  });

  it('refuses a timestamp more than 300 s off either way, or not a number (401)', async () => {
    const now = nowSeconds(t);
    await refused(body, { timestamp: String(now - 301) }, 401, '1003', '请求时间戳与服务器时间相差超过5分钟');
    await refused(body, { timestamp: String(now + 301) }, 401, '1003');
    await refused(body, { timestamp: `${now}.5` }, 401, '1003');
    await refused(body, { timestamp: 'yesterday' }, 401, '1003');
    // 300 s off is still in time.
    const edge = await post(batch(), { timestamp: String(now - 300) });
    expect(edge.status).toBe(400);
  });

  it('refuses a wrong signature: another secret, another body, another timestamp, not hex (401)', async () => {
    const ts = String(nowSeconds(t));
    await refused(body, { secret: 'another-secret-0123456' }, 401, '1003', '签名错误');
    await refused(body, { signature: signIngest(ENV_SECRET, ts, batch(netBar('e1', 900002))) }, 401, '1003');
    await refused(
      body,
      { timestamp: ts, signature: signIngest(ENV_SECRET, String(Number(ts) - 1), body) },
      401,
      '1003',
    );
    await refused(body, { signature: 'zz'.repeat(32) }, 401, '1003');
    await refused(body, { signature: signIngest(ENV_SECRET, ts, body).slice(0, 62) }, 401, '1003');
    // The signature covers the exact bytes: the same JSON with other spacing is another body.
    const spaced = JSON.stringify({ events: [netBar('e1', 900001)] }, null, 1);
    await refused(spaced, { signature: signIngest(ENV_SECRET, ts, body), timestamp: ts }, 401, '1003');
  });

  it('refuses a body over 1 MB with 413 in the envelope', async () => {
    const big = batch({ ...netBar('e1', 900001), pad: 'x'.repeat(1024 * 1024) });
    await refused(big, {}, 413, '1000', '请求内容过大');
  });

  it('refuses a malformed batch with 1000 (400): not JSON, no events, over 1000 events, NUL', async () => {
    await refused('{"events": [', {}, 400, '1000', '请求内容不是有效的 JSON');
    await refused('[]', {}, 400, '1000');
    await refused(batch(), {}, 400, '1000');
    await refused(JSON.stringify({ events: [], extra: 1 }), {}, 400, '1000');
    const many = Array.from({ length: 1001 }, (_, i) => ({
      id: `e${i}`,
      type: 'x',
      occurredAt: '',
      payload: {},
    }));
    await refused(batch(...many), {}, 400, '1000', '每批最多1000个事件');
    await refused(batch({ ...netBar('e\u0000', 1) }), {}, 400, '1000', '请求参数不能包含空字符');
  });

  it('takes no session and checks no origin: a foreign Origin is still only judged by its signature', async () => {
    await refused(
      body,
      { secret: 'another-secret-0123456', headers: { origin: 'https://evil.example' } },
      401,
      '1003',
    );
    const res = await post(batch(), { headers: { origin: 'https://evil.example' } });
    expect(res).toMatchObject({ status: 400, body: { responseCode: '1000' } });
  });

  it('refuses a body that is not JSON media with 415', async () => {
    const res = await t.inject({
      method: 'POST',
      url: INGEST_PATH,
      payload: body,
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ responseCode: '1001' });
  });
});

describe(`POST ${INGEST_PATH}: a signed batch`, () => {
  async function world() {
    const [agent] = await t.rows(
      sql`select a.id from agents a join accounts u on u.id = a.user_id where u.mobile_phone = '13800000003'`,
    );
    const [game] = await t.rows(sql`select id from games order by id limit 1`);
    return { agentId: Number(agent?.id), gameId: Number(game?.id) };
  }

  const events = (agentId: number, gameId: number) => [
    { ...netBar('bar-1', 900001), payload: { ...netBar('bar-1', 900001).payload, agentId } },
    {
      id: 'ch-1',
      type: 'channel.upserted',
      occurredAt: '2026-03-01T10:01:00+08:00',
      payload: { code: 'C900001', kind: 'client', name: '星际网咖客户端', agentId, barUserId: 900001 },
    },
    {
      id: 'pl-1',
      type: 'player.registered',
      occurredAt: '2026-03-01T10:02:00+08:00',
      payload: { userId: 7000001, phoneMasked: '138****1234', channelCode: 'C900001', terminalType: 1 },
    },
    // The status change comes before its order: kept, then applied when the order is here.
    {
      id: 'st-1',
      type: 'order.statusChanged',
      occurredAt: '2026-03-01T10:05:00+08:00',
      payload: { orderNo: 'NO1', status: 30, paidAt: '2026-03-01T10:05:00+08:00' },
    },
    {
      id: 'or-1',
      type: 'order.created',
      occurredAt: '2026-03-01T10:04:00+08:00',
      payload: {
        orderNo: 'NO1',
        userId: 7000001,
        gameId,
        goodsId: 55,
        channelCode: 'C900001',
        source: 10,
        terminalType: 1,
        rentType: 'hour',
        rentMinutes: 120,
        amountFen: 1200,
        priceIncreaseFen: 100,
        status: 10,
      },
    },
    { id: 'bad-1', type: 'order.exploded', occurredAt: '2026-03-01T10:06:00+08:00', payload: {} },
  ];

  it('answers each event’s outcome in order; an invalid one does not block the others; the key is used', async () => {
    const { agentId, gameId } = await world();
    const res = await post(batch(...events(agentId, gameId)));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      responseCode: '0000',
      object: {
        results: [
          { id: 'bar-1', outcome: 'accepted' },
          { id: 'ch-1', outcome: 'accepted' },
          { id: 'pl-1', outcome: 'accepted' },
          { id: 'st-1', outcome: 'accepted' },
          { id: 'or-1', outcome: 'accepted' },
          { id: 'bad-1', outcome: 'rejected', reason: '未知的事件类型: order.exploded' },
        ],
        accepted: 5,
        duplicate: 0,
        conflict: 0,
        rejected: 1,
      },
    });
    expect(await t.rows(sql`select order_no, status, amount_fen::int as amount_fen from orders`)).toEqual([
      { order_no: 'NO1', status: 30, amount_fen: 1200 },
    ]);
    expect(await t.rows(sql`select key_id from ingest_events group by key_id`)).toEqual([{ key_id: ENV_ID }]);
  });

  it('a replay is all duplicates and changes nothing; the same id with other content is a conflict', async () => {
    const { agentId, gameId } = await world();
    const list = events(agentId, gameId);
    await post(batch(...list));
    const before = await t.snapshot();
    const replay = await post(batch(...list.slice(0, 5)));
    expect(replay.body).toMatchObject({ object: { accepted: 0, duplicate: 5, conflict: 0, rejected: 0 } });
    const changed = { ...list[0], payload: { ...list[0]?.payload, name: '改名网咖' } };
    const conflict = await post(batch(changed));
    expect(conflict.body).toMatchObject({
      object: { results: [{ id: 'bar-1', outcome: 'conflict' }], conflict: 1 },
    });
    expect(await t.snapshot()).toEqual(before);
  });
});

describe(`POST ${INGEST_PATH}: the simulator's traffic`, () => {
  it('takes two generated days in signed batches of 1,000 with nothing rejected, and a replay is all duplicates', async () => {
    const services = createServices({ db: t.db, config: t.config, clock: t.clock.now });
    const gameIds = (await services.games.list()).map((g) => g.id);
    const world = buildWorld({
      seed: 3,
      agents: demoTrafficAgents(services.regions),
      gameIds,
      regions: services.regions,
    });
    const now = t.clock.now();
    const days = [...trafficDays(world, lastDays(now, 2), 40, now)];
    const send = async () => {
      const totals = { accepted: 0, duplicate: 0, conflict: 0, rejected: 0 };
      for (const day of days)
        for (let i = 0; i < day.events.length; i += 1000) {
          const res = await post(batch(...day.events.slice(i, i + 1000)));
          expect(res.status).toBe(200);
          const o = res.body.object as typeof totals;
          for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += o[k];
        }
      return totals;
    };
    const events = days.reduce((n, d) => n + d.events.length, 0);
    const first = await send();
    expect(first.rejected).toBe(0);
    expect(first.conflict).toBe(0);
    expect(first.accepted + first.duplicate).toBe(events);
    const [orders] = await t.rows(sql`select count(*)::int as n from orders`);
    expect(Number(orders?.n)).toBeGreaterThan(20);
    const before = await t.snapshot();
    expect(await send()).toEqual({ accepted: 0, duplicate: events, conflict: 0, rejected: 0 });
    expect(await t.snapshot()).toEqual(before);
  });
});

describe(`POST ${INGEST_PATH}: a settled order's snapshot`, () => {
  it('creates a settled order in one event; sent again after a live start it is no conflict', async () => {
    const [agent] = await t.rows(
      sql`select a.id from agents a join accounts u on u.id = a.user_id where u.mobile_phone = '13800000003'`,
    );
    const agentId = Number(agent?.id);
    const [game] = await t.rows(sql`select id from games order by id limit 1`);
    const base = {
      userId: 7000002,
      gameId: Number(game?.id),
      goodsId: 9,
      channelCode: 'C900009',
      source: 60,
      terminalType: 4,
      rentType: 'hour',
      rentMinutes: 60,
      amountFen: 500,
      priceIncreaseFen: 0,
    };
    const times = {
      paidAt: '2026-03-01T12:01:00+08:00',
      rentStartAt: '2026-03-01T12:03:00+08:00',
      rentEndAt: '2026-03-01T13:03:00+08:00',
      completedAt: '2026-03-01T13:03:00+08:00',
    };
    const at = '2026-03-01T12:00:00+08:00';
    const setup = [
      { ...netBar('b9', 900009), payload: { ...netBar('b9', 900009).payload, agentId } },
      {
        id: 'c9',
        type: 'channel.upserted',
        occurredAt: at,
        payload: { code: 'C900009', kind: 'client', name: '客户端', agentId, barUserId: 900009 },
      },
      {
        id: 'p9',
        type: 'player.registered',
        occurredAt: at,
        payload: { userId: 7000002, phoneMasked: '138****0009', channelCode: 'C900009', terminalType: 4 },
      },
    ];
    const reply = await post(
      batch(
        ...setup,
        // A: settled when first sent: one snapshot.
        {
          id: 'A-s',
          type: 'order.created',
          occurredAt: at,
          payload: { ...base, orderNo: 'A', status: 50, ...times },
        },
        // B: sent while running (10, then 40) ...
        { id: 'B-c', type: 'order.created', occurredAt: at, payload: { ...base, orderNo: 'B', status: 10 } },
        {
          id: 'B-r',
          type: 'order.statusChanged',
          occurredAt: times.rentStartAt,
          payload: { orderNo: 'B', status: 40, paidAt: times.paidAt, rentStartAt: times.rentStartAt },
        },
      ),
    );
    expect(reply.body).toMatchObject({ object: { accepted: 6, rejected: 0, conflict: 0 } });
    // ... and again once settled, as its snapshot.
    const later = await post(
      batch({
        id: 'B-s',
        type: 'order.created',
        occurredAt: at,
        payload: { ...base, orderNo: 'B', status: 50, ...times },
      }),
    );
    expect(later.body).toMatchObject({ object: { accepted: 1, conflict: 0 } });
    const rows = await t.rows(
      sql`select order_no, status, (paid_at is not null and rent_end_at is not null and completed_at is not null) as timed from orders order by order_no`,
    );
    // A snapshot's status counts from its occurredAt (the order's creation, the contract's rule): it
    // does not move back an order that reached a later status meanwhile (B stays renting).
    expect(rows[0]).toEqual({ order_no: 'A', status: 50, timed: true });
    expect(rows[1]).toMatchObject({ order_no: 'B', status: 40 });
    const [players] = await t.rows(
      sql`select order_count, spent_fen::int as spent from players where platform_user_id = 7000002`,
    );
    expect(players).toEqual({ order_count: 2, spent: 1000 });
  });
});
