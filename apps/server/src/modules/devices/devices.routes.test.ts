import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  changeDeviceSettlementStatus,
  type DeviceMonthStat,
  exportDeviceMonthStatistic,
  exportHref,
  type IngestEvent,
  queryDeviceDetail,
  queryDeviceMonthStatistic,
  queryDeviceSetting,
  totalDeviceMonthStatistic,
  updateDeviceSetting,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { business, type GivenNetBar } from '../../../test/business-factories';
import { factories, type GivenAgent } from '../../../test/factories';

/**
 * Issue 10 §4: 有效设备统计 on a real database (PGlite and PostgreSQL). Device days arrive as the
 * platform's `device.active` events through the ingestion service; the test clock stands at
 * 2026-03-02 10:00 China time, so February 2026 is closed and March is running.
 */

const t = useTestApp({ seed: 'empty' });
const given = factories(t);
const biz = business(t);

const SETTLE = { setSettleAuthority: true } as const;

/** `count` days of a month from its first day (China days), one device, the given minutes each. */
function deviceDays(
  bar: Pick<GivenNetBar, 'barUserId'>,
  deviceCode: string,
  month: string,
  count: number,
  minutes = 120,
  firstDay = 1,
): IngestEvent[] {
  return Array.from({ length: count }, (_, i) => {
    const day = `${month}-${String(firstDay + i).padStart(2, '0')}`;
    return biz.event('device.active', { barUserId: bar.barUserId, deviceCode, day, activeMinutes: minutes });
  });
}

async function ingest(list: IngestEvent[]) {
  const results = await biz.events(list);
  const bad = results.filter((r) => r.outcome !== 'accepted');
  if (bad.length > 0) throw new Error(JSON.stringify(bad));
}

/**
 * The operator, a national agent, a province agent (the caller of the scope tests), a city agent
 * below it, and a sibling province agent outside its subtree, all with `setSettleAuthority`; a
 * net bar each for the province, the city and the sibling.
 */
async function world() {
  const operator = await given.operator();
  const national = await given.agent({ parent: operator, flags: SETTLE });
  const province = await given.agent({ parent: national, flags: SETTLE });
  const city = await given.agent({ parent: province, flags: SETTLE });
  const sibling = await given.agent({ parent: national, flags: SETTLE });
  const bars = {
    province: await biz.netBar({ agent: province, name: '省级网吧' }),
    city: await biz.netBar({ agent: city, name: '市级网吧' }),
    sibling: await biz.netBar({ agent: sibling, name: '外部网吧' }),
  };
  return { operator, national, province, city, sibling, bars };
}

const rowOf = (rows: readonly DeviceMonthStat[] | null | undefined, agent: GivenAgent, month: string) =>
  rows?.find((r) => r.agentId === agent.id && r.month === month);

async function balanceOf(agentId: number) {
  const [row] = await t.rows(
    sql`select available_fen, total_income_fen from finance_accounts where agent_id = ${agentId}`,
  );
  return { available: Number(row?.available_fen ?? 0), income: Number(row?.total_income_fen ?? 0) };
}

describe('the valid-device rule', () => {
  it('counts a device valid with at least N active days of the month, a day active with at least 60 minutes', async () => {
    const w = await world();
    await ingest([
      // PC001: 15 days of February → valid.
      ...deviceDays(w.bars.city, 'PC001', '2026-02', 15),
      // PC002: 15 days, one of them only 59 minutes → 14 active days, not valid.
      ...deviceDays(w.bars.city, 'PC002', '2026-02', 14),
      ...deviceDays(w.bars.city, 'PC002', '2026-02', 1, 59, 20),
      // PC003: 14 days in February and 5 in March: the months do not add up.
      ...deviceDays(w.bars.city, 'PC003', '2026-02', 14, 120, 15),
      ...deviceDays(w.bars.city, 'PC003', '2026-03', 2),
    ]);
    // The last day of February and the first of March are different months.
    await ingest(deviceDays(w.bars.city, 'PC004', '2026-02', 1, 120, 28));
    await ingest(deviceDays(w.bars.city, 'PC004', '2026-03', 1, 120, 1));

    const cookie = await given.login(w.province);
    const res = await t.call(queryDeviceMonthStatistic, {}, { cookie });
    expect(res.responseCode).toBe('0000');
    const feb = rowOf(res.object, w.city, '2026-02');
    expect(feb).toMatchObject({
      netBarCount: 1,
      deviceCount: 4,
      validDeviceCount: 1,
      minDays: 15,
      amountPerDevice: 500,
      settlementAmount: 500,
      status: 0,
      closed: true,
    });
    expect(rowOf(res.object, w.city, '2026-03')).toMatchObject({
      deviceCount: 2,
      validDeviceCount: 0,
      closed: false,
    });

    // A second report of a day keeps the longer time: PC002's 59-minute day becomes active.
    await ingest(deviceDays(w.bars.city, 'PC002', '2026-02', 1, 60, 20));
    const again = await t.call(
      queryDeviceMonthStatistic,
      { startMonth: '2026-02', endMonth: '2026-02' },
      { cookie },
    );
    expect(rowOf(again.object, w.city, '2026-02')).toMatchObject({
      validDeviceCount: 2,
      settlementAmount: 1000,
    });
    expect(again.totalCount).toBe(1);

    // The operator's rule moves the count: 14 days → PC003 too.
    const op = await given.login(w.operator);
    const saved = await t.call(updateDeviceSetting, { minDays: 14, amountPerDevice: 650 }, { cookie: op });
    expect(saved.object).toMatchObject({ minDays: 14, amountPerDevice: 650 });
    const byRule = await t.call(queryDeviceMonthStatistic, { startMonth: '2026-02' }, { cookie });
    expect(rowOf(byRule.object, w.city, '2026-02')).toMatchObject({
      validDeviceCount: 3,
      settlementAmount: 1950,
    });

    // The detail: one row per device, with its days and whether it counts.
    const detail = await t.call(queryDeviceDetail, { agentId: w.city.id, month: '2026-02' }, { cookie });
    expect(detail.responseCode).toBe('0000');
    expect(detail.object?.map((d) => [d.deviceCode, d.activeDays, d.reportedDays, d.valid])).toEqual([
      ['PC001', 15, 15, true],
      ['PC002', 15, 15, true],
      ['PC003', 14, 14, true],
      ['PC004', 1, 1, false],
    ]);
    const byDays = await t.call(
      queryDeviceDetail,
      { agentId: w.city.id, month: '2026-02', orderBy: 'activeDays', order: 'asc' },
      { cookie },
    );
    expect(byDays.object?.map((d) => d.activeDays)).toEqual([1, 14, 15, 15]);
    const invalidOnly = await t.call(
      queryDeviceDetail,
      { agentId: w.city.id, month: '2026-02', valid: false },
      { cookie },
    );
    expect(invalidOnly.object?.map((d) => d.deviceCode)).toEqual(['PC004']);
  });

  it('keeps both rollups equal to the direct counts, whatever the order of reports, also in parallel', async () => {
    const w = await world();
    // More bars of the city agent: batches of different bars write its agent months at once.
    const more = [
      await biz.netBar({ agent: w.city, name: '市级网吧二' }),
      await biz.netBar({ agent: w.city, name: '市级网吧三' }),
    ];
    // A seeded pseudo-random stream of reports: repeated days, short days, several months.
    let s = 20261128;
    const rand = () => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s / 2147483648;
    };
    const bars = [w.bars.city, w.bars.province, w.bars.sibling, ...more];
    const reports = (bar: GivenNetBar, n: number): IngestEvent[] =>
      Array.from({ length: n }, () => {
        const month = ['2026-01', '2026-02', '2026-03'][Math.floor(rand() * 3)] as string;
        const day = 1 + Math.floor(rand() * 28);
        const code = `PC${1 + Math.floor(rand() * 6)}`;
        return deviceDays(bar, code, month, 1, 1 + Math.floor(rand() * 150), day);
      }).flat();
    const events = Array.from({ length: 400 }, () =>
      reports(bars[Math.floor(rand() * bars.length)] as GivenNetBar, 1),
    ).flat();
    for (let i = 0; i < events.length; i += 37) await ingest(events.slice(i, i + 37));
    // Then rounds of one batch per bar, all at once (PostgreSQL: real parallel transactions).
    for (let round = 0; round < 6; round++) {
      await Promise.all(bars.map((bar) => ingest(reports(bar, 12))));
    }

    const direct = await t.rows(sql`
      select net_bar_id, device_code, to_char(date_trunc('month', day), 'YYYY-MM') as month,
        (count(*) filter (where active_minutes >= 60))::int as active_days, count(*)::int as reported_days
      from device_active_days group by 1, 2, 3 order by 1, 2, 3`);
    const rollup = await t.rows(sql`
      select net_bar_id, device_code, to_char(month, 'YYYY-MM') as month, active_days, reported_days
      from device_months order by 1, 2, 3`);
    expect(rollup).toEqual(direct);
    expect(rollup.length).toBeGreaterThan(20);

    const directAgentMonths = await t.rows(sql`
      select agent_id, to_char(month, 'YYYY-MM') as month, count(distinct net_bar_id)::int as bars,
        count(*)::int as devices,
        (select array_agg((select count(*) from device_months x
           where x.agent_id = m.agent_id and x.month = m.month and x.active_days = d)::int order by d)
         from generate_series(0, 31) d) as by_days
      from device_months m group by agent_id, month order by 1, 2`);
    const agentMonths = await t.rows(sql`
      select agent_id, to_char(month, 'YYYY-MM') as month, net_bar_count as bars, device_count as devices,
        devices_by_days as by_days
      from device_agent_months order by 1, 2`);
    expect(agentMonths).toEqual(directAgentMonths);
    expect(agentMonths.filter((r) => r.agent_id === w.city.id && Number(r.bars) === 3)).toHaveLength(3);

    // The migration that built the agent months of databases ingested before: the same rows.
    const migrations = fileURLToPath(new URL('../../../drizzle/migrations/', import.meta.url));
    const file = readdirSync(migrations).find((f) => f.endsWith('_device_agent_months_backfill.sql'));
    if (!file) throw new Error('no backfill migration');
    await t.rows(sql`delete from device_agent_months`);
    await t.rows(sql.raw(readFileSync(`${migrations}${file}`, 'utf8')));
    expect(
      await t.rows(sql`
        select agent_id, to_char(month, 'YYYY-MM') as month, net_bar_count as bars, device_count as devices,
          devices_by_days as by_days
        from device_agent_months order by 1, 2`),
    ).toEqual(directAgentMonths);
  });
});

describe('scope and access', () => {
  it('lists only the caller subtree’s agents; an id outside it answers 1004 and changes nothing', async () => {
    const w = await world();
    await ingest([
      ...deviceDays(w.bars.province, 'PC001', '2026-02', 20),
      ...deviceDays(w.bars.city, 'PC001', '2026-02', 20),
      ...deviceDays(w.bars.sibling, 'PC001', '2026-02', 20),
    ]);
    const cookie = await given.login(w.province);
    const res = await t.call(queryDeviceMonthStatistic, {}, { cookie });
    expect(res.object?.map((r) => r.agentId).sort()).toEqual([w.province.id, w.city.id].sort());
    const totals = await t.call(totalDeviceMonthStatistic, {}, { cookie });
    expect(totals.object).toMatchObject({
      rowCount: 2,
      deviceCount: 2,
      validDeviceCount: 2,
      settlementAmount: 1000,
    });
    // The agent tree filter: the city's subtree only.
    const under = await t.call(queryDeviceMonthStatistic, { pid: w.city.id }, { cookie });
    expect(under.object?.map((r) => r.agentId)).toEqual([w.city.id]);

    const before = await t.snapshot();
    for (const [ep, body] of [
      [queryDeviceMonthStatistic, { pid: w.sibling.id }],
      [totalDeviceMonthStatistic, { pid: w.sibling.id }],
      [queryDeviceDetail, { agentId: w.sibling.id }],
      [queryDeviceDetail, { netBarId: w.bars.sibling.id }],
    ] as const) {
      const r = await t.callUnchecked(ep, body, { cookie });
      expect([ep.path, r.responseCode]).toEqual([ep.path, '1004']);
    }
    const file = await t.inject({
      method: 'GET',
      url: exportHref(exportDeviceMonthStatistic, { pid: w.sibling.id }),
      headers: { cookie },
    });
    expect(file.json().responseCode).toBe('1004');
    // Settling is the operator's: 1003 for the province agent, even for its own subtree.
    const settle = await t.call(
      changeDeviceSettlementStatus,
      { agentId: w.city.id, month: '2026-02', status: 1 },
      { cookie },
    );
    expect(settle.responseCode).toBe('1003');
    expect(await t.snapshot()).toEqual(before);
  });

  it('refuses an agent without setSettleAuthority (1003) and bad filters (1000)', async () => {
    const w = await world();
    const plain = await given.agent({ parent: w.province });
    const cookie = await given.login(plain);
    expect((await t.call(queryDeviceMonthStatistic, {}, { cookie })).responseCode).toBe('1003');
    expect((await t.call(queryDeviceDetail, {}, { cookie })).responseCode).toBe('1003');
    const own = await given.login(w.province);
    for (const body of [
      { startMonth: '2026-13' },
      { startMonth: '2026-2' },
      { startMonth: '2026-03', endMonth: '2026-02' },
      { status: 2 },
    ]) {
      const r = await t.callUnchecked(queryDeviceMonthStatistic, body, { cookie: own });
      expect([body, r.responseCode]).toEqual([body, '1000']);
    }
  });

  it('lets only the operator read and change the rule, validated', async () => {
    const w = await world();
    const op = await given.login(w.operator);
    const read = await t.call(queryDeviceSetting, {}, { cookie: op });
    expect(read.object).toEqual({ minDays: 15, amountPerDevice: 500, updateTime: null });
    for (const body of [
      { minDays: 0, amountPerDevice: 500 },
      { minDays: 32, amountPerDevice: 500 },
      { minDays: 15, amountPerDevice: 0 },
      { minDays: 15, amountPerDevice: 100_001 },
      { minDays: 15.5, amountPerDevice: 500 },
      { minDays: 15 },
    ]) {
      const r = await t.callUnchecked(updateDeviceSetting, body, { cookie: op });
      expect([body, r.responseCode]).toEqual([body, '1000']);
    }
    const bad = await t.callUnchecked(
      updateDeviceSetting,
      { minDays: 0, amountPerDevice: 500 },
      { cookie: op },
    );
    expect(bad.responseMsg).toBe('有效天数须在1到31天之间');
    expect((await t.call(queryDeviceSetting, {}, { cookie: op })).object?.updateTime).toBeNull();
    const agent = await given.login(w.national);
    expect(
      (await t.call(updateDeviceSetting, { minDays: 3, amountPerDevice: 1 }, { cookie: agent })).responseCode,
    ).toBe('1003');
  });
});

describe('settlement', () => {
  it('books a closed month once into the ledger, frozen; never a running month, never back to unsettled', async () => {
    const w = await world();
    await ingest([
      ...deviceDays(w.bars.city, 'PC001', '2026-02', 20),
      ...deviceDays(w.bars.city, 'PC002', '2026-02', 16),
      ...deviceDays(w.bars.city, 'PC003', '2026-02', 3),
      ...deviceDays(w.bars.city, 'PC001', '2026-03', 1),
    ]);
    const op = await given.login(w.operator);
    const settle = (month: string, status: 0 | 1 = 1) =>
      t.call(changeDeviceSettlementStatus, { agentId: w.city.id, month, status }, { cookie: op });

    // March is still running.
    const running = await settle('2026-03');
    expect([running.responseCode, running.responseMsg]).toEqual(['4002', '该月尚未结束，不能结算']);
    // A month without devices, and one without a valid device.
    expect((await settle('2026-01')).responseCode).toBe('4002');

    const done = await settle('2026-02');
    expect(done.responseCode).toBe('0000');
    expect(done.object).toMatchObject({
      status: 1,
      validDeviceCount: 2,
      settledValidDeviceCount: 2,
      settlementAmount: 1000,
      settleTime: '2026-03-02 10:00:00',
      settledByName: w.operator.name,
    });
    const entries = await t.rows(
      sql`select e.agent_id, e.kind, e.available_delta_fen, e.actor_agent_id, s.amount_fen
        from ledger_entries e join device_settlements s on s.id = e.device_settlement_id`,
    );
    expect(
      entries.map((e) => [
        e.agent_id,
        e.kind,
        Number(e.available_delta_fen),
        e.actor_agent_id,
        Number(e.amount_fen),
      ]),
    ).toEqual([[w.city.id, 'device_settlement', 1000, w.operator.id, 1000]]);
    expect(await balanceOf(w.city.id)).toEqual({ available: 1000, income: 1000 });

    // Twice: nothing changes. Back to unsettled: refused.
    const twice = await settle('2026-02');
    expect([twice.responseCode, twice.responseMsg]).toEqual(['4002', '该月已结算']);
    const back = await settle('2026-02', 0);
    expect(back.responseCode).toBe('4002');
    // Later reports and a new rule do not move what was settled.
    await ingest(deviceDays(w.bars.city, 'PC003', '2026-02', 20, 120, 4));
    await t.call(updateDeviceSetting, { minDays: 10, amountPerDevice: 900 }, { cookie: op });
    const after = await t.call(queryDeviceMonthStatistic, { status: 1 }, { cookie: op });
    expect(after.object).toHaveLength(1);
    expect(after.object?.[0]).toMatchObject({
      month: '2026-02',
      minDays: 15,
      amountPerDevice: 500,
      settlementAmount: 1000,
      settledValidDeviceCount: 2,
      validDeviceCount: 3,
    });
    const totals = await t.call(totalDeviceMonthStatistic, {}, { cookie: op });
    expect(totals.object).toMatchObject({ settledAmount: 1000, unsettledAmount: 0 });
    expect(await balanceOf(w.city.id)).toEqual({ available: 1000, income: 1000 });
    const [count] = await t.rows(sql`select count(*)::int as n from ledger_entries`);
    expect(count?.n).toBe(1);
  });

  it('settles once under 10 parallel requests', async () => {
    const w = await world();
    await ingest([
      ...deviceDays(w.bars.city, 'PC001', '2026-02', 20),
      ...deviceDays(w.bars.city, 'PC002', '2026-02', 18),
      ...deviceDays(w.bars.city, 'PC003', '2026-02', 15),
    ]);
    const op = await given.login(w.operator);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.call(
          changeDeviceSettlementStatus,
          { agentId: w.city.id, month: '2026-02', status: 1 },
          { cookie: op },
        ),
      ),
    );
    const codes = replies.map((r) => r.responseCode).sort();
    expect(codes).toEqual(['0000', ...Array.from({ length: 9 }, () => '4002')]);
    const [rows] = await t.rows(sql`select
      (select count(*)::int from device_settlements) as settlements,
      (select count(*)::int from ledger_entries where kind = 'device_settlement') as entries,
      (select coalesce(sum(available_delta_fen), 0)::int from ledger_entries where agent_id = ${w.city.id}) as sum`);
    expect(rows).toEqual({ settlements: 1, entries: 1, sum: 1500 });
    expect(await balanceOf(w.city.id)).toEqual({ available: 1500, income: 1500 });
  });

  it('exports the filtered list with its rows and amounts in yuan', async () => {
    const w = await world();
    await ingest([
      ...deviceDays(w.bars.province, 'PC001', '2026-02', 20),
      ...deviceDays(w.bars.city, 'PC001', '2026-02', 20),
      ...deviceDays(w.bars.city, 'PC002', '2026-01', 20),
    ]);
    const cookie = await given.login(w.province);
    const list = await t.call(queryDeviceMonthStatistic, {}, { cookie });
    const file = await t.inject({
      method: 'GET',
      url: exportHref(exportDeviceMonthStatistic, {}),
      headers: { cookie },
    });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows[0]?.slice(0, 3)).toEqual(['月份', '代理', '代理级别']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[8]])).toEqual(
      list.object?.map((r) => [r.month, r.agentName, r.settlementAmount / 100]),
    );
    expect(rows.length - 1).toBe(list.totalCount);
  });
});
