import {
  exportHref,
  exportSummaryStats,
  homeAppStatisticsCount,
  homeIndex,
  homeStatisticsCount,
  homeWebStatisticsCount,
  homeWorkbenchUpdateTime,
  querySummaryStatsChart,
  querySummaryStatsPage,
  totalSummaryStats,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { business } from '../../../test/business-factories';
import { factories } from '../../../test/factories';
import { createServices } from '../../services';

/**
 * Issue 11: the summary statistics' calls and the workbench's totals on a small world: the
 * workbench's days and month (China time, the month boundary), the export, refusals of bad input.
 * The measures against a direct count: summary-stats.db.test.ts.
 */

const t = useTestApp({ seed: 'empty' });
const given = factories(t);
const biz = business(t);
const services = () => createServices({ db: t.db, config: t.config, clock: t.clock.now });
/** China time → instant. The test clock is 2026-03-02 10:00 China time. */
const cst = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);

async function world() {
  const [, national, province, city] = await given.chain(3);
  if (!national || !province || !city) throw new Error('no chain');
  const netBar = await biz.netBar({
    agent: city,
    provinceCode: 440000,
    cityCode: 440300,
    districtCode: 440305,
  });
  const channel = await biz.channel({ netBar });
  const pc = await biz.player({ channel, terminalType: 4, at: cst('2026-02-28 23:59:00') });
  const app = await biz.player({ channel, terminalType: 2, at: cst('2026-03-01 00:00:00') });
  // The last minute of February, the first of March, today (2 March) twice, one of them by app.
  await biz.order({
    player: pc,
    amountFen: 1_000,
    status: 30,
    times: { paidAt: cst('2026-02-28 23:59:30') },
    createdAt: cst('2026-02-28 23:59:30'),
  });
  await biz.order({
    player: pc,
    amountFen: 2_000,
    status: 30,
    times: { paidAt: cst('2026-03-01 00:00:10') },
    createdAt: cst('2026-03-01 00:00:10'),
  });
  await biz.order({ player: pc, amountFen: 3_000, createdAt: cst('2026-03-02 08:00:00') });
  await biz.order({
    player: app,
    amountFen: 4_000,
    terminalType: 3,
    status: 30,
    times: { paidAt: cst('2026-03-02 09:00:00') },
    createdAt: cst('2026-03-02 09:00:00'),
  });
  await biz.deviceDay({ netBar, day: '2026-03-01', deviceCode: 'PC1', activeMinutes: 120 });
  await biz.deviceDay({ netBar, day: '2026-03-01', deviceCode: 'PC2', activeMinutes: 20 });
  await services().stats.refresh();
  return { city, national, cookie: await given.login(city) };
}

describe('the workbench totals', () => {
  it('answer today, yesterday, this month and 30 days in China time, by terminal class', async () => {
    const w = await world();
    const all = (await t.call(homeStatisticsCount, {}, { cookie: w.cookie })).object;
    expect(all?.today).toMatchObject({
      orderCount: 2,
      orderAmountFen: 7_000,
      paidAmountFen: 4_000,
      activePlayers: 2,
    });
    expect(all?.yesterday).toMatchObject({
      orderCount: 1,
      paidAmountFen: 2_000,
      newPlayers: 1,
      devices: 1,
      activeNetBars: 1,
    });
    // This month: 1 and 2 March; the order of 28 February 23:59:30 is February's.
    expect(all?.thisMonth).toMatchObject({
      orderCount: 3,
      orderAmountFen: 9_000,
      activePlayers: 2,
      newPlayers: 1,
    });
    expect(all?.trend).toHaveLength(30);
    expect(all?.trend.at(-1)).toMatchObject({ statTime: '2026-03-02', orderCount: 2 });
    expect(all?.trend.at(-3)).toMatchObject({ statTime: '2026-02-28', orderCount: 1, newPlayers: 1 });
    const web = (await t.call(homeWebStatisticsCount, {}, { cookie: w.cookie })).object;
    expect(web?.thisMonth.orderCount).toBe(0);
    // APP needs xuanhaoApp, as its screen.
    expect((await t.call(homeAppStatisticsCount, {}, { cookie: w.cookie })).responseCode).toBe('1003');
    await t.rows(sql`update agents set xuanhao_app = true where id = ${w.city.id}`);
    const cookie = await given.login(w.city);
    const app = (await t.call(homeAppStatisticsCount, {}, { cookie })).object;
    expect(app?.today).toMatchObject({ orderCount: 1, paidAmountFen: 4_000, activePlayers: 1, devices: 0 });
    const updated = (await t.call(homeWorkbenchUpdateTime, {}, { cookie })).object;
    expect(updated?.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('answer the workbench entity whole at /api/home/index: the four answers, APP only with xuanhaoApp', async () => {
    const w = await world();
    const without = (await t.call(homeIndex, {}, { cookie: w.cookie })).object;
    expect(without).toEqual({
      totalStatsData: (await t.call(homeStatisticsCount, {}, { cookie: w.cookie })).object,
      updateTime: (await t.call(homeWorkbenchUpdateTime, {}, { cookie: w.cookie })).object?.updateTime,
      webTotalStatsData: (await t.call(homeWebStatisticsCount, {}, { cookie: w.cookie })).object,
      appTotalStatsData: null,
    });
    expect(without?.totalStatsData.today.orderCount).toBe(2);
    await t.rows(sql`update agents set xuanhao_app = true where id = ${w.city.id}`);
    const cookie = await given.login(w.city);
    const withApp = (await t.call(homeIndex, {}, { cookie })).object;
    expect(withApp?.appTotalStatsData).toEqual((await t.call(homeAppStatisticsCount, {}, { cookie })).object);
    expect(withApp?.appTotalStatsData?.today.orderCount).toBe(1);
    expect((await t.call(homeIndex, {})).responseCode).toBe('9996');
  });
});

describe('the summary statistics calls', () => {
  it('answer by month with the range aligned to whole months, and the chart every period', async () => {
    const w = await world();
    const q = { startTime: '2026-02-15 10:00:00', endTime: '2026-03-01 00:00:00', timeType: '20' as const };
    const page = await t.call(
      querySummaryStatsPage,
      { ...q, pageNum: 1, pageSize: 30 },
      { cookie: w.cookie },
    );
    expect(page.object?.map((r) => [r.statTime, r.orderCount])).toEqual([
      ['2026-03', 3],
      ['2026-02', 1],
    ]);
    const chart = await t.call(querySummaryStatsChart, { ...q, areaDimension: 'city' }, { cookie: w.cookie });
    expect(chart.object?.trend.map((p) => p.statTime)).toEqual(['2026-02', '2026-03']);
    expect(chart.object?.split).toMatchObject([{ id: 440300, name: '广东省-深圳市', orderCount: 4 }]);
    const totals = await t.call(
      totalSummaryStats,
      { startTime: '2026-03-01', endTime: '2026-03-02' },
      { cookie: w.cookie },
    );
    expect(totals.object?.summaryData).toMatchObject({ orderCount: 3, devices: 1 });
  });

  it('export the whole list as .xlsx, amounts in yuan', async () => {
    const w = await world();
    const q = { startTime: '2026-02-27', endTime: '2026-03-02', areaDimension: 'region' as const };
    const file = await t.inject({
      method: 'GET',
      url: exportHref(exportSummaryStats, q),
      headers: { cookie: w.cookie },
    });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    const [header, ...data] = rows;
    expect(header?.slice(0, 3)).toEqual(['日期', '地区', '代理']);
    expect(data.map((r) => [r[0], r[1], r[header?.indexOf('订单金额(元)') ?? -1]])).toEqual([
      ['2026-03-02', '广东省-深圳市-南山区', 70],
      ['2026-03-01', '广东省-深圳市-南山区', 20],
      ['2026-02-28', '广东省-深圳市-南山区', 10],
    ]);
    expect(header).toContain('活跃设备');
    // The web summary's export has no devices column, as its screen.
    const web = await t.inject({
      method: 'GET',
      url: exportHref(exportSummaryStats, { ...q, sourceType: 2 }),
      headers: { cookie: w.cookie },
    });
    const webBook = new ExcelJS.Workbook();
    await webBook.xlsx.load(web.rawPayload as unknown as ArrayBuffer);
    const webHeader = ((webBook.worksheets[0]?.getRow(1).values ?? []) as unknown[]).slice(1);
    expect(webHeader).toContain('订单金额(元)');
    expect(webHeader).not.toContain('活跃设备');
  });

  it('refuse bad input with the envelope and a Chinese message, and ids outside the subtree with 1004', async () => {
    const w = await world();
    const bad = async (body: unknown) => {
      const r = await t.callUnchecked(querySummaryStatsPage, body, { cookie: w.cookie });
      return [r.responseCode, r.responseMsg];
    };
    expect(await bad({ startTime: '2026-03-02', endTime: '2026-03-01' })).toEqual([
      '1000',
      '开始时间不能晚于结束时间',
    ]);
    expect(await bad({ startTime: '2022-01-01', endTime: '2026-03-01' })).toEqual([
      '1000',
      '统计范围最长为3年',
    ]);
    expect((await bad({ startTime: '2026-02-30' }))[0]).toBe('1000');
    expect((await bad({ timeType: '30' }))[0]).toBe('1000');
    expect((await bad({ areaDimension: 'street' }))[0]).toBe('1000');
    expect((await bad({ sourceType: 4 }))[0]).toBe('1000');
    expect((await bad({ provinceId: 12 }))[0]).toBe('1000');
    expect((await bad({ agentIds: [w.national.id] }))[0]).toBe('1004');
    expect((await bad({ channelId: 999_999 }))[0]).toBe('1004');
    expect((await bad({ agentIds: 'x' }))[0]).toBe('1000');
    expect((await bad({ pageSize: 7 }))[0]).toBe('1000');
  });
});
