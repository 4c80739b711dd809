import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { LEVEL0, login, openMenuItem, shot } from './helpers';

const INGEST_PATH = '/api/ingest/v1/events';

/** Posts an empty batch signed with the key: 400 (1000) when the key is live, 401 once revoked. */
async function signedStatus(
  request: import('@playwright/test').APIRequestContext,
  id: string,
  secret: string,
) {
  const body = JSON.stringify({ events: [] });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  const res = await request.post(INGEST_PATH, {
    data: body,
    headers: {
      'content-type': 'application/json',
      'x-ingest-key': id,
      'x-ingest-timestamp': timestamp,
      'x-ingest-signature': signature,
    },
  });
  return res.status();
}

test('the operator creates an ingest key, sees its secret once, and revokes it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page, LEVEL0);
  await openMenuItem(page, '接入密钥', '系统设置');
  await expect(page).toHaveURL(/\/ingest-keys$/);
  await shot(page, 'ingest-keys-empty');

  await page.getByRole('button', { name: '新建密钥' }).click();
  const nameBox = page.getByRole('textbox', { name: '密钥名称' });
  await page.getByRole('button', { name: /创\s*建/ }).click();
  await expect(page.getByText('请输入密钥名称')).toBeVisible();
  await nameBox.fill('租号平台正式环境');
  await page.getByRole('button', { name: /创\s*建/ }).click();

  const dialog = page.getByRole('dialog', { name: '密钥已创建' });
  await expect(dialog).toBeVisible();
  const id = (await dialog.getByTestId('created-key-id').textContent()) ?? '';
  const secret = (await dialog.getByTestId('created-key-secret').textContent()) ?? '';
  expect(id).toMatch(/^ik_[0-9a-f]{16}$/);
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: '复制密钥' }).click();
  await expect(page.getByText('已复制')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shot(page, 'ingest-keys-secret-once', { fullPage: false });
  await dialog.getByRole('button', { name: '我已保存，关闭' }).click();
  await expect(dialog).toBeHidden();

  // Listed without its secret; the key signs requests.
  const row = page.getByRole('row', { name: new RegExp(id) });
  await expect(row).toContainText('租号平台正式环境');
  await expect(row).toContainText('有效');
  await expect(page.getByText(secret)).toHaveCount(0);
  expect(await signedStatus(page.request, id, secret)).toBe(400);
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(id) })).not.toContainText('从未使用');
  await shot(page, 'ingest-keys-list');

  await page
    .getByRole('row', { name: new RegExp(id) })
    .getByRole('button', { name: '吊销' })
    .click();
  await expect(page.getByText(`确定吊销密钥 租号平台正式环境？`)).toBeVisible();
  await page.getByRole('button', { name: '确定吊销' }).click();
  await expect(page.getByText('密钥已吊销')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(id) })).toContainText('已吊销');
  await expect(
    page.getByRole('row', { name: new RegExp(id) }).getByRole('button', { name: '吊销' }),
  ).toHaveCount(0);
  expect(await signedStatus(page.request, id, secret)).toBe(401);
  await shot(page, 'ingest-keys-revoked');
});
