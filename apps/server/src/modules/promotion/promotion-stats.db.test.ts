import {
  type IngestEvent,
  PAID_ORDER_STATUSES,
  queryChannelPage,
  queryChannelTotalData,
  queryWebNetBarPage,
  queryWebNetBarTotal,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { business } from '../../../test/business-factories';
import { factories, type GivenAgent } from '../../../test/factories';

/**
 * The promotion rollups (channel_stats, net_bar_day_stats, kept by statement triggers on players
 * and orders) against a direct count over the players and orders, after random ingestion: players
 * registering (again, earlier: another terminal and day), orders created (an order number twice),
 * status changes in any order, replays, batches of any size; then orders deleted. And the figures
 * the screens answer (channel list and totals, web net bar list and totals over any range, whole
 * days or not, of a terminal or all) against the same direct count.
 */

const t = useTestApp({ seed: 'empty' });
const given = factories(t);
const biz = business(t);

const PAID = sql.raw(`(${PAID_ORDER_STATUSES.join(', ')})`);
/** 2026-02-27 18:00 China time; the test clock is 2026-03-02 10:00 China time. */
const T0 = Date.parse('2026-02-27T10:00:00.000Z');
const SPAN_MINUTES = 3 * 24 * 60 - 8 * 60;
const at = (minute: number) => new Date(T0 + minute * 60_000);
const CHANNELS = ['RC1', 'RC2', 'RW3'] as const;
const STATUSES = [10, 30, 40, 50, 52, 60, 70] as const;

type Op =
  | { kind: 'player'; user: number; channel: number; terminal: number; minute: number }
  | {
      kind: 'order';
      no: number;
      user: number;
      channel: number;
      terminal: number;
      amount: number;
      status: 10 | 30 | 50;
      minute: number;
    }
  | { kind: 'status'; no: number; status: (typeof STATUSES)[number]; minute: number };

const minute = fc.integer({ min: 0, max: SPAN_MINUTES });
const terminal = fc.integer({ min: 0, max: 6 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('player' as const),
    user: fc.nat(5),
    channel: fc.nat(CHANNELS.length - 1),
    terminal,
    minute,
  }),
  fc.record({
    kind: fc.constant('order' as const),
    no: fc.nat(11),
    user: fc.nat(5),
    channel: fc.nat(CHANNELS.length - 1),
    terminal,
    amount: fc.integer({ min: 0, max: 50_000 }),
    status: fc.constantFrom(10 as const, 30 as const, 50 as const),
    minute,
  }),
  fc.record({
    kind: fc.constant('status' as const),
    no: fc.nat(11),
    status: fc.constantFrom(...STATUSES),
    minute,
  }),
);

/**
 * A stream: every player registers once (so most orders find theirs, sooner or later), then any
 * mix of registrations again, orders and status changes, the whole in any order.
 */
const ops: fc.Arbitrary<Op[]> = fc
  .tuple(
    fc.tuple(
      ...[0, 1, 2, 3, 4, 5].map((user) =>
        fc.record({
          kind: fc.constant('player' as const),
          user: fc.constant(user),
          channel: fc.nat(CHANNELS.length - 1),
          terminal,
          minute,
        }),
      ),
    ),
    fc.array(op, { minLength: 1, maxLength: 50 }),
  )
  .chain(([first, rest]) => {
    const all: Op[] = [...first, ...rest];
    return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
  });

/** A China time `YYYY-MM-DD HH:mm:ss` of the test's days, and the instant it names. */
const chinaTime = fc
  .record({ day: fc.integer({ min: 26, max: 31 }), second: fc.integer({ min: 0, max: 86_399 }) })
  .map(({ day, second }) => {
    const date = day <= 28 ? `2026-02-${day}` : `2026-03-0${day - 28}`;
    const hh = String(Math.floor(second / 3600)).padStart(2, '0');
    const mm = String(Math.floor((second % 3600) / 60)).padStart(2, '0');
    const ss = String(second % 60).padStart(2, '0');
    return `${date} ${hh}:${mm}:${ss}`;
  });
/** A range of the web list: whole days (bare dates or 00:00:00-23:59:59) or any two times. */
const range = fc.oneof(
  fc.tuple(chinaTime, chinaTime).map(([a, b]) => (a <= b ? [a, b] : [b, a]) as [string, string]),
  fc
    .tuple(chinaTime, chinaTime)
    .map(([a, b]) => (a <= b ? [a, b] : [b, a]))
    .map(([a, b]) => [`${a?.slice(0, 10)} 00:00:00`, `${b?.slice(0, 10)} 23:59:59`] as [string, string]),
  fc
    .tuple(chinaTime, chinaTime)
    .map(([a, b]) => (a <= b ? [a, b] : [b, a]))
    .map(([a, b]) => [a?.slice(0, 10), b?.slice(0, 10)] as [string, string]),
);
/** The instants of a wire range: the end second included whole (a bare end date to its last second). */
const instants = ([from, to]: [string, string]) => ({
  from: new Date(`${from.length === 10 ? `${from} 00:00:00` : from}+08:00`.replace(' ', 'T')),
  until: new Date(
    new Date(`${to.length === 10 ? `${to} 23:59:59` : to}+08:00`.replace(' ', 'T')).getTime() + 1000,
  ),
});

async function clearBusiness() {
  await t.rows(sql`truncate net_bars, channels, players, orders, order_status_history, device_active_days,
    ingest_events, order_node_day_stats, channel_stats, net_bar_day_stats restart identity cascade`);
}

/** The world each run starts from: two net bars of two agents, two client channels and a web one. */
function worldEvents(l3: GivenAgent, other: GivenAgent): IngestEvent[] {
  const e = biz.event;
  const bar = (barUserId: number, agentId: number) => ({
    barUserId,
    agentId,
    name: `网吧${barUserId}`,
    provinceCode: 440000,
    cityCode: 440300,
    districtCode: 440305,
    terminalCount: 30,
    status: 'open' as const,
  });
  return [
    e('netBar.upserted', bar(701, l3.id), at(-60), 'wb1'),
    e('netBar.upserted', bar(702, other.id), at(-60), 'wb2'),
    e(
      'channel.upserted',
      { code: 'RC1', kind: 'client', name: '一', agentId: l3.id, barUserId: 701 },
      at(-50),
      'wc1',
    ),
    e(
      'channel.upserted',
      { code: 'RC2', kind: 'client', name: '二', agentId: other.id, barUserId: 702 },
      at(-50),
      'wc2',
    ),
    e(
      'channel.upserted',
      { code: 'RW3', kind: 'web', name: '三', agentId: l3.id, domain: 'r.example.com' },
      at(-50),
      'wc3',
    ),
  ];
}

function eventsOf(ops: readonly Op[], gameId: number): IngestEvent[] {
  return ops.map((o, i) => {
    const e = biz.event;
    switch (o.kind) {
      case 'player':
        return e(
          'player.registered',
          {
            userId: 9100 + o.user,
            phoneMasked: '138****0000',
            channelCode: CHANNELS[o.channel] as string,
            terminalType: o.terminal,
          },
          at(o.minute),
          `p${i}`,
        );
      case 'order':
        return e(
          'order.created',
          {
            orderNo: `RO${o.no}`,
            userId: 9100 + o.user,
            gameId,
            goodsId: 1,
            channelCode: CHANNELS[o.channel] as string,
            source: 60,
            terminalType: o.terminal,
            rentType: 'hour',
            rentMinutes: 60,
            amountFen: o.amount,
            priceIncreaseFen: 0,
            status: o.status,
          },
          at(o.minute),
          `o${i}`,
        );
      case 'status':
        return e('order.statusChanged', { orderNo: `RO${o.no}`, status: o.status }, at(o.minute), `s${i}`);
    }
    throw new Error('unknown op');
  });
}

/** Each rollup and the direct count of what it rolls up, rows with figures only, in key order. */
async function rollupsAndCounts() {
  const channelRollup =
    await t.rows(sql`select channel_id, user_count, order_count, paid_amount_fen::text as paid
    from channel_stats where user_count <> 0 or order_count <> 0 or paid_amount_fen <> 0 order by 1`);
  const channelCount =
    await t.rows(sql`select channel_id, sum(u)::int as user_count, sum(o)::int as order_count,
      sum(p)::bigint::text as paid from (
      select channel_id, 1 as u, 0 as o, 0 as p from players where channel_id is not null
      union all
      select channel_id, 0, 1, case when status in ${PAID} then amount_fen else 0 end from orders
      where channel_id is not null) x
    group by 1 order by 1`);
  const barRollup =
    await t.rows(sql`select net_bar_id, day::text as day, terminal_type, user_count, order_count,
      paid_amount_fen::text as paid
    from net_bar_day_stats where user_count <> 0 or order_count <> 0 or paid_amount_fen <> 0 order by 1, 2, 3`);
  const barCount =
    await t.rows(sql`select net_bar_id, day::text as day, terminal_type, sum(u)::int as user_count,
      sum(o)::int as order_count, sum(p)::bigint::text as paid from (
      select net_bar_id, ((registered_at at time zone 'UTC') + interval '8 hours')::date as day, terminal_type,
        1 as u, 0 as o, 0 as p
      from players where net_bar_id is not null
      union all
      select net_bar_id, ((created_at at time zone 'UTC') + interval '8 hours')::date, terminal_type,
        0, 1, case when status in ${PAID} then amount_fen else 0 end
      from orders) x
    group by 1, 2, 3 order by 1, 2, 3`);
  return { channelRollup, channelCount, barRollup, barCount };
}

describe('promotion rollups', () => {
  it('equal a direct count over players and orders after any ingestion, and the screens answer it', async () => {
    const [operator, , , l3] = await given.chain(3);
    const [, , otherL2] = await given.chain(2);
    if (!operator || !l3 || !otherL2) throw new Error('no chain');
    const [gameId] = await biz.games();
    if (gameId === undefined) throw new Error('no game');
    const op0 = await given.login(operator);
    const cookieL3 = await given.login(l3);

    await fc.assert(
      fc.asyncProperty(
        ops,
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 15 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(11), { maxLength: 4 }),
        range,
        fc.option(terminal, { nil: undefined }),
        async (stream, replays, sizes, deleted, wire, term) => {
          await clearBusiness();
          const world = await biz.events(worldEvents(l3, otherL2));
          expect(world.every((r) => r.outcome === 'accepted')).toBe(true);
          const events = eventsOf(stream, gameId);
          // Replays: events sent again later in the stream (answered duplicate when already stored).
          const sent = [...events];
          for (const r of replays) {
            const copy = events[r % events.length];
            if (copy) sent.push(copy);
          }
          let i = 0;
          for (let b = 0; i < sent.length; b++) {
            const size = sizes[b % sizes.length] ?? 5;
            await biz.events(sent.slice(i, i + size));
            i += size;
          }
          let state = await rollupsAndCounts();
          expect(state.channelRollup).toEqual(state.channelCount);
          expect(state.barRollup).toEqual(state.barCount);

          // What the screens answer: every figure equal to the direct count.
          const channels = await t.rows(sql`select c.id, c.code,
              (select count(*)::int from players p where p.channel_id = c.id) as users,
              (select count(*)::int from orders o where o.channel_id = c.id) as orders,
              (select coalesce(sum(amount_fen), 0)::int from orders o where o.channel_id = c.id and o.status in ${PAID}) as paid,
              l3 = any(c.agent_chain) as mine
            from channels c, (select ${l3.id}::int as l3) x order by c.id`);
          const page = await t.call(queryChannelPage, {}, { cookie: op0 });
          expect(
            (page.object ?? [])
              .map((c) => [c.code, c.userCount, c.orderCount, c.orderAmount])
              .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
          ).toEqual(channels.map((c) => [c.code, c.users, c.orders, c.paid]));
          const sum = (rows: typeof channels, k: 'users' | 'orders' | 'paid') =>
            rows.reduce((s, r) => s + Number(r[k]), 0);
          for (const [cookie, rows] of [
            [op0, channels],
            [cookieL3, channels.filter((c) => c.mine)],
          ] as const) {
            const totals = (await t.call(queryChannelTotalData, {}, { cookie })).object;
            expect(totals).toMatchObject({
              channelCount: rows.length,
              userCount: sum(rows, 'users'),
              orderCount: sum(rows, 'orders'),
              orderAmount: sum(rows, 'paid'),
            });
          }

          const { from, until } = instants(wire);
          const inRange = (column: string) =>
            sql.raw(`${column} >= '${from.toISOString()}' and ${column} < '${until.toISOString()}'`);
          const terminalIs = (column: string) => sql.raw(term === undefined ? 'true' : `${column} = ${term}`);
          const bars = await t.rows(sql`select b.id,
              (select count(*)::int from players p where p.net_bar_id = b.id and ${inRange('p.registered_at')}
                and ${terminalIs('p.terminal_type')}) as users,
              (select count(*)::int from orders o where o.net_bar_id = b.id and ${inRange('o.created_at')}
                and ${terminalIs('o.terminal_type')}) as orders,
              (select coalesce(sum(amount_fen), 0)::int from orders o where o.net_bar_id = b.id
                and ${inRange('o.created_at')} and ${terminalIs('o.terminal_type')} and o.status in ${PAID}) as paid
            from net_bars b order by b.id`);
          const query = {
            startTime: wire[0],
            endTime: wire[1],
            ...(term === undefined ? {} : { terminal: term }),
          };
          const webPage = await t.call(queryWebNetBarPage, query, { cookie: op0 });
          expect(
            (webPage.object ?? [])
              .map((b) => [b.netBarId, b.userCount, b.orderCount, b.orderAmount])
              .sort((a, b) => Number(a[0]) - Number(b[0])),
          ).toEqual(bars.map((b) => [b.id, b.users, b.orders, b.paid]));
          const webTotals = (await t.call(queryWebNetBarTotal, query, { cookie: op0 })).object;
          expect(webTotals).toEqual({
            netBarCount: bars.length,
            userCount: sum(bars as typeof channels, 'users'),
            orderCount: sum(bars as typeof channels, 'orders'),
            orderAmount: sum(bars as typeof channels, 'paid'),
          });

          // Deleted orders (no code path deletes them today): the rollups follow.
          if (deleted.length > 0) {
            const numbers = sql.join(
              deleted.map((n) => sql`${`RO${n}`}`),
              sql`, `,
            );
            await t.rows(sql`delete from order_status_history where order_id in
              (select id from orders where order_no in (${numbers}))`);
            await t.rows(sql`delete from orders where order_no in (${numbers})`);
            state = await rollupsAndCounts();
            expect(state.channelRollup).toEqual(state.channelCount);
            expect(state.barRollup).toEqual(state.barCount);
          }
        },
      ),
      {
        numRuns: inject('testDb') === 'pg' ? 15 : 25,
        // Fixed for CI (240 random runs passed on both engines when it was set).
        seed: 20261126,
        examples: [
          // Found: a web channel's player (no net bar) inside a part-day edge of the whole tree's totals.
          [
            [
              ...[5, 0, 4].map((user) => ({
                kind: 'player' as const,
                user,
                channel: 0,
                terminal: 0,
                minute: 0,
              })),
              { kind: 'order', no: 0, user: 0, channel: 0, terminal: 0, amount: 0, status: 10, minute: 0 },
              ...[1, 3].map((user) => ({
                kind: 'player' as const,
                user,
                channel: 0,
                terminal: 0,
                minute: 0,
              })),
              { kind: 'player', user: 2, channel: 2, terminal: 0, minute: 0 },
            ],
            [],
            [1],
            [],
            ['2026-02-26 00:00:00', '2026-02-27 18:00:00'],
            undefined,
          ],
        ],
      },
    );
  }, 300_000);

  it.skipIf(inject('testDb') !== 'pg')(
    'stay equal to the count under parallel batches writing the same channels, bars and days',
    async () => {
      const [, , , l3] = await given.chain(3);
      const [, , otherL2] = await given.chain(2);
      if (!l3 || !otherL2) throw new Error('no chain');
      const [gameId] = await biz.games();
      if (gameId === undefined) throw new Error('no game');
      const world = await biz.events(worldEvents(l3, otherL2));
      expect(world.every((r) => r.outcome === 'accepted')).toBe(true);
      const e = biz.event;
      const users = Array.from({ length: 12 }, (_, u) => 9200 + u);
      expect(
        (
          await biz.events(
            users.map((userId, u) =>
              e(
                'player.registered',
                {
                  userId,
                  phoneMasked: '138****0000',
                  channelCode: CHANNELS[u % 2] as string,
                  terminalType: u % 7,
                },
                at(u * 7),
                `pp${u}`,
              ),
            ),
          )
        ).every((r) => r.outcome === 'accepted'),
      ).toBe(true);
      const order = (k: number, u: number) =>
        e(
          'order.created',
          {
            orderNo: `PO${k}`,
            userId: users[u] as number,
            gameId,
            goodsId: 1,
            channelCode: CHANNELS[k % 3] as string,
            source: 60,
            terminalType: k % 2,
            rentType: 'hour',
            rentMinutes: 60,
            amountFen: 100 + k,
            priceIncreaseFen: 0,
            status: 10,
          },
          at(100 + (k % 5) * 60),
          `po${k}`,
        );
      const status = (k: number, s: 30 | 50 | 60 | 70, minute: number) =>
        e('order.statusChanged', { orderNo: `PO${k}`, status: s }, at(400 + minute), `ps${k}-${s}`);
      // Rounds of 6 batches at once: each creates orders (its own players) on every channel, bar
      // and day, and moves orders the batches before created; all take the same rollup rows.
      for (let round = 0; round < 4; round++) {
        const batches = Array.from({ length: 6 }, (_, b) => {
          const list: IngestEvent[] = [];
          for (let j = 0; j < 10; j++) list.push(order(round * 60 + b * 10 + j, (b * 2 + (j % 2)) % 12));
          if (round > 0) {
            for (let j = 0; j < 10; j++) {
              const k = (round - 1) * 60 + b * 10 + j;
              list.push(status(k, ([30, 50, 60, 70] as const)[(k + b) % 4] ?? 30, round * 10 + j));
            }
          }
          return list;
        });
        const replies = (await Promise.all(batches.map((list) => biz.events(list)))).flat();
        expect(replies.filter((r) => r.outcome !== 'accepted')).toEqual([]);
      }
      const state = await rollupsAndCounts();
      expect(state.channelCount.length).toBe(3);
      expect(state.channelRollup).toEqual(state.channelCount);
      expect(state.barRollup).toEqual(state.barCount);
      const [n] = await t.rows(
        sql`select count(*)::int as n, count(*) filter (where status <> 10)::int as moved from orders`,
      );
      expect(n).toEqual({ n: 240, moved: 180 });
    },
    120_000,
  );
});
