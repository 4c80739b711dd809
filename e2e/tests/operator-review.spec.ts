import { expect, type Page, test } from '@playwright/test';
import { LEVEL0, login, shot, sidebar } from './helpers';
import { dialog, fillIdentity, idNumber, operatorApi, requestCode } from './security-helpers';

const REJECTED = '13900003004';
const APPROVED = '13900001006';
const REASON = '手持身份证照片不清晰，请重新上传';

async function openScreen(page: Page, title: string) {
  const item = sidebar(page).getByRole('menuitem', { name: title });
  if (!(await item.isVisible())) await sidebar(page).getByRole('menuitem', { name: '运营管理' }).click();
  await item.click();
}

const rowOf = (page: Page, maskedPhone: string) =>
  page.locator('.ant-table-row').filter({ hasText: maskedPhone });

test.describe.configure({ mode: 'serial' });

let approvedName = '';

test('the operator reviews identities: photos, reject with a reason, approve', async ({ page }) => {
  await login(page, LEVEL0);
  await openScreen(page, '实名审核');
  await expect(page).toHaveURL(/\/real-name-review$/);
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect(page.locator('.list-pager-total')).toContainText('共');

  // Only the submissions under review.
  await page.getByRole('combobox', { name: '审核状态' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '审核中' }).click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/status=0/);
  const rows = page.locator('.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.locator('.ant-tag').filter({ hasNotText: '审核中' })).toHaveCount(0);

  // The photos load for the operator and open in the viewer.
  const photo = rowOf(page, '139****3004').getByRole('img', { name: '身份证正面' });
  await expect(photo).toHaveJSProperty('complete', true);
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shot(page, 'operator-real-name-review');
  await photo.click();
  await expect(page.locator('.ant-image-preview')).toBeVisible();
  await shot(page, 'operator-real-name-photo');
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-image-preview')).toBeHidden();

  // Reject needs a reason.
  await rowOf(page, '139****3004')
    .getByRole('button', { name: /驳\s*回/ })
    .click();
  const reject = dialog(page, '驳回');
  const rejectBox = page.getByRole('dialog').filter({ hasText: '驳回原因' });
  await rejectBox.getByRole('button', { name: '确定驳回' }).click();
  await expect(rejectBox.getByText('请输入驳回原因', { exact: true })).toBeVisible();
  await rejectBox.getByRole('textbox', { name: '驳回原因' }).fill(REASON);
  await shot(page, 'operator-real-name-reject');
  await rejectBox.getByRole('button', { name: '确定驳回' }).click();
  await expect(page.locator('.ant-message').getByText('已驳回', { exact: true })).toBeVisible();
  await expect(reject).toHaveCount(0);
  await expect(rowOf(page, '139****3004')).toHaveCount(0);

  // Approve.
  approvedName = String(await rowOf(page, '139****1006').locator('td').nth(3).textContent());
  await rowOf(page, '139****1006')
    .getByRole('button', { name: /通\s*过/ })
    .click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(rowOf(page, '139****1006')).toHaveCount(0);

  // Everything, with the outcome of each.
  await page.getByRole('button', { name: /重\s*置/ }).click();
  await expect(rowOf(page, '139****3004').locator('.ant-tag')).toHaveText('已驳回');
  await expect(rowOf(page, '139****3004')).toContainText(REASON);
  await expect(rowOf(page, '139****1006').locator('.ant-tag')).toHaveText('已通过');
});

test('the rejected agent reads the reason and submits again (modify)', async ({ page, baseURL }) => {
  const api = await operatorApi(String(baseURL));
  await login(page, REJECTED);
  await page.goto('/user-center');
  await expect(page.getByText(`驳回原因：${REASON}`)).toBeVisible();
  await shot(page, 'security-user-center-rejected');
  await page.getByRole('button', { name: '重新认证' }).click();
  const box = dialog(page, '身份认证');
  await fillIdentity(box, '赵一鸣', idNumber('19880512'));
  await box.getByRole('button', { name: '下一步' }).click();
  const code = await requestCode(api, box, REJECTED);
  await box.getByRole('textbox', { name: '短信验证码' }).fill(code);
  await box.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('实名认证已提交，请等待审核')).toBeVisible();
  await expect(page.locator('[data-action="identity"]')).toContainText('审核中');
  await api.dispose();
});

test('the operator reads the codes in the SMS outbox', async ({ page }) => {
  await login(page, LEVEL0);
  await openScreen(page, '短信发件箱');
  await expect(page).toHaveURL(/\/sms-outbox$/);
  await page.getByRole('textbox', { name: '手机号' }).fill(REJECTED);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('.ant-table-row').first();
  await expect(row).toContainText(REJECTED);
  await expect(row).toContainText('实名认证');
  await expect(row).toContainText(/验证码 \d{6}/);
  await shot(page, 'operator-sms-outbox');
});

test('the approved agent sets up the withdraw account in one step, then the withdraw password', async ({
  page,
}) => {
  expect(approvedName.length).toBeGreaterThan(1);
  await login(page, APPROVED);
  await page.getByRole('button', { name: /^待办事项/ }).click();
  await page.locator('.ant-dropdown-menu:visible').getByRole('menuitem', { name: '填写提现信息' }).click();
  const box = dialog(page, '填写提现信息');
  await expect(box).toBeVisible();
  await expect(box.locator('.ant-steps')).toHaveCount(0);
  await expect(box.getByText(`须与实名认证姓名 *${approvedName.slice(-1)} 一致`)).toBeVisible();
  await box.getByRole('textbox', { name: '支付宝账号' }).fill('13900001006');
  await box.getByRole('textbox', { name: '真实姓名' }).fill(approvedName);
  await shot(page, 'security-withdraw-first');
  await box.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('提现信息保存成功')).toBeVisible();

  // 填写提现信息 also needs the withdraw password: its dialog follows.
  const pay = dialog(page, '设置提现密码');
  await expect(pay).toBeVisible();
  await pay.getByLabel('新提现密码').fill('Pay123456');
  await pay.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('设置成功')).toBeVisible();
  await page.getByRole('button', { name: /^待办事项/ }).click();
  await expect(
    page.locator('.ant-dropdown-menu:visible').getByRole('menuitem', { name: '填写提现信息' }),
  ).toHaveCount(0);
});
