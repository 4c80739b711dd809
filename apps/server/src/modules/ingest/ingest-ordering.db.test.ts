import type { IngestEvent } from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { business } from '../../../test/business-factories';
import { factories } from '../../../test/factories';

const t = useTestApp({ seed: 'empty' });
const given = factories(t);
const biz = business(t);

const T0 = Date.parse('2026-03-01T00:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const iso = (minutes: number) => at(minutes).toISOString();

/** Every business table by the platform's keys (never by the ids, which follow the arrival order). */
async function dump(): Promise<string> {
  const [row] = await t.rows(sql`select json_build_object(
    'bars', (select json_agg(x order by x.bar_user_id) from (
      select bar_user_id, name, address, status, terminal_count, agent_chain, created_at, updated_at from net_bars) x),
    'channels', (select json_agg(x order by x.code) from (
      select c.code, c.kind, c.name, b.bar_user_id, c.domain, c.agent_chain, c.created_at, c.updated_at
      from channels c left join net_bars b on b.id = c.net_bar_id) x),
    'players', (select json_agg(x order by x.platform_user_id) from (
      select p.platform_user_id, p.phone_masked, c.code, b.bar_user_id, p.terminal_type, p.agent_chain,
        p.registered_at, p.order_count, p.spent_fen
      from players p join channels c on c.id = p.channel_id left join net_bars b on b.id = p.net_bar_id) x),
    'orders', (select json_agg(x order by x.order_no) from (
      select o.order_no, p.platform_user_id, c.code, b.bar_user_id, o.game_id, o.amount_fen, o.status, o.status_at,
        o.paid_at, o.rent_start_at, o.rent_end_at, o.completed_at, o.agent_chain, o.created_at
      from orders o join players p on p.id = o.player_id join channels c on c.id = o.channel_id
        join net_bars b on b.id = o.net_bar_id) x),
    'history', (select json_agg(x order by x.order_no, x.occurred_at, x.status) from (
      select o.order_no, h.status, h.occurred_at, h.event_id
      from order_status_history h join orders o on o.id = h.order_id) x),
    'devices', (select json_agg(x order by x.bar_user_id, x.day, x.device_code) from (
      select b.bar_user_id, d.device_code, d.day, d.active_minutes, d.agent_chain
      from device_active_days d join net_bars b on b.id = d.net_bar_id) x),
    'deviceMonths', (select json_agg(x order by x.bar_user_id, x.month, x.device_code) from (
      select b.bar_user_id, m.device_code, m.month, m.active_days, m.reported_days, m.agent_chain
      from device_months m join net_bars b on b.id = m.net_bar_id) x),
    'events', (select json_agg(x order by x.id) from (
      select id, state, waits_for, reason, payload_hash from ingest_events) x)
  )::text as dump`);
  return String(row?.dump);
}

async function clearBusiness() {
  await t.rows(
    sql`truncate net_bars, channels, players, orders, order_status_history, device_active_days, device_months, ingest_events restart identity cascade`,
  );
}

/** A small world's stream: updates, several registrations, orders moving through statuses, rejections, a wait that never ends. */
async function stream(): Promise<IngestEvent[]> {
  const [, national, province] = await given.chain(2);
  if (!national || !province) throw new Error('no chain');
  const [game] = await biz.games();
  if (game === undefined) throw new Error('no game');
  const bar = (barUserId: number, agentId: number, name: string, terminalCount: number) => ({
    barUserId,
    agentId,
    name,
    provinceCode: 440000,
    cityCode: 440300,
    districtCode: 440305,
    terminalCount,
    status: 'open' as const,
  });
  const order = (
    orderNo: string,
    userId: number,
    channelCode: string,
    amountFen: number,
    status: 10 | 50 = 10,
  ) => ({
    orderNo,
    userId,
    gameId: game,
    goodsId: 42,
    channelCode,
    source: 60 as const,
    terminalType: 4,
    rentType: 'hour' as const,
    rentMinutes: 60,
    amountFen,
    priceIncreaseFen: 0,
    status,
  });
  const e = biz.event;
  return [
    e('netBar.upserted', bar(501, province.id, '一号网吧', 30), at(0), 'b1'),
    e('netBar.upserted', bar(501, province.id, '一号网吧（新）', 40), at(5), 'b1u'),
    e('netBar.upserted', bar(502, national.id, '二号网吧', 20), at(1), 'b2'),
    e(
      'channel.upserted',
      { code: 'C1', kind: 'client', name: '渠道一', agentId: province.id, barUserId: 501 },
      at(2),
      'c1',
    ),
    e(
      'channel.upserted',
      { code: 'C1', kind: 'client', name: '渠道一改', agentId: province.id, barUserId: 501 },
      at(6),
      'c1u',
    ),
    e(
      'channel.upserted',
      { code: 'C2', kind: 'web', name: '网页', agentId: national.id, domain: 'a.example.com' },
      at(3),
      'c2',
    ),
    e(
      'channel.upserted',
      { code: 'C3', kind: 'client', name: '渠道三', agentId: national.id, barUserId: 502 },
      at(4),
      'c3',
    ),
    e(
      'player.registered',
      { userId: 9001, phoneMasked: '138****0001', channelCode: 'C1', terminalType: 4 },
      at(8),
      'p1',
    ),
    e(
      'player.registered',
      { userId: 9001, phoneMasked: '138****0009', channelCode: 'C1', terminalType: 2 },
      at(9),
      'p1b',
    ),
    e(
      'player.registered',
      { userId: 9002, phoneMasked: '139****0002', channelCode: 'C3', terminalType: 4 },
      at(8),
      'p2',
    ),
    e(
      'player.registered',
      { userId: 9003, phoneMasked: '137****0003', channelCode: 'C2', terminalType: 1 },
      at(8),
      'p3',
    ),
    e('order.created', order('O1', 9001, 'C1', 1200), at(10), 'o1'),
    e('order.statusChanged', { orderNo: 'O1', status: 30, paidAt: iso(11) }, at(11), 'o1s30'),
    e('order.statusChanged', { orderNo: 'O1', status: 40, rentStartAt: iso(12) }, at(12), 'o1s40'),
    e(
      'order.statusChanged',
      { orderNo: 'O1', status: 50, rentEndAt: iso(72), completedAt: iso(72) },
      at(72),
      'o1s50',
    ),
    e('order.created', order('O2', 9002, 'C3', 800), at(10), 'o2'),
    e('order.statusChanged', { orderNo: 'O2', status: 60 }, at(20), 'o2s60'),
    e('order.created', order('O3', 9001, 'C2', 500), at(15), 'o3'),
    e('order.statusChanged', { orderNo: 'O3', status: 30, paidAt: iso(16) }, at(16), 'o3s30'),
    e('order.statusChanged', { orderNo: 'O3', status: 70 }, at(30), 'o3s70'),
    e('order.created', order('O4', 9003, 'C2', 700), at(15), 'o4'),
    e('order.created', { ...order('O5', 9002, 'C3', 900), gameId: 9999 }, at(15), 'o5'),
    e('order.created', order('O6', 9002, 'C3', 2500, 50), at(40), 'o6'),
    e('order.statusChanged', { orderNo: 'O6', status: 52 }, at(40), 'o6s52'),
    e('order.statusChanged', { orderNo: 'O9', status: 50 }, at(50), 'o9'),
    e(
      'device.active',
      { barUserId: 501, deviceCode: 'D1', day: '2026-03-01', activeMinutes: 120 },
      at(100),
      'd1',
    ),
    e(
      'device.active',
      { barUserId: 501, deviceCode: 'D1', day: '2026-03-01', activeMinutes: 200 },
      at(200),
      'd1b',
    ),
    e(
      'device.active',
      { barUserId: 502, deviceCode: 'D2', day: '2026-03-02', activeMinutes: 60 },
      at(300),
      'd2',
    ),
  ];
}

describe('ingestion: arrival order and replays', () => {
  it('ends in the same state for any permutation, duplication and batching of an event stream', async () => {
    const events = await stream();
    expect((await biz.events(events)).map((r) => r.outcome)).toEqual(
      events.map((e) => (['o4', 'o5'].includes(e.id) ? 'rejected' : 'accepted')),
    );
    const expected = await dump();
    // The reference itself: the stream's meaning, checked once.
    const [o1] = await t.rows(sql`select status, order_count, spent_fen::int as spent from orders o
      join players p on p.id = o.player_id where order_no = 'O1'`);
    expect(o1).toEqual({ status: 50, order_count: 2, spent: 1700 });
    const [o6] = await t.rows(sql`select status from orders where order_no = 'O6'`);
    expect(o6?.status).toBe(52);
    const [p2] = await t.rows(
      sql`select order_count, spent_fen::int as spent from players where platform_user_id = 9002`,
    );
    expect(p2).toEqual({ order_count: 2, spent: 2500 });

    const n = events.length;
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(events, { minLength: n, maxLength: n }),
        fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n + 20)), { maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 8 }),
        async (permuted, duplicates, sizes) => {
          const list = [...permuted];
          for (const [which, where] of duplicates) {
            const copy = events[which];
            if (copy) list.splice(Math.min(where, list.length), 0, copy);
          }
          await clearBusiness();
          let i = 0;
          for (let b = 0; i < list.length; b++) {
            const size = sizes[b % sizes.length] ?? 5;
            await biz.events(list.slice(i, i + size));
            i += size;
          }
          expect(await dump()).toBe(expected);
        },
      ),
      { numRuns: inject('testDb') === 'pg' ? 15 : 25 },
    );
  }, 180_000);

  it.skipIf(inject('testDb') !== 'pg')(
    'takes parallel batches naming the same order and player without double counting or failing',
    async () => {
      const [, national] = await given.chain(1);
      if (!national) throw new Error('no chain');
      const bar = await biz.netBar({ agent: national });
      const channel = await biz.channel({ netBar: bar });
      const player = await biz.player({ channel });
      const [game] = await biz.games();
      if (game === undefined) throw new Error('no game');
      const created = (orderNo: string, amountFen: number, minutes: number, id: string) =>
        biz.event(
          'order.created',
          {
            orderNo,
            userId: player.userId,
            gameId: game,
            goodsId: 1,
            channelCode: channel.code,
            source: 60,
            terminalType: 4,
            rentType: 'hour',
            rentMinutes: 60,
            amountFen,
            priceIncreaseFen: 0,
            status: 10,
          },
          at(minutes),
          id,
        );
      const rounds = 8;
      for (let k = 0; k < rounds; k++) {
        const a = created(`RA${k}`, 1000, k * 10, `ra${k}`);
        const paid = biz.event(
          'order.statusChanged',
          { orderNo: `RA${k}`, status: 30 },
          at(k * 10 + 1),
          `ra${k}p`,
        );
        const done = biz.event(
          'order.statusChanged',
          { orderNo: `RA${k}`, status: 50 },
          at(k * 10 + 2),
          `ra${k}d`,
        );
        const b = created(`RB${k}`, 300, k * 10 + 3, `rb${k}`);
        const bPaid = biz.event(
          'order.statusChanged',
          { orderNo: `RB${k}`, status: 30 },
          at(k * 10 + 4),
          `rb${k}p`,
        );
        const replies = await Promise.all([
          biz.events([a, paid]),
          biz.events([done, b]),
          biz.events([a, bPaid]),
          biz.events([bPaid, done]),
        ]);
        const outcomes = replies.flat();
        expect(
          outcomes
            .filter((r) => r.id === a.id)
            .map((r) => r.outcome)
            .sort(),
        ).toEqual(['accepted', 'duplicate']);
        expect(outcomes.every((r) => r.outcome === 'accepted' || r.outcome === 'duplicate')).toBe(true);
      }
      const [p] = await t.rows(
        sql`select order_count, spent_fen::int as spent from players where id = ${player.id}`,
      );
      expect(p).toEqual({ order_count: 2 * rounds, spent: rounds * 1300 });
      const statuses = await t.rows(sql`select order_no, status from orders order by order_no`);
      expect(statuses.every((s) => s.status === (String(s.order_no).startsWith('RA') ? 50 : 30))).toBe(true);
      const [pending] = await t.rows(
        sql`select count(*)::int as n from ingest_events where state = 'pending'`,
      );
      expect(pending?.n).toBe(0);
    },
    120_000,
  );
});
