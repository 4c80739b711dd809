import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { INGEST_HEADERS, INGEST_PATH } from '@agent-console/contract';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { LEVEL0, LEVEL3, login, shot, sidebar } from './helpers';
import { operatorApi } from './security-helpers';

/**
 * Issue 9: 客户端推广管理 and 网页推广管理 in the browser. The net bar comes the way the product gets
 * them: a signed event of the rental platform through the ingestion route, with a key the operator
 * made. Then the operator sets its web promotion domain, sees the bar in the web list, creates a
 * client channel for it, packs it (the progress, then the package), copies its short URL and follows
 * it, downloads the ini and exports the list.
 */

const BAR = `推广测试网咖${Date.now() % 100000}`;
const CHANNEL = '一楼客户端';

const shotView = (page: Page, name: string) => shot(page, name, { fullPage: false });
const table = (page: Page) => page.locator('.ant-table-tbody');
const rowOf = (page: Page, text: string) => table(page).locator('tr.ant-table-row').filter({ hasText: text });
const formItem = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator(`label:text-is("${label}")`) });

async function agentIdOf(api: APIRequestContext, phone: string): Promise<number> {
  const res = await api.post('/api/agent/queryAgentInfoPage', { data: { mobilePhone: phone, pageSize: 30 } });
  const body = await res.json();
  const id = body.object?.[0]?.id;
  expect(typeof id).toBe('number');
  return id as number;
}

/** A net bar of the level 3 demo agent, reported by the platform through the signed ingestion route. */
async function ingestNetBar(baseURL: string): Promise<void> {
  const api = await operatorApi(baseURL);
  const key = await (await api.post('/api/ingestKey/create', { data: { name: 'e2e 推广' } })).json();
  expect(key.responseCode).toBe('0000');
  const agentId = await agentIdOf(api, LEVEL3);
  const body = JSON.stringify({
    events: [
      {
        id: `e2e-bar-${Date.now()}`,
        type: 'netBar.upserted',
        occurredAt: new Date().toISOString(),
        payload: {
          barUserId: 700_000_000 + (Date.now() % 1_000_000),
          agentId,
          name: BAR,
          address: '深圳市南山区科技园',
          provinceCode: 440000,
          cityCode: 440300,
          districtCode: 440305,
          terminalCount: 80,
          status: 'open',
        },
      },
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
  expect(JSON.stringify(await res.json())).toContain('accepted');
  await api.dispose();
}

test('web promotion: the domain, and the net bars with today’s figures', async ({ page, baseURL }) => {
  await ingestNetBar(String(baseURL));
  await login(page, LEVEL0);
  const first = page.waitForRequest((r) => r.url().endsWith('/api/promotion/web/queryNetBarPage'));
  await sidebar(page).getByRole('menuitem', { name: '网页推广管理' }).click();
  await expect(page).toHaveURL(/\/web-mgt/);
  // The default range is today 00:00:00 - 23:59:59, terminal 3 (spec section 3).
  const query = (await first).postDataJSON() as { startTime: string; endTime: string; terminal: number };
  expect(query.startTime).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
  expect(query.endTime).toBe(`${query.startTime.slice(0, 10)} 23:59:59`);
  expect(query.terminal).toBe(3);
  await expect(page.locator('.list-filters input').first()).toBeVisible();
  await expect(rowOf(page, BAR)).toBeVisible();

  const config = page.getByTestId('web-domain-config');
  await config.getByPlaceholder('例如 promo.example.com').fill('http://bad');
  await config.getByRole('button', { name: /设置域名/ }).click();
  await expect(config.getByText('请输入正确的域名')).toBeVisible();
  await config.getByPlaceholder('例如 promo.example.com').fill('Promo.Example.com');
  await config.getByRole('button', { name: /设置域名/ }).click();
  await expect(page.getByTestId('web-domain')).toHaveText('promo.example.com');
  await expect(page.locator('.list-totals')).toContainText('网吧');
  await shot(page, 'promotion-web-mgt');
});

test('client promotion: create a channel, pack it, copy and follow its short URL, ini and export', async ({
  page,
  context,
  baseURL,
}) => {
  await ingestNetBar(String(baseURL));
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page, LEVEL0);
  await sidebar(page).getByRole('menuitem', { name: '客户端推广管理' }).click();
  await expect(page).toHaveURL(/\/net-bar-mgt/);

  // The dialog checks before it sends.
  await page.getByRole('button', { name: /新增渠道/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增渠道' });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请选择网吧')).toBeVisible();
  await expect(dialog.getByText('请输入渠道名称')).toBeVisible();
  await shotView(page, 'promotion-channel-dialog-errors');

  await formItem(dialog, '网吧').locator('.ant-select').click();
  await page.keyboard.type(BAR.slice(0, 6));
  await page.locator('.ant-select-item-option').filter({ hasText: BAR }).first().click();
  await formItem(dialog, '渠道名称').getByRole('textbox').fill(CHANNEL);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  const row = rowOf(page, BAR).filter({ hasText: CHANNEL }).first();
  await expect(row).toContainText('已通过');
  await expect(row).toContainText('未打包');

  // Packing: it starts, shows where it is, and ends with the package to download.
  await row.getByRole('button', { name: '自动打包' }).click();
  await expect(page.getByText('已开始打包')).toBeVisible();
  await expect(row.getByText('已完成（下载）')).toBeVisible({ timeout: 20_000 });
  const packageLink = row.getByText('已完成（下载）');
  const zip = await page.request.get(String(await packageLink.getAttribute('href')));
  expect(zip.status()).toBe(200);
  expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');

  // The short URL: copied with the page's origin, and it leads to the package.
  await row.getByRole('button', { name: '复制短链' }).click();
  await expect(page.getByText(/已复制短链接：/)).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`^${String(baseURL)}/s/[A-Za-z0-9]{7}$`));
  const hop = await page.request.get(copied, { maxRedirects: 0 });
  expect(hop.status()).toBe(302);
  expect(hop.headers().location).toMatch(/\/s\/[A-Za-z0-9]{7}\/client\.zip$/);
  await shot(page, 'promotion-net-bar-mgt');

  // cybercafe.ini by browser navigation: it names the channel.
  const iniDownload = page.waitForEvent('download');
  await row.getByRole('link', { name: '下载ini' }).click();
  const ini = await iniDownload;
  expect(ini.suggestedFilename()).toBe('cybercafe.ini');
  const code = (await row.getByTestId(/^code-/).textContent())?.split(' ')[0];
  expect(readFileSync(await ini.path(), 'utf8')).toContain(`channel=${code}`);

  // The export of the filtered list runs and says so.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^推广渠道-\d{8}-\d{6}\.xlsx$/);
  await expect(page.getByText('导出已开始')).toBeVisible();
  expect(
    readFileSync(await file.path())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');
});

test('apply and pass: a level 3 agent’s own channel waits until an agent above it passes it', async ({
  page,
  baseURL,
}) => {
  await ingestNetBar(String(baseURL));
  const name = `待审渠道${Date.now() % 100000}`;
  await login(page, LEVEL3);
  await sidebar(page).getByRole('menuitem', { name: '客户端推广管理' }).click();
  await page.getByRole('button', { name: /新增渠道/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增渠道' });
  await formItem(dialog, '网吧').locator('.ant-select').click();
  await page.keyboard.type(BAR.slice(0, 6));
  await page.locator('.ant-select-item-option').filter({ hasText: BAR }).first().click();
  await formItem(dialog, '渠道名称').getByRole('textbox').fill(name);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  const own = rowOf(page, name);
  await expect(own).toContainText('待审核');
  // Its owner may not pass it, nor pack it yet.
  await expect(own.getByRole('button', { name: '通过' })).toHaveCount(0);
  await expect(own.getByRole('button', { name: '自动打包' })).toHaveCount(0);

  await page.getByRole('button', { name: /退出登录/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page).toHaveURL(/\/login/);
  await login(page, LEVEL0);
  await sidebar(page).getByRole('menuitem', { name: '客户端推广管理' }).click();
  const row = rowOf(page, name);
  await row.getByRole('button', { name: '通过' }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /通\s*过/ })
    .click();
  await expect(page.getByText('审核通过')).toBeVisible();
  await expect(row).toContainText('已通过');
  await expect(row.getByRole('button', { name: '自动打包' })).toBeVisible();
  await shot(page, 'promotion-apply-passed');
});
