import { createHmac } from 'node:crypto';
import { INGEST_HEADERS, INGEST_PATH } from '@agent-console/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { LEVEL0, LEVEL3, login, openMenuItem, shot, sidebar } from './helpers';
import { operatorApi } from './security-helpers';

/**
 * Issue 10 §4: 有效设备统计 in the browser. The platform reports (signed ingestion) a net bar of the
 * level 3 demo agent and its PCs' active days of last month: two valid devices and one not. The
 * level 2 agent above it (setSettleAuthority) sees the month unsettled without a 结算 action; the
 * operator sees the devices in 明细, settles the month after a confirmation, and finds its rule in
 * 基础设置 › 设备结算设置.
 */

/** The level 2 demo agent above LEVEL3, with setSettleAuthority. */
const LEVEL2 = '13800000002';

/** Last month in China time, "YYYY-MM". */
function lastChinaMonth(): string {
  const china = new Date(Date.now() + 8 * 3600_000);
  const d = new Date(Date.UTC(china.getUTCFullYear(), china.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

const MONTH = lastChinaMonth();
const BAR = `设备测试网咖${Date.now() % 100000}`;

async function agentOf(api: APIRequestContext, phone: string): Promise<{ id: number; agentName: string }> {
  const res = await api.post('/api/agent/queryAgentInfoPage', { data: { mobilePhone: phone, pageSize: 30 } });
  const agent = (await res.json()).object?.[0];
  expect(typeof agent?.id).toBe('number');
  return agent as { id: number; agentName: string };
}

/** The net bar and its devices' days of last month, through the signed ingestion route. */
async function ingestDevices(baseURL: string): Promise<{ id: number; agentName: string }> {
  const api = await operatorApi(baseURL);
  const key = await (await api.post('/api/ingestKey/create', { data: { name: 'e2e 设备' } })).json();
  expect(key.responseCode).toBe('0000');
  const agent = await agentOf(api, LEVEL3);
  const barUserId = 710_000_000 + (Date.now() % 1_000_000);
  const stamp = Date.now();
  const days = (code: string, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      id: `e2e-dev-${stamp}-${code}-${i}`,
      type: 'device.active',
      occurredAt: new Date().toISOString(),
      payload: {
        barUserId,
        deviceCode: code,
        day: `${MONTH}-${String(i + 1).padStart(2, '0')}`,
        activeMinutes: 180,
      },
    }));
  const body = JSON.stringify({
    events: [
      {
        id: `e2e-dev-bar-${stamp}`,
        type: 'netBar.upserted',
        occurredAt: new Date().toISOString(),
        payload: {
          barUserId,
          agentId: agent.id,
          name: BAR,
          address: '深圳市南山区科技园',
          provinceCode: 440000,
          cityCode: 440300,
          districtCode: 440305,
          terminalCount: 60,
          status: 'open',
        },
      },
      ...days('PC001', 20),
      ...days('PC002', 16),
      ...days('PC003', 5),
    ],
  });
  const ts = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', key.object.secret).update(`${ts}.${body}`).digest('hex');
  const res = await api.post(INGEST_PATH, {
    data: body,
    headers: {
      'content-type': 'application/json',
      [INGEST_HEADERS.keyId]: key.object.id,
      [INGEST_HEADERS.timestamp]: ts,
      [INGEST_HEADERS.signature]: signature,
    },
  });
  expect(res.status()).toBe(200);
  expect((await res.json()).object.accepted).toBe(42);
  await api.dispose();
  return agent;
}

const rowOf = (page: Page, agentName: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: agentName }).filter({ hasText: MONTH });

test('有效设备统计: the agents above see the month, the operator settles it once', async ({
  page,
  baseURL,
}) => {
  const { id: agentId, agentName } = await ingestDevices(String(baseURL));

  // The level 2 agent (setSettleAuthority) sees its subtree's month, unsettled, without 结算.
  await login(page, LEVEL2);
  await sidebar(page).getByRole('menuitem', { name: '有效设备统计' }).click();
  await expect(page).toHaveURL(/\/device-stats/);
  const seen = rowOf(page, agentName);
  await expect(seen).toBeVisible();
  await expect(seen).toContainText('未结算');
  await expect(seen).toContainText('≥15天');
  await expect(seen.getByRole('button', { name: '结算' })).toHaveCount(0);
  await expect(page.locator('.list-page')).toContainText('有效设备');
  await shot(page, 'device-stats-agent');

  // The operator: 明细, then 结算 with a confirmation.
  await page.context().clearCookies();
  await login(page, LEVEL0);
  // The whole tree's months: narrowed to last month and the agent (the filters live in the URL).
  await page.goto(`/device-stats?startMonth=${MONTH}&endMonth=${MONTH}&pid=${agentId}`);
  // A loaded machine: the first page of the whole tree may take a while.
  await expect(page.getByText('共 1 条')).toBeVisible({ timeout: 30_000 });
  const row = rowOf(page, agentName);
  await expect(row).toBeVisible();
  await expect(row).toContainText('10.00');
  await row.getByRole('button', { name: '明细' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`设备明细：${agentName} ${MONTH}`);
  await expect(dialog.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(3);
  await expect(dialog).toContainText('PC003');
  await shot(page, 'device-stats-detail', { fullPage: false });
  await dialog.locator('.ant-modal-close').click();
  await expect(dialog).toBeHidden();

  await row.getByRole('button', { name: '结算' }).click();
  const confirm = page.locator('.ant-popconfirm');
  await expect(confirm).toContainText('2 台 × 5.00 元 = 10.00 元');
  await shot(page, 'device-stats-confirm', { fullPage: false });
  await confirm.getByRole('button', { name: '确定结算' }).click();
  await expect(row).toContainText('已结算');
  await expect(row).toContainText('按 2 台结算');
  await expect(row.getByRole('button', { name: '结算' })).toHaveCount(0);
  await shot(page, 'device-stats-settled');

  // 基础设置 › 设备结算设置.
  await openMenuItem(page, '基础设置', '系统设置');
  const card = page.locator('.device-setting-card');
  await expect(card).toContainText('设备结算设置');
  await expect(card.getByRole('textbox', { name: '有效天数' })).toHaveValue('15');
  await expect(card.getByRole('textbox', { name: '每台结算金额' })).toHaveValue('5.00');
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'device-stats-setting', { fullPage: false });
});
