import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { login, PASSWORD, shot, sidebar } from './helpers';
import { md5Hex, operatorApi } from './security-helpers';

/*
 * Issue 10 §2: 资金明细. The operator credits 南山科技园网咖 (level 4, no member menu) by a manual
 * adjustment; the agent sees the entry in 财务管理 › 资金明细 (its own entries) and has no
 * 资金明细 menu; 粤海网络科技 (level 2, member menu, two levels above it) sees it on
 * /amount-details among its subtree's entries, filters it by kind, and exports the list.
 */
const AGENT = '13800000004';
const AGENT_NAME = '南山科技园网咖';
const MEMBER_MENU = '13800000002';
const REASON = '资金明细测试入账';

test.describe.configure({ mode: 'serial' });

const table = (page: Page) => page.locator('.ant-table-tbody').filter({ visible: true }).first();
const rows = (page: Page) => table(page).locator('tr.ant-table-row');
const filters = (page: Page) => page.locator('.list-filters').filter({ visible: true }).first();

/** The first start settles the demo orders in the background: a list may take a while on a loaded machine. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('.ant-table .ant-spin-spinning')).toHaveCount(0, { timeout: 60_000 });
}

async function post(api: APIRequestContext, path: string, data: unknown) {
  const body = await (await api.post(path, { data })).json();
  expect(body.responseCode, `${path}: ${body.responseMsg}`).toBe('0000');
  return body.object;
}

test('an agent sees its own entries in 财务管理 › 资金明细, without the member menu', async ({
  page,
  baseURL,
}) => {
  const agent = await request.newContext({ baseURL: String(baseURL) });
  await post(agent, '/api/user/login', { mobilePhone: AGENT, password: md5Hex(PASSWORD) });
  const { id } = await post(agent, '/api/agent/query', {});
  await agent.dispose();
  const operator = await operatorApi(String(baseURL));
  await post(operator, '/api/finance/adjust', { agentId: id, amount: 12345, reason: REASON });
  await operator.dispose();

  await login(page, AGENT);
  await expect(sidebar(page).getByRole('menuitem', { name: '资金明细' })).toHaveCount(0);
  await sidebar(page).getByRole('menuitem', { name: '财务管理' }).click();
  await page.getByText('资金明细', { exact: true }).click();
  await settled(page);
  const row = rows(page).filter({ hasText: REASON });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('人工调账');
  await expect(row).toContainText('+123.45');
  const totals = page.locator('.list-totals').first();
  await expect(totals).toContainText(/笔数 \d+/);
  await expect(totals).toContainText(/收入 [\d,]+\.\d\d 元/);
  await shot(page, 'financial-mgt-fund-details');

  // The members' screen is not its: the route is refused.
  await page.goto('/amount-details');
  await expect(page.getByText('资金明细', { exact: true }).filter({ visible: true })).toHaveCount(0);
});

test('an agent with the member menu sees a member’s entries on /amount-details, filters and exports them', async ({
  page,
}) => {
  await login(page, MEMBER_MENU);
  await sidebar(page).getByRole('menuitem', { name: '资金明细' }).click();
  await expect(page).toHaveURL(/\/amount-details/);
  await settled(page);
  await expect(rows(page).first()).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.list-totals').first()).toContainText(/净额 [+-]?[\d,]+\.\d\d 元/);
  await shot(page, 'amount-details');

  // 人工调账 only: the member's credit is there, with its agent.
  await filters(page).locator('.ant-form-item').filter({ hasText: '类型' }).locator('.ant-select').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '人工调账' }).click();
  await page.keyboard.press('Escape');
  const loaded = page.waitForResponse((r) => r.url().endsWith('/api/finance/details/query'));
  await filters(page)
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await loaded;
  await settled(page);
  await expect(page).toHaveURL(/kinds=adjustment/);
  const row = rows(page).filter({ hasText: REASON });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(AGENT_NAME);
  await expect(row).toContainText('区县代理');
  for (const text of await rows(page).locator('.ant-tag').allTextContents()) expect(text).toBe('人工调账');
  await shot(page, 'amount-details-adjustments');

  const download = page.waitForEvent('download');
  await filters(page)
    .getByRole('button', { name: /导\s*出/ })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^资金明细-\d{8}-\d{6}\.xlsx$/);
  expect(new URL(file.url()).searchParams.get('kinds')).toBe('adjustment');
  expect(
    readFileSync(await file.path())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');
});
