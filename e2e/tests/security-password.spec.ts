import { expect, test } from '@playwright/test';
import { fillLogin, login, shot } from './helpers';
import { dialog, operatorApi, requestCode } from './security-helpers';

const NEW_PASSWORD = 'Newpass2026';

test('change the login password: the new password, then the SMS code; the new password logs in', async ({
  page,
  baseURL,
}) => {
  const api = await operatorApi(String(baseURL));
  const phone = '13900002004';
  await login(page, phone);
  await page.goto('/user-center');
  await page.getByRole('button', { name: '修改登录密码' }).click();
  const box = dialog(page, '修改登录密码');
  await expect(box).toBeVisible();

  await box.getByRole('button', { name: '下一步' }).click();
  await expect(box.getByText('请输入新密码', { exact: true })).toBeVisible();
  const password = box.getByLabel('新登录密码');
  await password.fill('abcdefg');
  await expect(box.getByText('请输入6-20位数字字母组合', { exact: true })).toBeVisible();
  await password.fill('12345');
  await expect(box.getByText('请输入6-20位数字字母组合', { exact: true })).toBeVisible();
  await shot(page, 'security-login-password-invalid');
  await password.fill(NEW_PASSWORD);
  await expect(box.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await shot(page, 'security-login-password-step1');
  await box.getByRole('button', { name: '下一步' }).click();

  await expect(box.getByText('验证码将发送至 139****2004')).toBeVisible();
  await box.getByRole('button', { name: /确\s*定/ }).click();
  await expect(box.getByText('请输入短信验证码', { exact: true })).toBeVisible();
  const code = await requestCode(api, box, phone);
  await box.getByRole('textbox', { name: '短信验证码' }).fill(code);
  await shot(page, 'security-login-password-step2');
  await box.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();

  // The new password is the one that logs in now.
  await page.context().clearCookies();
  await page.evaluate(() => window.sessionStorage.clear());
  await page.goto('/login');
  await fillLogin(page, phone, NEW_PASSWORD);
  await expect(page.locator('.app-sider')).toBeVisible();
  await api.dispose();
});

test('the initial login password is replaced in one step from the pending task', async ({ page }) => {
  await login(page, '13900001005');
  await page.getByRole('button', { name: /^待办事项/ }).click();
  await page.locator('.ant-dropdown-menu:visible').getByRole('menuitem', { name: '修改初始密码' }).click();
  const box = dialog(page, '修改初始密码');
  await expect(box).toBeVisible();
  await expect(box.locator('.ant-steps')).toHaveCount(0);
  await box.getByLabel('新登录密码').fill(NEW_PASSWORD);
  await shot(page, 'security-initial-password');
  await box.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('设置成功')).toBeVisible();
  await expect(box).toBeHidden();
  await page.getByRole('button', { name: /^待办事项/ }).click();
  await expect(
    page.locator('.ant-dropdown-menu:visible').getByRole('menuitem', { name: '修改初始密码' }),
  ).toHaveCount(0);
});

test('the withdraw password: set in one step the first time, changed with an SMS code afterwards', async ({
  page,
  baseURL,
}) => {
  await login(page, '13900003001');
  await page.goto('/user-center');
  await page.getByRole('button', { name: '设置提现密码' }).click();
  const first = dialog(page, '设置提现密码');
  await expect(first.locator('.ant-steps')).toHaveCount(0);
  await first.getByRole('button', { name: /确\s*定/ }).click();
  await expect(first.getByText('请输入新密码', { exact: true })).toBeVisible();
  await first.getByLabel('新提现密码').fill('Pay123456');
  await shot(page, 'security-pay-password-first');
  await first.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('设置成功')).toBeVisible();
  await expect(page.getByRole('button', { name: '修改提现密码' })).toBeVisible();

  // Changing it now takes the SMS step.
  const api = await operatorApi(String(baseURL));
  await page.getByRole('button', { name: '修改提现密码' }).click();
  const again = dialog(page, '修改提现密码');
  await again.getByLabel('新提现密码').fill('Pay654321');
  await again.getByRole('button', { name: '下一步' }).click();
  const code = await requestCode(api, again, '13900003001');
  await again.getByRole('textbox', { name: '短信验证码' }).fill(code);
  await shot(page, 'security-pay-password-change');
  await again.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await api.dispose();
});

test('a forgotten password is reset from the login page: phone and code, then the new password', async ({
  page,
  baseURL,
}) => {
  const api = await operatorApi(String(baseURL));
  const phone = '13900005005';
  await page.goto('/login');
  await page.getByRole('button', { name: '忘记密码' }).click();
  const box = dialog(page, '找回登录密码');
  await expect(box).toBeVisible();
  await box.getByRole('button', { name: '下一步' }).click();
  await expect(box.getByText('请输入手机号', { exact: true })).toBeVisible();
  await expect(box.getByText('请输入验证码', { exact: true })).toBeVisible();
  const phoneInput = box.getByRole('textbox', { name: '手机号' });
  await phoneInput.fill('1380000');
  await phoneInput.blur();
  await expect(box.getByText('手机号不正确', { exact: true })).toBeVisible();
  await phoneInput.fill('13700009999');
  await phoneInput.blur();
  await expect(box.getByText('该手机号未注册', { exact: true })).toBeVisible();
  await shot(page, 'security-reset-password-invalid');

  await phoneInput.fill(phone);
  await phoneInput.blur();
  const code = await requestCode(api, box, phone);
  await box.getByRole('textbox', { name: '验证码', exact: true }).fill(code);
  await shot(page, 'security-reset-password-step1');
  await box.getByRole('button', { name: '下一步' }).click();
  const password = box.getByLabel('新密码');
  await box.getByRole('button', { name: /确\s*定/ }).click();
  await expect(box.getByText('请输入新密码', { exact: true })).toBeVisible();
  await password.fill(NEW_PASSWORD);
  await shot(page, 'security-reset-password-step2');
  await box.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('密码重置成功，请使用新密码登录')).toBeVisible();
  await expect(box).toBeHidden();

  await fillLogin(page, phone, NEW_PASSWORD);
  await expect(page.locator('.app-sider')).toBeVisible();
  await api.dispose();
});
