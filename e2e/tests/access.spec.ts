import { expect, test } from '@playwright/test';
import { LEVEL0, LEVEL3, login, shot, sidebar } from './helpers';

test.describe('access', () => {
  test('a visitor who is not logged in is sent to /login and comes back after logging in', async ({
    page,
  }) => {
    await page.goto('/user-center');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser-center$/);
    await expect(page.getByRole('textbox', { name: '手机号' })).toBeVisible();
    await expect(page.locator('.login-card-title')).toHaveText('代理商后台');
    await shot(page, 'login');

    await page.getByRole('textbox', { name: '手机号' }).fill(LEVEL0);
    await page.getByLabel('密码', { exact: true }).fill('Demo2026');
    await page.getByRole('button', { name: /登录/ }).click();
    await expect(page).toHaveURL(/\/user-center$/);
    await expect(page.getByText('账号安全')).toBeVisible();
  });

  test('the login form checks the fields with the spec messages', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: /登录/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: '请输入手机号' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: '请输入密码' })).toBeVisible();
    await page.getByRole('textbox', { name: '手机号' }).fill('12345678901');
    await page.getByRole('button', { name: /登录/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: '手机号不正确' })).toBeVisible();
    await shot(page, 'login-validation');
  });

  test('level 0 sees 基础设置 in the menu; level 3 does not, and gets the 404 page at /setting', async ({
    page,
  }) => {
    await login(page, LEVEL0);
    await expect(sidebar(page).getByRole('menuitem', { name: '工作台' })).toBeVisible();
    await sidebar(page).getByRole('menuitem', { name: '系统设置' }).click();
    await expect(sidebar(page).getByRole('menuitem', { name: '基础设置' })).toBeVisible();
    await expect(page.getByText('星途总代')).toBeVisible();
    await expect(page.getByText('全国总代理').first()).toBeVisible();
    await shot(page, 'workbench-level0');
    await page.context().clearCookies();

    await login(page, LEVEL3);
    await expect(sidebar(page).getByRole('menuitem', { name: '工作台' })).toBeVisible();
    await expect(sidebar(page).getByRole('menuitem', { name: '基础设置' })).toHaveCount(0);
    await expect(page.getByText('鹏城电竞网咖联盟')).toBeVisible();
    await expect(page.getByText('广东省-深圳市')).toBeVisible();
    await expect(page.getByText('138****0003').first()).toBeVisible();
    await shot(page, 'workbench-level3');

    await page.goto('/setting');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
    await shot(page, 'not-found');
    await page.getByRole('button', { name: /返回首页/ }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await login(page, LEVEL3);
    await page.goto('/no-such-screen');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  });

  test('the personal center lists the account facts and the account-security states', async ({ page }) => {
    await login(page, LEVEL3);
    await page.getByRole('link', { name: /个人中心/ }).click();
    await expect(page).toHaveURL(/\/user-center$/);
    const security = page.locator('.account-security');
    await expect(security.locator('[data-security="phone"]')).toContainText('已验证');
    await expect(security.locator('[data-security="loginPassword"]')).toContainText('未修改初始密码');
    await expect(security.locator('[data-security="realName"]')).toContainText('未认证');
    await expect(security.locator('[data-security="payPassword"]')).toContainText('未设置');
    await expect(page.getByText('10003').first()).toBeVisible();
    await shot(page, 'user-center');
  });

  test('the pending-task bell counts the open tasks and leads to where they are done', async ({ page }) => {
    await login(page, LEVEL0);
    const bell = page.getByRole('button', { name: /待办事项/ });
    await expect(bell.locator('.ant-badge-count')).toHaveText('2');
    await bell.click();
    await expect(page.getByRole('menuitem', { name: '填写提现信息' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '内容配置' })).toBeVisible();
    await shot(page, 'pending-tasks');
    await page.getByRole('menuitem', { name: '内容配置' }).click();
    await expect(page).toHaveURL(/\/setting$/);
  });
});
