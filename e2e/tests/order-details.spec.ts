import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { LEVEL0, login, shot, sidebar } from './helpers';

/**
 * 订单明细 and 用户明细 (issue 9) on the demo traffic the server ingests at its first start
 * (DEMO_TRAFFIC=small: a week of orders over the demo tree).
 */

const table = (page: Page) => page.locator('.ant-table-tbody').filter({ visible: true }).first();
const rows = (page: Page) => table(page).locator('tr.ant-table-row');
const filters = (page: Page) => page.locator('.list-filters').filter({ visible: true }).first();

/** The list ignores a new query while one is loading (spec section 4): wait for it to settle. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('.ant-table .ant-spin-spinning')).toHaveCount(0);
}

async function search(page: Page, path: string): Promise<void> {
  await settled(page);
  const loaded = page.waitForResponse((r) => r.url().endsWith(path));
  await filters(page)
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await loaded;
  await settled(page);
}

test('订单明细: the orders of the last 30 days with totals, a status filter kept in the URL, the detail and the export', async ({
  page,
}) => {
  test.slow(); // it may wait for the first start's settlement to reach the order it opens
  await login(page, LEVEL0);
  await sidebar(page).getByRole('menuitem', { name: '订单明细' }).click();
  await expect(page).toHaveURL(/\/order-details$/);
  await expect(rows(page).first()).toBeVisible();
  const totals = page.locator('.list-totals').first();
  await expect(totals).toContainText(/订单数 \d+/);
  await expect(totals).toContainText(/订单金额 [\d,]+\.\d\d 元/);
  // Amounts in yuan with two decimals; the range defaults to the last 30 days.
  await expect(rows(page).first()).toContainText(/\d+\.\d\d/);
  await expect(page.locator('.list-pager-size')).toContainText('30 条/页');
  await shot(page, 'order-details');

  // A status: the list, its URL and its totals follow; every row shows that status.
  await filters(page)
    .locator('.ant-form-item')
    .filter({ hasText: '订单状态' })
    .locator('.ant-select')
    .click();
  await page.locator('.ant-select-item-option').filter({ hasText: '已完成' }).click();
  await search(page, '/api/order/barRetail/queryOrderBarPage');
  await expect(page).toHaveURL(/status=50/);
  await expect(page).toHaveURL(/pageNum|status=50/);
  for (const text of await rows(page).locator('.ant-tag').allTextContents()) expect(text).toBe('已完成');
  await expect(totals).toContainText(/已取消 0 单/);

  // The detail: every field and the status history, oldest first. The background settlement of
  // the first start books the demo week's orders in a while: wait until this one's split is booked
  // (its detail through the API), so the dialog must show the lines.
  const first = rows(page).first();
  const id = Number(await first.getAttribute('data-row-key'));
  expect(id).toBeGreaterThan(0);
  await expect
    .poll(
      async () => {
        const res = await page.request.post('/api/order/barRetail/queryOrderBarDetail', { data: { id } });
        const body = (await res.json()) as { object: { profitShares: unknown[] } | null };
        return body.object?.profitShares.length ?? 0;
      },
      { timeout: 90_000, intervals: [500, 1000, 2000] },
    )
    .toBeGreaterThan(0);
  await first.getByRole('button', { name: '详情' }).click();
  const dialog = page.getByRole('dialog', { name: '订单详情' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('状态记录');
  await expect(dialog).toContainText('已完成');
  await expect(dialog).toContainText(/支付金额[\d,]+\.\d\d 元/);
  // 分润明细 (issue 10): the split of the completed order, booked: lines, none empty.
  await expect(dialog).toContainText('分润明细');
  const split = dialog.locator('.profit-share-table');
  await expect(split).toContainText('已入账');
  await expect(split).not.toContainText('暂无分润明细');
  expect(await split.locator('tr.ant-table-row').count()).toBeGreaterThan(0);
  await dialog.locator('.profit-share-table').scrollIntoViewIfNeeded();
  await shot(page, 'order-details-detail', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The export of the filtered list: a file, with the list's filters.
  const download = page.waitForEvent('download');
  await filters(page)
    .getByRole('button', { name: /导\s*出/ })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^订单明细-\d{8}-\d{6}\.xlsx$/);
  expect(new URL(file.url()).searchParams.get('status')).toBe('50');
  expect(
    readFileSync(await file.path())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');

  // 重置: back to the last 30 days without a status.
  await settled(page);
  await filters(page)
    .getByRole('button', { name: /重\s*置/ })
    .click();
  await expect(page).not.toHaveURL(/status=/);
  await expect(page).toHaveURL(/timeType=10/);
});

test('订单统计: a row per day with its figures, and per month', async ({ page }) => {
  await login(page, LEVEL0);
  await page.goto('/order-details');
  await expect(rows(page).first()).toBeVisible();
  await page.getByText('订单统计', { exact: true }).first().click();
  const stats = page.locator('.order-stats');
  await expect(stats.locator('tr.ant-table-row').first()).toBeVisible();
  await expect(stats.locator('tr.ant-table-row').first()).toContainText(/^\d{4}-\d{2}-\d{2}/);
  await expect(stats.locator('.list-totals')).toContainText(/订单数 \d+/);
  await shot(page, 'order-details-stats');
  const month = page.waitForResponse((r) =>
    r.url().endsWith('/api/order/barRetail/queryBarOrderStatisticsPage'),
  );
  await stats.getByText('按月', { exact: true }).click();
  await month;
  await expect(stats.locator('tr.ant-table-row').first()).toContainText(/^\d{4}-\d{2}(?!-)/);
  await expect(stats.locator('th').first()).toHaveText('月份');
});

test('用户明细: the channel users with totals, a net bar picked by name', async ({ page }) => {
  await login(page, LEVEL0);
  await sidebar(page).getByRole('menuitem', { name: '用户明细' }).click();
  await expect(page).toHaveURL(/\/user-details$/);
  await expect(rows(page).first()).toBeVisible();
  await expect(page.locator('.list-totals').first()).toContainText(/用户数 \d+/);
  await shot(page, 'user-details');

  // The net bar picker: the bars of the subtree, searched by name; the list keeps that bar's users.
  // The bar of the first user who has one: a user who registered on the web has none (—), and
  // which user registered last depends on the time of day the demo traffic was made.
  const shown = (await rows(page).locator('td:nth-child(4)').allTextContents()).map((t) => t.trim());
  const bar = shown.find((t) => t !== '' && t !== '—') ?? '';
  expect(bar).not.toBe('');
  const picker = filters(page).locator('.ant-form-item').filter({ hasText: '网吧' }).locator('.ant-select');
  await picker.click();
  await page.keyboard.type(bar.slice(0, 4));
  const option = page.locator('.ant-select-item-option').filter({ hasText: bar }).first();
  await expect(option).toBeVisible();
  await option.click();
  await search(page, '/api/channel/queryUsersPage');
  await expect(page).toHaveURL(/netBarId=\d+/);
  for (const text of await rows(page).locator('td:nth-child(4)').allTextContents()) expect(text).toBe(bar);
  await shot(page, 'user-details-net-bar');
});

test('订单明细 scrolled to its right end: the fixed 操作 column covers no other column', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, LEVEL0);
  await page.goto('/order-details');
  await expect(rows(page).first()).toBeVisible();
  await settled(page);
  await page
    .locator('.ant-table-content, .ant-table-body')
    .first()
    .evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
  const header = page.locator('.ant-table-thead tr').first();
  const action = header.locator('th.ant-table-cell-fix-end').first();
  const lastScrolled = header
    .locator('th:not(.ant-table-cell-fix-end):not(.ant-table-cell-scrollbar)')
    .last();
  await expect(action).toHaveText('操作');
  const [a, b] = [await action.boundingBox(), await lastScrolled.boundingBox()];
  expect(a && b && b.x + b.width <= a.x + 1).toBe(true);
  await shot(page, 'order-details-scrolled', { fullPage: false });
});
