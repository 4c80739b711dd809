import { expect, test } from '@playwright/test';
import { fillLogin, LEVEL3, PASSWORD, shot } from './helpers';

test('three wrong passwords bring up the image captcha, and a wrong code is refused', async ({ page }) => {
  await page.goto('/login');
  const captcha = page.getByPlaceholder('请输入图片验证码');
  for (let attempt = 1; attempt <= 3; attempt++) {
    await expect(captcha).toHaveCount(0);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/user/login'));
    await fillLogin(page, LEVEL3, `Wrong${attempt}x`);
    expect((await (await answered).json()).responseCode).toBe('2001');
  }
  await expect(captcha).toBeVisible();
  await expect(page.getByRole('img', { name: '图片验证码' })).toBeVisible();
  await shot(page, 'login-captcha');

  // Without the code the form stops; with a wrong code the server answers 2003 and a new picture comes.
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /登录/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: '请输入图片验证码' })).toBeVisible();
  const picture = page.getByRole('img', { name: '图片验证码' });
  const first = String(await picture.getAttribute('src'));
  await captcha.fill('0000');
  const wrong = page.waitForResponse((r) => r.url().endsWith('/api/user/login'));
  await page.getByRole('button', { name: /登录/ }).click();
  expect((await (await wrong).json()).responseCode).toBe('2003');
  await expect(page.getByText('图片验证码错误')).toBeVisible();
  await expect(picture).not.toHaveAttribute('src', first);
  await expect(captcha).toHaveValue('');
});
