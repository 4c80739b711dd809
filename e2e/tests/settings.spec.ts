import { expect, test } from '@playwright/test';
import { LEVEL0, login, openMenuItem, shot } from './helpers';

test('level 0 renames the site and the sidebar, title and login page follow', async ({ page }) => {
  await login(page, LEVEL0);
  await openMenuItem(page, '基础设置', '系统设置');
  await expect(page).toHaveURL(/\/setting$/);
  const name = page.getByRole('textbox', { name: '站点名称' });
  await expect(name).toHaveValue('');
  await shot(page, 'settings');

  await name.fill('星途代理平台');
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page.locator('.sidebar-brand')).toContainText('星途代理平台');
  await expect(page).toHaveTitle('基础设置 - 星途代理平台');
  await shot(page, 'settings-saved');

  await page.context().clearCookies();
  await page.evaluate(() => window.sessionStorage.clear());
  await page.goto('/login');
  await expect(page.locator('.login-card-title')).toHaveText('星途代理平台');
});

test('the logo upload refuses files that are not JPG, JPEG or PNG', async ({ page }) => {
  await login(page, LEVEL0);
  await openMenuItem(page, '基础设置', '系统设置');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'logo.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a'),
  });
  await expect(page.getByText('上传截图仅支持JPG、JPEG、PNG格式！')).toBeVisible();
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

test('level 0 uploads a logo, the sidebar shows it, and the default comes back on request', async ({
  page,
}) => {
  await login(page, LEVEL0);
  await openMenuItem(page, '基础设置', '系统设置');
  const name = page.getByRole('textbox', { name: '站点名称' });
  await name.fill('星途代理平台');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByAltText('站点Logo预览')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  const sidebarLogo = page.locator('.sidebar-brand img');
  await expect(sidebarLogo).toHaveAttribute('src', /^\/api\/agent\/site-logo\?v=\d+$/);
  const logo = await page.request.get(String(await sidebarLogo.getAttribute('src')));
  expect(logo.headers()['content-type']).toContain('image/png');

  await page.getByRole('button', { name: '使用默认Logo' }).click();
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(sidebarLogo).not.toHaveAttribute('src', /site-logo/);
});
