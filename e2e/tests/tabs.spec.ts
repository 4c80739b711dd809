import { expect, type Page, test } from '@playwright/test';
import {
  expectTabs,
  LEVEL0,
  login,
  menuItem,
  openMenuItem,
  openTabMenu,
  shot,
  sidebar,
  tab,
  tabBar,
} from './helpers';

/**
 * Opens the personal center from the header and waits until it is there: a second click while
 * its screen is still loading would replace this navigation, as in any browser.
 */
async function openUserCenter(page: Page): Promise<void> {
  await page.getByRole('link', { name: /个人中心/ }).click();
  await expect(page).toHaveURL(/\/user-center$/);
}

test.describe('tab bar', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, LEVEL0);
  });

  test('opens a tab per visited view and runs every context-menu action', async ({ page }) => {
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });

    await openUserCenter(page);
    await openMenuItem(page, '基础设置', '系统设置');
    await expect(page).toHaveURL(/\/setting$/);
    await expectTabs(page, ['工作台', '个人中心', '基础设置']);
    await expect(tab(page, '基础设置')).toHaveAttribute('aria-selected', 'true');

    // Refresh the personal center: through /redirect/user-center, remounted, data asked again.
    let menu = await openTabMenu(page, '个人中心');
    await expect(menuItem(menu, '刷新')).toBeVisible();
    await shot(page, 'tab-context-menu', { fullPage: false }); // a taller page's full shot resizes the window, which closes the menu
    const reloaded = page.waitForRequest((r) => r.url().endsWith('/api/userBase/queryInfo'));
    await menuItem(menu, '刷新').click();
    await reloaded;
    await expect(page).toHaveURL(/\/user-center$/);
    expect(visited).toContain('/redirect/user-center');
    await expect(page.getByText('账号安全')).toBeVisible();

    // Close the active tab: the last remaining one becomes active.
    menu = await openTabMenu(page, '个人中心');
    await menuItem(menu, '关闭').click();
    await expectTabs(page, ['工作台', '基础设置']);
    await expect(page).toHaveURL(/\/setting$/);

    // Close others keeps the chosen tab and the affixed workbench. Each context menu is opened once
    // the view has loaded, as a person would: a menu opened mid-load can close when the data lands.
    await openUserCenter(page);
    await expectTabs(page, ['工作台', '基础设置', '个人中心']);
    await expect(page.getByText('账号安全')).toBeVisible();
    menu = await openTabMenu(page, '基础设置');
    await menuItem(menu, '关闭其他').click();
    await expectTabs(page, ['工作台', '基础设置']);
    await expect(page).toHaveURL(/\/setting$/);

    // Close all goes home and keeps the workbench, which cannot be closed.
    await openUserCenter(page);
    await expect(page.getByText('账号安全')).toBeVisible();
    menu = await openTabMenu(page, '个人中心');
    await menuItem(menu, '关闭所有').click();
    await expect(page).toHaveURL(/\/$/);
    await expectTabs(page, ['工作台']);
    menu = await openTabMenu(page, '工作台');
    await expect(menuItem(menu, '关闭')).toHaveAttribute('aria-disabled', 'true');
  });

  test('closes a tab with its close button', async ({ page }) => {
    await openUserCenter(page);
    await tabBar(page).getByRole('button', { name: '关闭 个人中心' }).click();
    await expectTabs(page, ['工作台']);
    await expect(page).toHaveURL(/\/$/);
  });

  test('keeps a view mounted while its tab is open, and a refresh starts it afresh', async ({ page }) => {
    await openMenuItem(page, '基础设置', '系统设置');
    const name = page.getByRole('textbox', { name: '站点名称' });
    await name.fill('尚未保存的名称');
    await tab(page, '工作台').click();
    await expect(page).toHaveURL(/\/$/);
    await tab(page, '基础设置').click();
    await expect(name).toHaveValue('尚未保存的名称');

    const menu = await openTabMenu(page, '基础设置');
    await menuItem(menu, '刷新').click();
    await expect(page).toHaveURL(/\/setting$/);
    await expect(page.getByRole('textbox', { name: '站点名称' })).not.toHaveValue('尚未保存的名称');
  });

  test('switches to short titles when the full ones do not fit', async ({ page }) => {
    await openUserCenter(page);
    await openMenuItem(page, '基础设置', '系统设置');
    await expectTabs(page, ['工作台', '个人中心', '基础设置']);
    await sidebar(page).getByRole('menuitem', { name: '代理管理' }).click();
    await expectTabs(page, ['工作台', '个人中心', '基础设置', '代理管理']);
    await sidebar(page).getByRole('menuitem', { name: '运营管理' }).click();
    await sidebar(page).getByRole('menuitem', { name: '短信发件箱' }).click();
    const full = ['工作台', '个人中心', '基础设置', '代理管理', '短信发件箱'];
    await expectTabs(page, full);
    // Below 992 px the sidebar is a drawer: the bar has the whole width, and five tabs still do
    // not fit in 440 px with their full titles.
    await page.setViewportSize({ width: 440, height: 800 });
    await expectTabs(page, ['首页', '个人', '设置', '代理', '短信']);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expectTabs(page, full);
  });

  test('the sidebar collapses and remembers it across reloads', async ({ page }) => {
    await page.getByRole('button', { name: '收起侧边栏' }).click();
    await expect(page.locator('.app-sider')).toHaveClass(/ant-layout-sider-collapsed/);
    await page.reload();
    await expect(page.locator('.app-sider')).toHaveClass(/ant-layout-sider-collapsed/);
    await shot(page, 'sidebar-collapsed');
    await page.getByRole('button', { name: '展开侧边栏' }).click();
    await expect(page.locator('.app-sider')).not.toHaveClass(/ant-layout-sider-collapsed/);
  });
});
