import { expect, test } from '@playwright/test';
import { login, shot } from './helpers';
import { dialog, operatorApi, requestCode } from './security-helpers';

test('verify the bound phone in one step, with every message of its fields', async ({ page, baseURL }) => {
  const api = await operatorApi(String(baseURL));
  const phone = '13900001003';
  await login(page, phone);
  await page.getByRole('button', { name: /^待办事项/ }).click();
  await page.locator('.ant-dropdown-menu:visible').getByRole('menuitem', { name: '验证绑定手机' }).click();
  const box = dialog(page, '验证绑定手机');
  await expect(box).toBeVisible();
  // The bound phone is filled in: the agent does not type its own number.
  const phoneInput = box.getByRole('textbox', { name: '手机号' });
  await expect(phoneInput).toHaveValue(phone);
  await shot(page, 'security-verify-phone-open', { fullPage: false });

  // Nothing typed: the phone field speaks first, then the code.
  await phoneInput.clear();
  await box.getByRole('button', { name: /确\s*定/ }).click();
  await expect(box.getByText('请输入手机号', { exact: true })).toBeVisible();
  await expect(box.getByText('请输入短信验证码', { exact: true })).toBeVisible();
  await shot(page, 'security-verify-phone-empty');

  await phoneInput.fill('12345678901');
  await phoneInput.blur();
  await expect(box.getByText('手机号不正确', { exact: true })).toBeVisible();

  // Server check type 1: the number must be the bound one; its message is shown under the field.
  await phoneInput.fill('13800000001');
  await phoneInput.blur();
  await expect(box.getByText('手机号与当前绑定手机号不一致', { exact: true })).toBeVisible();
  await shot(page, 'security-verify-phone-server-check');

  // Sending needs a captcha.
  await phoneInput.fill(phone);
  await phoneInput.blur();
  await expect(box.getByText('手机号不正确', { exact: true })).toHaveCount(0);
  await expect(box.locator('.ant-form-item-explain-error')).toHaveText(['请输入短信验证码']);
  await box.getByRole('button', { name: '获取验证码' }).click();
  await expect(box.getByText('请输入图片验证码', { exact: true })).toBeVisible();

  const code = await requestCode(api, box, phone);
  await expect(box.getByRole('button', { name: /^5\ds后重新获取$/ })).toBeDisabled();
  await box.getByRole('textbox', { name: '短信验证码' }).fill(code);
  await shot(page, 'security-verify-phone-code');
  await box.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('手机验证成功')).toBeVisible();
  await expect(box).toBeHidden();
  // The tasks reload: phone verification is done.
  await page.getByRole('button', { name: /^待办事项/ }).click();
  await expect(
    page.locator('.ant-dropdown-menu:visible').getByRole('menuitem', { name: '验证绑定手机' }),
  ).toHaveCount(0);
  await api.dispose();
});

test('change the phone: the new number and its code, then the code sent to the old number', async ({
  page,
  baseURL,
}) => {
  const api = await operatorApi(String(baseURL));
  const oldPhone = '13900001002';
  const newPhone = '13700000002';
  await login(page, oldPhone);
  await page.goto('/user-center');
  await page.getByRole('button', { name: '修改手机号' }).click();
  const box = dialog(page, '修改绑定手机');
  await expect(box).toBeVisible();
  await expect(box.getByText('验证新手机')).toBeVisible();

  // Server check type 2: a registered number is refused with the server's message.
  const phoneInput = box.getByRole('textbox', { name: '新手机号' });
  await phoneInput.fill('13800000001');
  await phoneInput.blur();
  await expect(box.getByText('该手机号已注册', { exact: true })).toBeVisible();
  await shot(page, 'security-change-phone-registered');

  await phoneInput.fill(newPhone);
  await phoneInput.blur();
  const newCode = await requestCode(api, box, newPhone);
  await box.getByRole('textbox', { name: '短信验证码' }).fill(newCode);
  await shot(page, 'security-change-phone-step1');
  await box.getByRole('button', { name: '下一步' }).click();

  // Step two: the code goes to the old phone.
  await expect(box.getByText('验证码将发送至 139****1002')).toBeVisible();
  await box.getByRole('button', { name: /确\s*定/ }).click();
  await expect(box.getByText('请输入短信验证码', { exact: true })).toBeVisible();
  const oldCode = await requestCode(api, box, oldPhone);
  await box.getByRole('textbox', { name: '原手机验证码' }).fill(oldCode);
  await shot(page, 'security-change-phone-step2');
  await box.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('手机号修改成功')).toBeVisible();
  await expect(page.locator('[data-action="phone"]')).toContainText('137****0002');
  await api.dispose();
});
