import { readFileSync } from 'node:fs';
import { expect, type Page, type Request, test } from '@playwright/test';
import { LEVEL0, LEVEL3, login, shot, sidebar } from './helpers';

/**
 * Issue 11: 客户端数据统计, 网页汇总统计 and APP汇总统计 on the demo traffic the server ingests at its
 * first start (DEMO_TRAFFIC=small: a week of orders), on a 1366 px wide window: the charts (trend
 * and split, drawn by ECharts on a canvas), the table with its 合计 row, by day and by month, by
 * area and by sub-agent, for the operator and a level 1 agent (xuanhaoApp: the APP screen); a
 * level 2 agent without xuanhaoApp has no APP screen; a level 3 agent's own net bars are 本级.
 */

/** The level 1 demo agent (xuanhaoApp) and the level 2 one below it (no xuanhaoApp); LEVEL3 below that. */
const LEVEL1 = '13800000001';
const LEVEL2 = '13800000002';

const PAGE_PATH = '/api/stats/summary/queryPage';

test.use({ viewport: { width: 1366, height: 768 } });

const card = (page: Page) => page.locator('.summary-stats').filter({ visible: true }).first();
const filters = (page: Page) => card(page).locator('.list-filters');
const totals = (page: Page) => card(page).locator('.list-totals');
const rows = (page: Page) => card(page).locator('.ant-table-tbody tr.ant-table-row');
const headers = (page: Page) => card(page).locator('.ant-table-thead th');
const trendCanvas = (page: Page) => card(page).locator('.summary-chart-trend canvas');
const splitCanvas = (page: Page) => card(page).locator('.summary-chart-split canvas');

/** Everything loaded: the list, its totals and the charts (a new query is ignored while one loads). */
async function loaded(page: Page): Promise<void> {
  await expect(card(page).locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
  await expect(filters(page).getByRole('button', { name: /查\s*询/ })).toBeEnabled();
  await expect(filters(page).getByRole('checkbox', { name: /按下级代理/ })).toBeEnabled();
}

/** Does something that reloads the list and waits for its page call; returns that call's body. */
async function reloadBy(page: Page, action: () => Promise<void>): Promise<Record<string, unknown>> {
  await loaded(page);
  const request = page.waitForRequest((r: Request) => r.url().endsWith(PAGE_PATH));
  await action();
  const body = (await request).postDataJSON() as Record<string, unknown>;
  await loaded(page);
  return body;
}

const view = (page: Page, name: '图表' | '表格') =>
  card(page).locator('.list-page-extra').getByText(name, { exact: true }).click();

/** A canvas that ECharts has drawn on: sized to its box and not blank. */
async function expectDrawn(canvas: ReturnType<Page['locator']>): Promise<void> {
  await expect(canvas).toBeVisible();
  await expect
    .poll(() =>
      canvas.evaluate((c: HTMLCanvasElement) => {
        const ctx = c.getContext('2d');
        if (!ctx || c.width < 100 || c.height < 100) return 0;
        const data = ctx.getImageData(0, 0, c.width, c.height).data;
        let painted = 0;
        for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) painted++;
        return painted;
      }),
    )
    .toBeGreaterThan(500);
}

/** The rollups are brought up to date by a catch-up step after the first start's traffic: figures and their time. */
async function waitForFigures(page: Page, sourceType?: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await page.request.post('/api/stats/summary/total', {
          data: sourceType ? { sourceType } : {},
        });
        const body = (await res.json()) as {
          object: { summaryData: { orderCount: number }; updateTime: string | null } | null;
        };
        return body.object?.updateTime ? body.object.summaryData.orderCount : 0;
      },
      { timeout: 90_000, intervals: [500, 1000, 2000] },
    )
    .toBeGreaterThan(0);
}

test('客户端数据统计: charts and table of the operator, by day and month, by area and by sub-agent', async ({
  page,
}) => {
  test.slow();
  await login(page, LEVEL0);
  await waitForFigures(page);
  await sidebar(page).getByRole('menuitem', { name: '客户端数据统计' }).click();
  await expect(page).toHaveURL(/\/summary-stats$/);

  // The charts first: the trend of 支付金额 over the last 30 days; the split waits for a dimension.
  await expect(totals(page)).toContainText('合计');
  await expect(totals(page)).toContainText(/订单 [\d,]+ 单 \/ [\d,]+\.\d\d 元/);
  await expect(totals(page)).toContainText(/活跃设备 [\d,]+/);
  await expect(totals(page)).toContainText(/数据更新时间 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
  await loaded(page);
  await expectDrawn(trendCanvas(page));
  await expect(card(page).locator('.summary-chart-split')).toContainText('选择地区维度或按下级代理后');
  await shot(page, 'summary-stats-chart');

  // By province: the split draws the provinces.
  const byProvince = await reloadBy(page, () => filters(page).getByText('省份', { exact: true }).click());
  expect(byProvince).toMatchObject({ areaDimension: 'province', timeType: '10' });
  expect(byProvince).not.toHaveProperty('sourceType');
  await expect(page).toHaveURL(/areaDimension=province/);
  await expect(card(page).locator('.summary-chart-split')).toContainText('按省份');
  await expectDrawn(splitCanvas(page));
  // Another measure for both charts.
  await card(page).getByRole('combobox', { name: '图表指标' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '订单数' }).click();
  await expect(card(page).locator('.summary-chart-trend')).toContainText('订单数趋势');
  await expectDrawn(trendCanvas(page));
  await shot(page, 'summary-stats-chart-province');

  // The table: a row per day and province, the 合计 row of the whole range.
  await view(page, '表格');
  await expect(rows(page).first()).toBeVisible();
  await expect(headers(page).first()).toHaveText('日期');
  await expect(headers(page).nth(1)).toHaveText('地区（省份）');
  await expect(headers(page).filter({ hasText: '活跃设备' })).toHaveCount(1);
  await expect(rows(page).first()).toContainText(/\d{4}-\d\d-\d\d/);
  await expect(rows(page).first()).toContainText(/\d+\.\d\d/);
  const total = card(page).locator('.summary-total-row');
  await expect(total).toContainText('合计');
  await expect(total).toContainText(/[\d,]+\.\d\d/);
  await expect(card(page).locator('.list-pager-size')).toContainText('30 条/页');
  // A column's definition in its header's tooltip.
  await headers(page).filter({ hasText: '活跃玩家' }).locator('.summary-th').hover();
  await expect(page.locator('.ant-tooltip').filter({ visible: true })).toContainText('每人每期计一次');
  await shot(page, 'summary-stats-table-province', { fullPage: false });
  await page.mouse.move(0, 0);

  // By month: the end of the range moves to the end of its month; a row per month.
  const byMonth = await reloadBy(page, () => filters(page).getByText('按月', { exact: true }).click());
  expect(byMonth.timeType).toBe('20');
  expect(String(byMonth.endTime)).toMatch(/-(28|29|30|31) 23:59:59$/);
  await expect(headers(page).first()).toHaveText('月份');
  await expect(rows(page).first()).toContainText(/\d{4}-\d\d(?!-)/);

  // By sub-agent, without the area (the operator signs no net bar itself: no 本级 row here).
  await reloadBy(page, () => filters(page).getByText('不分', { exact: true }).click());
  const byAgent = await reloadBy(page, () =>
    filters(page)
      .getByRole('checkbox', { name: /按下级代理/ })
      .click(),
  );
  expect(byAgent).toMatchObject({ agentDimension: true, timeType: '20' });
  expect(byAgent).not.toHaveProperty('areaDimension');
  await expect(headers(page).nth(1)).toHaveText('代理');
  expect(await rows(page).count()).toBeGreaterThan(1);
  await expect(rows(page).first()).toContainText(/全国代理|省级代理|市级代理|区县代理|推广员/);
  await shot(page, 'summary-stats-table-agent');
  await view(page, '图表');
  await expect(card(page).locator('.summary-chart-split')).toContainText('按代理');
  await expectDrawn(splitCanvas(page));
  await shot(page, 'summary-stats-chart-agent');

  // The export of the filtered statistics.
  const download = page.waitForEvent('download');
  await filters(page)
    .getByRole('button', { name: /导\s*出/ })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^汇总统计-\d{8}-\d{6}\.xlsx$/);
  expect(new URL(file.url()).searchParams.get('agentDimension')).toBe('true');
  expect(
    readFileSync(await file.path())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');

  // 重置: the last 30 days by day, no dimension.
  const reset = await reloadBy(page, () =>
    filters(page)
      .getByRole('button', { name: /重\s*置/ })
      .click(),
  );
  expect(reset).not.toHaveProperty('agentDimension');
  expect(reset).toMatchObject({ timeType: '10', pageNum: 1 });
  await expect(page).toHaveURL(/timeType=10/);
  await expect(page).not.toHaveURL(/agentDimension/);
});

test('网页汇总统计: the web terminals, without 活跃设备', async ({ page }) => {
  await login(page, LEVEL0);
  await waitForFigures(page, 2);
  const first = page.waitForRequest((r) => r.url().endsWith(PAGE_PATH));
  await sidebar(page).getByRole('menuitem', { name: '网页汇总统计' }).click();
  await expect(page).toHaveURL(/\/web-summary-stats$/);
  expect((await first).postDataJSON()).toMatchObject({ sourceType: 2, timeType: '10' });
  await expect(totals(page)).toContainText('合计');
  await expect(totals(page)).not.toContainText('活跃设备');
  await loaded(page);
  await expectDrawn(trendCanvas(page));
  // By city: the split draws the cities.
  await reloadBy(page, () => filters(page).getByText('城市', { exact: true }).click());
  await expectDrawn(splitCanvas(page));
  await shot(page, 'web-summary-stats-chart');
  // The charts follow the window's size (once it has stopped changing for 300 ms).
  const width = () => trendCanvas(page).evaluate((c: HTMLCanvasElement) => c.getBoundingClientRect().width);
  const before = await width();
  await page.setViewportSize({ width: 1200, height: 768 });
  await expect.poll(width).toBeLessThan(before - 50);
  await expectDrawn(trendCanvas(page));
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect.poll(width).toBeCloseTo(before, 0);
  await view(page, '表格');
  await expect(rows(page).first()).toBeVisible();
  await expect(headers(page).filter({ hasText: '活跃设备' })).toHaveCount(0);
  await expect(card(page).locator('.summary-total-row')).toContainText('合计');
  await expect(page).not.toHaveURL(/sourceType/);
  await shot(page, 'web-summary-stats-table');
});

test('APP汇总统计: a level 1 agent (xuanhaoApp) by sub-agent; a level 2 agent without it has no such screen, and a level 3 agent’s own net bars as 本级', async ({
  page,
}) => {
  await login(page, LEVEL1);
  await waitForFigures(page, 3);
  await expect(sidebar(page).getByRole('menuitem', { name: '客户端数据统计' })).toBeVisible();
  const first = page.waitForRequest((r) => r.url().endsWith(PAGE_PATH));
  await sidebar(page).getByRole('menuitem', { name: 'APP汇总统计' }).click();
  await expect(page).toHaveURL(/\/APP-summary-stats$/);
  expect((await first).postDataJSON()).toMatchObject({ sourceType: 3 });
  await expect(totals(page)).toContainText('合计');
  await loaded(page);
  await expectDrawn(trendCanvas(page));
  const byAgent = await reloadBy(page, () =>
    filters(page)
      .getByRole('checkbox', { name: /按下级代理/ })
      .click(),
  );
  expect(byAgent).toMatchObject({ agentDimension: true, sourceType: 3 });
  await expectDrawn(splitCanvas(page));
  await shot(page, 'app-summary-stats-chart');
  await view(page, '表格');
  await expect(rows(page).first()).toBeVisible();
  await expect(headers(page).nth(1)).toHaveText('代理');
  await expect(headers(page).filter({ hasText: '活跃设备' })).toHaveCount(0);
  await expect(card(page).locator('.summary-total-row')).toContainText('合计');
  await shot(page, 'app-summary-stats-table');

  // 粤海网络科技 (level 2, no xuanhaoApp): the other two screens, not this one.
  await page.context().clearCookies();
  await login(page, LEVEL2);
  await expect(sidebar(page).getByRole('menuitem', { name: '网页汇总统计' })).toBeVisible();
  await expect(sidebar(page).getByRole('menuitem', { name: 'APP汇总统计' })).toHaveCount(0);
  await page.goto('/APP-summary-stats');
  await expect(page).toHaveURL(/\/404$/);

  // 鹏城电竞网咖联盟 (level 3) signs net bars itself: by sub-agent, its own are the 本级 row.
  await page.context().clearCookies();
  await login(page, LEVEL3);
  await sidebar(page).getByRole('menuitem', { name: '客户端数据统计' }).click();
  await expect(totals(page)).toContainText('合计');
  await reloadBy(page, () =>
    filters(page)
      .getByRole('checkbox', { name: /按下级代理/ })
      .click(),
  );
  await expect(card(page).locator('.summary-chart-split .summary-chart-title')).toContainText('按代理');
  await expectDrawn(splitCanvas(page));
  await shot(page, 'summary-stats-level3-chart-agent', { fullPage: false });
  await view(page, '表格');
  await expect(card(page).locator('.summary-own-tag').first()).toHaveText('本级');
  await expect(card(page).locator('.summary-total-row')).toContainText('合计');
  await shot(page, 'summary-stats-level3-table-agent', { fullPage: false });
});
