import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { business } from '../../../test/business-factories';
import { factories } from '../../../test/factories';
import { createIngestRepository } from './ingest.repository';

const t = useTestApp({ seed: 'empty' });
const given = factories(t);
const biz = business(t);

const ints = (value: unknown): number[] =>
  Array.isArray(value)
    ? value.map(Number)
    : String(value)
        .replace(/[{}]/g, '')
        .split(',')
        .filter((s) => s !== '')
        .map(Number);

describe('business factories (through the ingestion service)', () => {
  it('make a net bar, a channel, a player, an order with its history and a device day, each frozen with its chain', async () => {
    const [operator, national, province, city] = await given.chain(3);
    if (!operator || !national || !province || !city) throw new Error('no chain');
    const bar = await biz.netBar({ agent: city, name: '南山网咖' });
    const channel = await biz.channel({ netBar: bar });
    const player = await biz.player({ channel });
    const order = await biz.order({ player, amountFen: 1500, priceIncreaseFen: 200 });
    const paidAt = new Date('2026-03-02T02:05:00.000Z');
    await biz.orderStatus(order, 30, paidAt, { paidAt });
    await biz.orderStatus(order, 50, new Date('2026-03-02T04:00:00.000Z'), {
      completedAt: new Date('2026-03-02T04:00:00.000Z'),
    });
    await biz.deviceDay({ netBar: bar, day: '2026-03-02', deviceCode: 'PC001', activeMinutes: 300 });

    expect(bar.agentId).toBe(city.id);
    expect(channel.netBarId).toBe(bar.id);
    expect(player.netBarId).toBe(bar.id);
    expect(order.netBarId).toBe(bar.id);
    const chain = [operator.id, national.id, province.id, city.id];
    for (const table of ['net_bars', 'channels', 'players', 'orders', 'device_active_days']) {
      const [row] = await t.rows(
        sql.raw(
          `select agent_id, agent_chain, chain_l1, chain_l2, chain_l3, chain_l4, chain_l5 from ${table}`,
        ),
      );
      expect(ints(row?.agent_chain), table).toEqual(chain);
      expect(
        [row?.agent_id, row?.chain_l1, row?.chain_l2, row?.chain_l3, row?.chain_l4, row?.chain_l5],
        table,
      ).toEqual([city.id, national.id, province.id, city.id, null, null]);
    }
    const [o] = await t.rows(
      sql`select status, status_at, paid_at, completed_at, amount_fen::int as amount, price_increase_fen::int as inc from orders where id = ${order.id}`,
    );
    expect(o?.status).toBe(50);
    expect(o?.amount).toBe(1500);
    expect(o?.inc).toBe(200);
    expect(await t.epochMs(sql`(select paid_at from orders where id = ${order.id})`)).toBe(paidAt.getTime());
    const history = await t.rows(
      sql`select status from order_status_history where order_id = ${order.id} order by occurred_at`,
    );
    expect(history.map((h) => h.status)).toEqual([10, 30, 50]);
    const [p] = await t.rows(
      sql`select order_count, spent_fen::int as spent from players where id = ${player.id}`,
    );
    expect(p).toEqual({ order_count: 1, spent: 1500 });
    const [d] = await t.rows(
      sql`select device_code, day::text as day, active_minutes from device_active_days`,
    );
    expect(d).toEqual({ device_code: 'PC001', day: '2026-03-02', active_minutes: 300 });
  });

  it('make a web channel of an agent, and orders of its players in the bar they registered from', async () => {
    const [, national] = await given.chain(1);
    if (!national) throw new Error('no chain');
    const bar = await biz.netBar({ agent: national });
    const web = await biz.channel({ agent: national, domain: 'play.example.com' });
    expect(web).toMatchObject({ kind: 'web', netBarId: null, agentId: national.id });
    const client = await biz.channel({ netBar: bar });
    const player = await biz.player({ channel: client });
    const order = await biz.order({ player, channel: web, status: 50, amountFen: 800 });
    expect(order).toMatchObject({ channelId: web.id, netBarId: bar.id, status: 50 });
    const [p] = await t.rows(
      sql`select order_count, spent_fen::int as spent from players where id = ${player.id}`,
    );
    expect(p).toEqual({ order_count: 1, spent: 800 });
  });

  it('take a backfilled order in one event: the status it reached with its times', async () => {
    const [, national] = await given.chain(1);
    if (!national) throw new Error('no chain');
    const channel = await biz.channel({ netBar: await biz.netBar({ agent: national }) });
    const player = await biz.player({ channel });
    const createdAt = new Date('2026-03-01T02:00:00.000Z');
    const paidAt = new Date('2026-03-01T02:03:00.000Z');
    const completedAt = new Date('2026-03-01T05:03:00.000Z');
    const order = await biz.order({
      player,
      status: 50,
      amountFen: 4500,
      createdAt,
      times: { paidAt, rentStartAt: paidAt, rentEndAt: completedAt, completedAt },
    });
    const [o] = await t.rows(sql`select status from orders where id = ${order.id}`);
    expect(o?.status).toBe(50);
    expect(await t.epochMs(sql`(select paid_at from orders where id = ${order.id})`)).toBe(paidAt.getTime());
    expect(await t.epochMs(sql`(select completed_at from orders where id = ${order.id})`)).toBe(
      completedAt.getTime(),
    );
    expect(await t.epochMs(sql`(select status_at from orders where id = ${order.id})`)).toBe(
      createdAt.getTime(),
    );
    const history = await t.rows(sql`select status from order_status_history where order_id = ${order.id}`);
    expect(history).toEqual([{ status: 50 }]);
    const [p] = await t.rows(
      sql`select order_count, spent_fen::int as spent from players where id = ${player.id}`,
    );
    expect(p).toEqual({ order_count: 1, spent: 4500 });
  });

  it('answer each event of a batch: an invalid one is rejected with its reason and the valid ones apply', async () => {
    const [, national] = await given.chain(1);
    if (!national) throw new Error('no chain');
    const good = biz.event('netBar.upserted', {
      barUserId: 990001,
      agentId: national.id,
      name: '好网吧',
      provinceCode: 440000,
      cityCode: 440300,
      districtCode: 440305,
      terminalCount: 10,
      status: 'open',
    });
    const results = await biz.events([
      { ...good, payload: { ...(good.payload as object), barUserId: 990002, terminalCount: -1 } },
      good,
      { id: 'x-1', type: 'netBar.deleted', occurredAt: good.occurredAt, payload: {} },
      { id: 'x-2', type: 'netBar.upserted', occurredAt: 'yesterday', payload: good.payload },
      { ...good, id: 'x-3', payload: { ...(good.payload as object), barUserId: 990003, agentId: 99999 } },
      'not an event',
    ]);
    expect(results.map((r) => r.outcome)).toEqual([
      'rejected',
      'accepted',
      'rejected',
      'rejected',
      'rejected',
      'rejected',
    ]);
    expect(results[0]?.reason).toContain('terminalCount');
    expect(results[2]?.reason).toContain('netBar.deleted');
    expect(results[4]?.reason).toContain('99999');
    const bars = await t.rows(sql`select bar_user_id::int as b from net_bars`);
    expect(bars).toEqual([{ b: 990001 }]);
  });

  it('keep an event that needs a record not here yet, and apply it when the record arrives', async () => {
    const [, national] = await given.chain(1);
    if (!national) throw new Error('no chain');
    const bar = await biz.netBar({ agent: national });
    const channel = await biz.channel({ netBar: bar });
    const player = await biz.player({ channel });
    const early = biz.event(
      'order.statusChanged',
      { orderNo: 'LATE1', status: 50 },
      new Date('2026-03-02T05:00:00Z'),
    );
    expect((await biz.events([early]))[0]?.outcome).toBe('accepted');
    // A pending event keeps its payload (it is applied from it later); once applied, only its hash.
    const [waiting] = await t.rows(
      sql`select state, waits_for, payload->>'orderNo' as no, payload_hash from ingest_events where id = ${early.id}`,
    );
    expect(waiting).toMatchObject({ state: 'pending', waits_for: 'order:LATE1', no: 'LATE1' });
    const order = await biz.order({ player, orderNo: 'LATE1', amountFen: 700 });
    const [o] = await t.rows(sql`select status from orders where id = ${order.id}`);
    expect(o?.status).toBe(50);
    const [p] = await t.rows(
      sql`select order_count, spent_fen::int as spent from players where id = ${player.id}`,
    );
    expect(p).toEqual({ order_count: 1, spent: 700 });
    const [applied] = await t.rows(
      sql`select state, waits_for, payload, payload_hash from ingest_events where id = ${early.id}`,
    );
    expect(applied).toEqual({
      state: 'applied',
      waits_for: null,
      payload: null,
      payload_hash: waiting?.payload_hash,
    });
    // The stored hash still answers a replay, and a reuse of the id with other content.
    expect((await biz.events([early]))[0]?.outcome).toBe('duplicate');
    const reused = { ...early, payload: { orderNo: 'LATE1', status: 60 } };
    expect((await biz.events([reused]))[0]?.outcome).toBe('conflict');
  });

  it('answer a replay as a duplicate and a reused id as a conflict, changing nothing', async () => {
    const [, national] = await given.chain(1);
    if (!national) throw new Error('no chain');
    const bar = await biz.netBar({ agent: national, name: '原名' });
    const update = biz.event('netBar.upserted', {
      barUserId: bar.barUserId,
      agentId: national.id,
      name: '新名',
      provinceCode: 440000,
      cityCode: 440300,
      districtCode: 440305,
      terminalCount: 20,
      status: 'open',
    });
    expect((await biz.events([update]))[0]?.outcome).toBe('accepted');
    const before = await t.snapshot();
    const results = await biz.events([
      update,
      { ...update, payload: { ...(update.payload as object), name: '别名' } },
    ]);
    expect(results.map((r) => r.outcome)).toEqual(['duplicate', 'conflict']);
    const again = await biz.events([{ ...update, payload: { ...(update.payload as object), name: '别名' } }]);
    expect(again[0]?.outcome).toBe('conflict');
    expect(await t.snapshot()).toEqual(before);
    const [row] = await t.rows(sql`select name, terminal_count from net_bars where id = ${bar.id}`);
    expect(row).toEqual({ name: '新名', terminal_count: 20 });
  });

  it('write an order, a status or a player only joined to the records it names (no foreign keys): a missing one makes no row', async () => {
    const [, national] = await given.chain(1);
    if (!national) throw new Error('no chain');
    const bar = await biz.netBar({ agent: national });
    const channel = await biz.channel({ netBar: bar });
    const player = await biz.player({ channel });
    const order = await biz.order({ player, orderNo: 'JOINED1' });
    const [game] = await t.rows(sql`select game_id from orders where id = ${order.id}`);
    const repo = createIngestRepository(t.db);
    const state = {
      status: 10,
      statusAt: '2026-03-02T02:00:00.000Z',
      paidAt: null,
      rentStartAt: null,
      rentEndAt: null,
      completedAt: null,
    };
    const write = {
      orderNo: 'ORPHAN',
      playerId: player.id,
      gameId: Number(game?.game_id),
      goodsId: 1,
      netBarId: bar.id,
      channelId: channel.id,
      source: 60,
      terminalType: 4,
      rentType: 'hour',
      rentMinutes: 60,
      amountFen: 500,
      priceIncreaseFen: 0,
      state,
      createdAt: state.statusAt,
    };
    const before = await t.snapshot();
    for (const missing of [
      { playerId: 999_999 },
      { gameId: 999_999 },
      { netBarId: 999_999 },
      { channelId: 999_999 },
    ]) {
      expect(await t.db.transaction(() => repo.insertOrders([{ ...write, ...missing }]))).toEqual([]);
    }
    await t.db.transaction(() =>
      repo.insertHistory([{ orderId: 999_999, status: 10, occurredAt: state.statusAt, eventId: 'x' }]),
    );
    expect(
      await t.db.transaction(() =>
        repo.upsertPlayers([
          {
            userId: 99_999_999,
            phoneMasked: '138****0000',
            channelId: 999_999,
            terminalType: 4,
            registeredAt: state.statusAt,
          },
        ]),
      ),
    ).toEqual([]);
    expect(await t.snapshot()).toEqual(before);
    // With every record there, the same write makes its row.
    const [made] = await t.db.transaction(() => repo.insertOrders([write]));
    expect(made?.orderNo).toBe('ORPHAN');
  });
});
