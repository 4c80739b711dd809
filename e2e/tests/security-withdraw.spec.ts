import { expect, test } from '@playwright/test';
import { login, shot } from './helpers';
import { dialog, operatorApi, requestCode, wholeRealName } from './security-helpers';

test('change the withdraw account: the Alipay account and real name, then the SMS code', async ({
  page,
  baseURL,
}) => {
  const api = await operatorApi(String(baseURL));
  const phone = '13900004003';
  const realName = await wholeRealName(api, phone);
  expect(realName.length).toBeGreaterThan(1);
  await login(page, phone);
  await page.goto('/user-center');
  await page.getByRole('button', { name: '修改提现账号' }).click();
  const box = dialog(page, '填写提现信息');
  await expect(box).toBeVisible();
  // The real-name lookup: the verified name shown masked.
  const masked = `*${realName.slice(-1)}`;
  await expect(box.getByText(`须与实名认证姓名 ${masked} 一致`)).toBeVisible();
  await expect(box.getByText(/^当前账号：/)).toBeVisible();

  await box.getByRole('button', { name: '下一步' }).click();
  await expect(box.getByText('请输入支付宝账号', { exact: true })).toBeVisible();
  await expect(box.getByText('请输入姓名', { exact: true })).toBeVisible();
  await expect(box.getByRole('textbox', { name: '支付宝账号' })).toHaveAttribute('maxlength', '50');
  await shot(page, 'security-withdraw-empty');

  await box.getByRole('textbox', { name: '支付宝账号' }).fill('new-account@example.com');
  await box.getByRole('textbox', { name: '真实姓名' }).fill(realName);
  await shot(page, 'security-withdraw-step1');
  await box.getByRole('button', { name: '下一步' }).click();
  const code = await requestCode(api, box, phone);
  await box.getByRole('textbox', { name: '短信验证码' }).fill(code);
  await shot(page, 'security-withdraw-step2');
  await box.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('提现信息保存成功')).toBeVisible();
  await expect(page.locator('[data-action="withdraw"]')).toContainText('ne***@example.com');
  await api.dispose();
});
