import { expect, test } from '@playwright/test';
import { login, shot } from './helpers';
import { dialog, fillIdentity, idNumber, operatorApi, PNG, requestCode } from './security-helpers';

test('identity: the form with every message of its fields and photos, then the SMS code', async ({
  page,
  baseURL,
}) => {
  const api = await operatorApi(String(baseURL));
  const phone = '13900005003';
  await login(page, phone);
  await page.goto('/user-center');
  await page.getByRole('button', { name: '去认证' }).click();
  const box = dialog(page, '身份认证');
  await expect(box).toBeVisible();
  await expect(box.getByText('身份证号提交后不可修改，且与资金安全相关，请如实填写')).toBeVisible();

  await box.getByRole('button', { name: '下一步' }).click();
  for (const message of [
    '请输入姓名',
    '请输入身份证号',
    '请上传身份证正面照片',
    '请上传身份证反面照片',
    '请上传手持身份证照片',
  ]) {
    await expect(box.getByText(message, { exact: true })).toBeVisible();
  }
  await shot(page, 'security-identity-empty');

  const idInput = box.getByRole('textbox', { name: '身份证号' });
  await idInput.fill('110105194912310021');
  await idInput.blur();
  await expect(box.getByText('请输入正确的身份证号', { exact: true })).toBeVisible();
  await expect(box.getByRole('textbox', { name: '姓名' })).toHaveAttribute('maxlength', '10');
  await expect(idInput).toHaveAttribute('maxlength', '18');

  const front = box.locator('input[type="file"]').first();
  await front.setInputFiles({ name: 'front.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('上传截图仅支持JPG、JPEG、PNG格式！')).toBeVisible();
  await front.setInputFiles({
    name: 'front.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]),
  });
  await expect(page.getByText('上传截图大小不能超过 10MB!')).toBeVisible();
  await shot(page, 'security-identity-invalid');

  await fillIdentity(box, '李思远', idNumber());
  await expect(box.locator('.ant-form-item-explain-error')).toHaveCount(0);
  // Each tile keeps its label once its photo shows.
  await expect(box.locator('.id-photo-upload')).toHaveText(['身份证正面', '身份证反面', '手持身份证']);
  await shot(page, 'security-identity-step1');
  await box.getByRole('button', { name: '下一步' }).click();
  await expect(box.getByText('验证码将发送至 139****5003')).toBeVisible();
  const code = await requestCode(api, box, phone);
  await box.getByRole('textbox', { name: '短信验证码' }).fill(code);
  await shot(page, 'security-identity-step2');
  await box.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('实名认证已提交，请等待审核')).toBeVisible();
  await expect(page.locator('[data-action="identity"]')).toContainText('审核中');
  await expect(page.getByRole('button', { name: '去认证' })).toHaveCount(0);
  await api.dispose();
});
