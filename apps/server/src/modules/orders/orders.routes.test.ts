import {
  barOrderStatisticsTime,
  exportHref,
  exportOrderBar,
  exportUsersPage,
  type OrderBarItem,
  type OrderBarQuery,
  type OrderFigures,
  pathOf,
  queryBarOrderStatisticsPage,
  queryOrderBarDetail,
  queryOrderBarPage,
  queryPickerNames,
  queryUsersPage,
  queryUsersTotal,
  searchChannelOptions,
  searchNetBarOptions,
  totalBarOrderStatistics,
  totalOrderBarRecord,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { business } from '../../../test/business-factories';
import { factories } from '../../../test/factories';

/**
 * Issue 9, §3-4: 订单明细 and 用户明细 on a real database. One small world per test, made through
 * the ingestion service: a chain down to a city agent (the caller) with a district agent below it,
 * and a sibling city agent whose records the caller must never see.
 */

const t = useTestApp({ seed: 'empty' });
const given = factories(t);
const biz = business(t);

/** China time → instant. */
const cst = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);

async function world() {
  const [, national, province, city] = await given.chain(3);
  if (!national || !province || !city) throw new Error('no chain');
  const district = await given.agent({ parent: city });
  const sibling = await given.agent({ parent: province });
  const barCity = await biz.netBar({ agent: city, name: '南山一号网咖' });
  const barDistrict = await biz.netBar({
    agent: district,
    name: '天河星空网吧',
    provinceCode: 440000,
    cityCode: 440100,
    districtCode: 440106,
  });
  const barSibling = await biz.netBar({ agent: sibling, name: '外部网吧' });
  const chCity = await biz.channel({ netBar: barCity, name: '南山渠道' });
  const chDistrict = await biz.channel({ netBar: barDistrict, name: '天河渠道' });
  const chSibling = await biz.channel({ netBar: barSibling, name: '外部渠道' });
  const pCity = await biz.player({ channel: chCity, terminalType: 4, at: cst('2026-02-10 09:00:00') });
  const pDistrict = await biz.player({
    channel: chDistrict,
    terminalType: 2,
    at: cst('2026-02-25 12:00:00'),
  });
  const pSibling = await biz.player({ channel: chSibling, at: cst('2026-02-26 12:00:00') });

  const o1 = await biz.order({ player: pCity, amountFen: 1000, createdAt: cst('2026-02-20 12:00:00') });
  const o2 = await biz.order({
    player: pCity,
    amountFen: 2500,
    priceIncreaseFen: 300,
    source: 10,
    createdAt: cst('2026-03-01 09:00:00'),
  });
  await biz.orderStatus(o2, 30, cst('2026-03-01 09:01:00'), { paidAt: cst('2026-03-01 09:01:00') });
  await biz.orderStatus(o2, 50, cst('2026-03-01 11:00:00'), { completedAt: cst('2026-03-01 11:00:00') });
  const o3 = await biz.order({ player: pDistrict, amountFen: 1800, createdAt: cst('2026-03-01 23:30:00') });
  await biz.orderStatus(o3, 60, cst('2026-03-01 23:40:00'));
  const o4 = await biz.order({
    player: pDistrict,
    amountFen: 4200,
    terminalType: 2,
    createdAt: cst('2026-03-02 08:00:00'),
  });
  await biz.orderStatus(o4, 40, cst('2026-03-02 08:01:00'), { paidAt: cst('2026-03-02 08:01:00') });
  const o5 = await biz.order({ player: pSibling, amountFen: 9900, createdAt: cst('2026-03-01 10:00:00') });
  await biz.orderStatus(o5, 50, cst('2026-03-01 12:00:00'), { completedAt: cst('2026-03-01 12:00:00') });
  return {
    agents: { national, province, city, district, sibling },
    bars: { barCity, barDistrict, barSibling },
    channels: { chCity, chDistrict, chSibling },
    players: { pCity, pDistrict, pSibling },
    orders: { o1, o2, o3, o4, o5 },
    as: (agent: typeof city) => given.login(agent),
  };
}

/** Every row of the order list for these filters, page by page. */
async function wholeOrders(cookie: string, filters: Partial<OrderBarQuery> = {}): Promise<OrderBarItem[]> {
  const rows: OrderBarItem[] = [];
  for (let pageNum = 1; pageNum <= 50; pageNum++) {
    const res = await t.call(queryOrderBarPage, { ...filters, pageNum, pageSize: 200 }, { cookie });
    expect(res.responseCode).toBe('0000');
    const page = res.object ?? [];
    rows.push(...page);
    if (page.length < 200) {
      // The count (from the rollup where it answers) is the number of rows.
      expect([filters, res.totalCount]).toEqual([filters, rows.length]);
      return rows;
    }
  }
  throw new Error('more pages than expected');
}

const PAID = new Set([30, 40, 50, 52, 70]);
/** The figures of rows, added up here. */
function figuresOf(rows: readonly OrderBarItem[]): OrderFigures {
  const sum = (list: readonly OrderBarItem[], f: (r: OrderBarItem) => number) =>
    list.reduce((n, r) => n + f(r), 0);
  const paid = rows.filter((r) => PAID.has(r.status));
  const completed = rows.filter((r) => r.status === 50 || r.status === 52);
  return {
    orderCount: rows.length,
    amountFen: sum(rows, (r) => r.amountFen),
    priceIncreaseFen: sum(rows, (r) => r.priceIncreaseFen),
    paidCount: paid.length,
    paidAmountFen: sum(paid, (r) => r.amountFen),
    completedCount: completed.length,
    completedAmountFen: sum(completed, (r) => r.amountFen),
    cancelledCount: rows.filter((r) => r.status === 60).length,
  };
}

async function sheetRows(body: Buffer): Promise<(string | number | null)[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: (string | number | null)[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as (string | number | null)[]).slice(1));
  });
  return rows;
}

const orderNos = (rows: readonly OrderBarItem[]) => rows.map((r) => r.orderNo).sort();

describe('POST /api/order/barRetail/queryOrderBarPage', () => {
  it('shows each agent the orders of its subtree only, newest first, with their display fields', async () => {
    const w = await world();
    const { o1, o2, o3, o4, o5 } = w.orders;
    const cityRows = await wholeOrders(await w.as(w.agents.city));
    expect(cityRows.map((r) => r.orderNo)).toEqual([o4.orderNo, o3.orderNo, o2.orderNo, o1.orderNo]);
    expect(orderNos(await wholeOrders(await w.as(w.agents.district)))).toEqual(orderNos([o3, o4] as never));
    expect((await wholeOrders(await w.as(w.agents.sibling))).map((r) => r.orderNo)).toEqual([o5.orderNo]);
    expect(await wholeOrders(await w.as(w.agents.national))).toHaveLength(5);
    expect(await wholeOrders(await t.login((await given.operator()).phone))).toHaveLength(5);

    const row = cityRows.find((r) => r.orderNo === o2.orderNo);
    expect(row).toMatchObject({
      netBarName: '南山一号网咖',
      channelName: '南山渠道',
      agentName: w.agents.city.name,
      amountFen: 2500,
      priceIncreaseFen: 300,
      status: 50,
      orderSource: 10,
      createTime: '2026-03-01 09:00:00',
      payTime: '2026-03-01 09:01:00',
      completeTime: '2026-03-01 11:00:00',
      areaName: expect.stringContaining('南山'),
      userId: w.players.pCity.userId,
    });
  });

  it('filters by time type and range, source, status, terminal, area, agent node, net bar, channel, order no and player', async () => {
    const w = await world();
    const { o1, o2, o3, o4 } = w.orders;
    const cookie = await w.as(w.agents.city);
    const cases: [Partial<OrderBarQuery>, { orderNo: string }[]][] = [
      [{ startTime: '2026-03-01 00:00:00', endTime: '2026-03-01 23:59:59' }, [o2, o3]],
      [{ startTime: '2026-03-01', endTime: '2026-03-01' }, [o2, o3]],
      [{ timeType: '10', startTime: '2026-03-01 09:00:00', endTime: '2026-03-01 09:00:00' }, [o2]],
      [{ timeType: '20', startTime: '2026-03-01 00:00:00', endTime: '2026-03-02 23:59:59' }, [o2, o4]],
      [{ timeType: '30', startTime: '2026-03-01 00:00:00', endTime: '2026-03-02 23:59:59' }, [o2]],
      [{ orderSource: 10 }, [o2]],
      [{ status: 60 }, [o3]],
      [{ terminalType: 2 }, [o4]],
      [{ areaKey: '440000-440100' }, [o3, o4]],
      [{ areaKey: '440000-440300-440305' }, [o1, o2]],
      [{ pid: w.agents.district.id }, [o3, o4]],
      [{ pid: -1 }, [o1, o2, o3, o4]],
      [{ pid: w.agents.city.id }, [o1, o2, o3, o4]],
      [{ netBarId: w.bars.barCity.id }, [o1, o2]],
      [{ channelId: w.channels.chDistrict.id }, [o3, o4]],
      [{ orderNo: o3.orderNo }, [o3]],
      [{ userId: w.players.pDistrict.userId }, [o3, o4]],
      // A player of another subtree matches nothing here.
      [{ userId: w.players.pSibling.userId }, []],
      [{ orderNo: w.orders.o5.orderNo }, []],
    ];
    for (const [filters, expected] of cases) {
      const rows = await wholeOrders(cookie, filters);
      expect([filters, orderNos(rows)]).toEqual([filters, expected.map((o) => o.orderNo).sort()]);
    }
  });

  it('refuses ids outside the subtree (1004) and changes nothing', async () => {
    const w = await world();
    const cookie = await w.as(w.agents.city);
    const before = await t.snapshot();
    for (const body of [
      { pid: w.agents.sibling.id },
      { pid: w.agents.province.id },
      { netBarId: w.bars.barSibling.id },
      { channelId: w.channels.chSibling.id },
      { netBarId: 999999 },
    ]) {
      const res = await t.call(queryOrderBarPage, body, { cookie });
      expect([body, res.responseCode]).toEqual([body, '1004']);
      expect((await t.call(totalOrderBarRecord, body, { cookie })).responseCode).toBe('1004');
      const file = await t.inject({
        method: 'GET',
        url: exportHref(exportOrderBar, body),
        headers: { cookie },
      });
      expect(file.json().responseCode).toBe('1004');
    }
    expect((await t.call(queryOrderBarDetail, { id: w.orders.o5.id }, { cookie })).responseCode).toBe('1004');
    expect(await t.snapshot()).toEqual(before);
  });

  it.each([
    [{ timeType: '40' }],
    [{ startTime: '2026-02-30 00:00:00' }],
    [{ startTime: '2026-03-02 00:00:00', endTime: '2026-03-01 00:00:00' }],
    [{ startTime: '2026/03/01' }],
    [{ pageSize: 25 }],
    [{ pageNum: 0 }],
    [{ orderSource: 15 }],
    [{ status: 20 }],
    [{ terminalType: 7 }],
    [{ areaKey: 'x' }],
    [{ areaKey: '999999' }],
    [{ orderNo: 'A'.repeat(41) }],
    [{ userId: 'abc' }],
    [{ orderBy: 'amountFen' }],
    [{ unknown: 1 }],
  ])('answers bad input %j with 1000 (list, totals and export), never 500', async (body) => {
    const w = await world();
    const cookie = await w.as(w.agents.city);
    const before = await t.snapshot();
    const page = await t.callUnchecked(queryOrderBarPage, body, { cookie });
    expect([page.http.statusCode, page.responseCode]).toEqual([200, '1000']);
    const { pageSize: _s, pageNum: _n, ...query } = body as Record<string, unknown>;
    if (Object.keys(query).length > 0) {
      expect((await t.callUnchecked(totalOrderBarRecord, query, { cookie })).responseCode).toBe('1000');
    }
    // The export's query string may carry other parameters (its download token): unknown ones are left out.
    if (Object.keys(query).length > 0 && !('unknown' in query)) {
      const file = await t.inject({
        method: 'GET',
        url: `${exportOrderBar.path}?${new URLSearchParams(query as Record<string, string>).toString()}`,
        headers: { cookie },
      });
      expect(file.json().responseCode).toBe('1000');
    }
    expect(await t.snapshot()).toEqual(before);
  });

  it('answers 9996 without a session', async () => {
    await world();
    expect((await t.call(queryOrderBarPage, {}, {})).responseCode).toBe('9996');
  });
});

describe('POST /api/order/barRetail/totalOrderBarRecord', () => {
  it('equals the figures added up over the whole filtered list, from the rollup or from the orders', async () => {
    const w = await world();
    for (const agent of [w.agents.city, w.agents.district, w.agents.national]) {
      const cookie = await w.as(agent);
      for (const filters of [
        {},
        // whole days: read from the rollup
        { startTime: '2026-03-01 00:00:00', endTime: '2026-03-02 23:59:59' },
        { startTime: '2026-03-01', endTime: '2026-03-01', status: 60 as const },
        { areaKey: '440000-440100', netBarId: undefined },
        { pid: agent.id },
        // not whole days, a source, a paid time: read from the orders
        { startTime: '2026-03-01 09:00:00', endTime: '2026-03-02 23:59:59' },
        { orderSource: 60 as const },
        { timeType: '20' as const, startTime: '2026-03-01', endTime: '2026-03-02' },
      ]) {
        const rows = await wholeOrders(cookie, filters);
        const res = await t.call(totalOrderBarRecord, filters, { cookie });
        expect(res.responseCode).toBe('0000');
        expect([agent.level, filters, res.object]).toEqual([agent.level, filters, figuresOf(rows)]);
      }
    }
  });

  it('follows status changes (the rollup is kept in the same transaction as the orders)', async () => {
    const w = await world();
    const cookie = await w.as(w.agents.city);
    await biz.orderStatus(w.orders.o1, 60, cst('2026-03-02 09:00:00'));
    const res = await t.call(totalOrderBarRecord, { status: 60 }, { cookie });
    expect(res.object).toMatchObject({ orderCount: 2, cancelledCount: 2, amountFen: 2800 });
    // The rollup holds exactly the orders, grouped.
    const drift = await t.rows(sql`
      select o.day, o.n, s.n as rolled from (
        select ((created_at at time zone 'UTC') + interval '8 hours')::date as day, count(*)::int as n
        from orders group by 1) o
      full join (select day, sum(order_count)::int as n from order_node_day_stats
        where node_id = (select id from agents where agent_level = 0) group by 1) s on s.day = o.day
      where o.n is distinct from s.n`);
    expect(drift).toEqual([]);
    // Every agent of every chain: its rows hold exactly its subtree's orders, per day and status.
    const nodeDrift = await t.rows(sql`
      select * from (
        select unnest(agent_chain) as node_id, ((created_at at time zone 'UTC') + interval '8 hours')::date as day,
          status, count(*)::int as n, sum(amount_fen)::bigint as a from orders group by 1, 2, 3) o
      full join (select node_id, day, status, order_count as n, amount_fen as a from order_node_day_stats
        where order_count <> 0 or amount_fen <> 0) s using (node_id, day, status)
      where o.n is distinct from s.n or o.a is distinct from s.a`);
    expect(nodeDrift).toEqual([]);
  });
});

describe('GET /api/order/barRetail/exportOrderBar', () => {
  it('writes the whole filtered list: its row count and amounts equal the list and its totals', async () => {
    const w = await world();
    const cookie = await w.as(w.agents.city);
    for (const filters of [{}, { startTime: '2026-03-01', endTime: '2026-03-02' }, { status: 60 as const }]) {
      const rows = await wholeOrders(cookie, filters);
      const totals = (await t.call(totalOrderBarRecord, filters, { cookie })).object;
      const file = await t.inject({
        method: 'GET',
        url: exportHref(exportOrderBar, filters, 'tok_12345678'),
        headers: { cookie },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('spreadsheetml');
      expect(String(file.headers['set-cookie'])).toContain('ac_export=tok_12345678');
      const [header, ...data] = await sheetRows(file.rawPayload);
      expect(header?.[0]).toBe('订单号');
      const amountAt = header?.indexOf('支付金额(元)') ?? -1;
      expect(data.map((r) => r[0])).toEqual(rows.map((r) => r.orderNo));
      const yuan = data.reduce((n, r) => n + Math.round(Number(r[amountAt]) * 100), 0);
      expect(yuan).toBe(totals?.amountFen);
      expect(data.length).toBe(totals?.orderCount);
    }
  });
});

describe('POST /api/order/barRetail/queryOrderBarDetail', () => {
  it('answers every field and the status history, oldest first', async () => {
    const w = await world();
    const res = await t.call(
      queryOrderBarDetail,
      { id: w.orders.o2.id },
      { cookie: await w.as(w.agents.city) },
    );
    expect(res.object).toMatchObject({ orderNo: w.orders.o2.orderNo, status: 50, amountFen: 2500 });
    expect(res.object?.history).toEqual([
      { status: 10, time: '2026-03-01 09:00:00' },
      { status: 30, time: '2026-03-01 09:01:00' },
      { status: 50, time: '2026-03-01 11:00:00' },
    ]);
  });
});

describe('order statistics by time', () => {
  it('rows per day and per month with orders, newest first; their totals equal the order totals', async () => {
    const w = await world();
    const cookie = await w.as(w.agents.city);
    const range = { startTime: '2026-02-01 00:00:00', endTime: '2026-03-31 23:59:59' };
    const days = await t.call(queryBarOrderStatisticsPage, { ...range, timeType: '10' }, { cookie });
    expect(days.totalCount).toBe(3);
    expect(days.object?.map((r) => [r.statTime, r.orderCount, r.amountFen])).toEqual([
      ['2026-03-02', 1, 4200],
      ['2026-03-01', 2, 4300],
      ['2026-02-20', 1, 1000],
    ]);
    const months = await t.call(queryBarOrderStatisticsPage, { ...range, timeType: '20' }, { cookie });
    expect(months.object?.map((r) => [r.statTime, r.orderCount, r.paidCount, r.cancelledCount])).toEqual([
      ['2026-03', 3, 2, 1],
      ['2026-02', 1, 0, 0],
    ]);
    const totals = await t.call(totalBarOrderStatistics, range, { cookie });
    const orderTotals = await t.call(totalOrderBarRecord, range, { cookie });
    expect(totals.object).toEqual(orderTotals.object);
    expect(totals.object?.orderCount).toBe((days.object ?? []).reduce((n, r) => n + r.orderCount, 0));
    // Paged: the second page of one row a page does not exist (page sizes are 30-200): a page past the end.
    const past = await t.call(queryBarOrderStatisticsPage, { ...range, pageNum: 2 }, { cookie });
    expect([past.object, past.totalCount]).toEqual([[], 3]);
    // Filters: a node of the tree, a net bar, an area.
    const district = await t.call(
      queryBarOrderStatisticsPage,
      { ...range, pid: w.agents.district.id },
      { cookie },
    );
    expect(district.object?.map((r) => r.statTime)).toEqual(['2026-03-02', '2026-03-01']);
    const bar = await t.call(totalBarOrderStatistics, { netBarId: w.bars.barCity.id }, { cookie });
    expect(bar.object?.orderCount).toBe(2);
    const refused = await t.call(totalBarOrderStatistics, { pid: w.agents.sibling.id }, { cookie });
    expect(refused.responseCode).toBe('1004');
    const bad = await t.callUnchecked(queryBarOrderStatisticsPage, { timeType: '30' }, { cookie });
    expect(bad.responseCode).toBe('1000');
  });

  it('barOrderStatisticsTime/{timeType}: the default range and the first and last order of the subtree', async () => {
    const w = await world();
    const cookie = await w.as(w.agents.district);
    const callTime = (timeType: string) =>
      t.inject({
        method: 'POST',
        url: pathOf(barOrderStatisticsTime, { timeType }),
        payload: {},
        headers: { cookie, 'content-type': 'application/json' },
      });
    const day = barOrderStatisticsTime.response.parse((await callTime('10')).json());
    expect(day.object).toEqual({
      timeType: '10',
      startTime: '2026-02-01 00:00:00',
      endTime: '2026-03-02 23:59:59',
      firstOrderTime: '2026-03-01 23:30:00',
      lastOrderTime: '2026-03-02 08:00:00',
    });
    const month = barOrderStatisticsTime.response.parse((await callTime('20')).json());
    expect(month.object).toMatchObject({ startTime: '2025-04-01 00:00:00', endTime: '2026-03-31 23:59:59' });
    expect((await callTime('30')).json().responseCode).toBe('1000');
  });
});

describe('channel users (用户明细)', () => {
  it('lists the players of the subtree with filters; totals and export equal the list', async () => {
    const w = await world();
    const cookie = await w.as(w.agents.city);
    const all = await t.call(queryUsersPage, { pageSize: 200 }, { cookie });
    expect(all.object?.map((r) => r.userId)).toEqual([w.players.pDistrict.userId, w.players.pCity.userId]);
    expect(all.object?.[0]).toMatchObject({
      netBarName: '天河星空网吧',
      channelName: '天河渠道',
      terminalType: 2,
    });
    for (const [filters, expected] of [
      [{ terminalType: 4 }, [w.players.pCity]],
      [{ areaKey: '440000-440100' }, [w.players.pDistrict]],
      [{ startTime: '2026-02-20', endTime: '2026-02-28' }, [w.players.pDistrict]],
      [{ channelId: w.channels.chCity.id }, [w.players.pCity]],
      [{ pid: w.agents.district.id }, [w.players.pDistrict]],
      [{ userId: w.players.pSibling.userId }, []],
    ] as const) {
      const res = await t.call(queryUsersPage, { ...filters, pageSize: 200 }, { cookie });
      expect([filters, res.object?.map((r) => r.userId)]).toEqual([filters, expected.map((p) => p.userId)]);
    }
    const totals = await t.call(queryUsersTotal, {}, { cookie });
    const rows = all.object ?? [];
    expect(totals.object).toEqual({
      userCount: rows.length,
      orderCount: rows.reduce((n, r) => n + r.orderCount, 0),
      spentFen: rows.reduce((n, r) => n + r.spentFen, 0),
    });
    const file = await t.inject({ method: 'GET', url: exportHref(exportUsersPage, {}), headers: { cookie } });
    const [header, ...data] = await sheetRows(file.rawPayload);
    expect(header?.[0]).toBe('用户ID');
    expect(data.map((r) => r[0])).toEqual(rows.map((r) => r.userId));
    expect((await t.call(queryUsersPage, { pid: w.agents.sibling.id }, { cookie })).responseCode).toBe(
      '1004',
    );
    expect((await t.callUnchecked(queryUsersPage, { terminalType: 9 }, { cookie })).responseCode).toBe(
      '1000',
    );
  });
});

describe('the net bar and channel pickers', () => {
  it('offer the records of the subtree only, by name', async () => {
    const w = await world();
    const cookie = await w.as(w.agents.city);
    const bars = await t.call(searchNetBarOptions, {}, { cookie });
    expect(bars.object?.map((b) => b.name).sort()).toEqual(['南山一号网咖', '天河星空网吧'].sort());
    const found = await t.call(searchNetBarOptions, { keyword: '天河' }, { cookie });
    expect(found.object).toEqual([{ id: w.bars.barDistrict.id, name: '天河星空网吧' }]);
    expect((await t.call(searchNetBarOptions, { keyword: '外部' }, { cookie })).object).toEqual([]);
    const channels = await t.call(searchChannelOptions, { netBarId: w.bars.barCity.id }, { cookie });
    expect(channels.object).toEqual([{ id: w.channels.chCity.id, name: '南山渠道' }]);
    const names = await t.call(
      queryPickerNames,
      { netBarId: w.bars.barDistrict.id, channelId: w.channels.chCity.id },
      { cookie },
    );
    expect(names.object).toEqual({
      netBar: { id: w.bars.barDistrict.id, name: '天河星空网吧' },
      channel: { id: w.channels.chCity.id, name: '南山渠道' },
    });
    expect(
      (await t.call(queryPickerNames, { netBarId: w.bars.barSibling.id }, { cookie })).responseCode,
    ).toBe('1004');
  });
});
