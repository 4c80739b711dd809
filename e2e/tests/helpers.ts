import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Demo2026';
/** Demo logins the server creates on first start: level 0, and level 3 on the same chain. */
export const LEVEL0 = '13800000000';
export const LEVEL3 = '13800000003';

const SCREENSHOTS = join(import.meta.dirname, '..', 'screenshots');

/**
 * Waits for the screen to be still: no call or navigation under way (the progress bar, which
 * shows while any is, has gone), no skeleton or spinner on screen, every picture and font loaded.
 * Motion is off (reducedMotion), so nothing else moves.
 */
export async function screenSettled(page: Page): Promise<void> {
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await expect(
    page.locator('.ant-skeleton, .ant-spin-spinning, .anticon-spin').filter({ visible: true }),
  ).toHaveCount(0);
  await page.waitForFunction(
    () => document.fonts.status === 'loaded' && Array.from(document.images).every((img) => img.complete),
  );
}

/**
 * A picture of the screen once it is still, in e2e/screenshots. The whole page by default; the
 * viewport with `fullPage: false` (dialogs and popovers float over it: seen as the user sees them).
 */
export async function shot(
  page: Page,
  name: string,
  { fullPage = true, settled = true } = {},
): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  if (settled) await screenSettled(page);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}

export async function fillLogin(page: Page, phone: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: '手机号' }).fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /登录/ }).click();
}

/** Logs in from the login page and waits for the workbench. */
export async function login(page: Page, phone: string): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, phone, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.app-sider')).toBeVisible();
}

export const sidebar = (page: Page) => page.locator('.sidebar-menu');

/** Clicks a sidebar entry, opening its group first when it is folded (系统设置, 运营管理). */
export async function openMenuItem(page: Page, item: string, group: string): Promise<void> {
  const entry = sidebar(page).getByRole('menuitem', { name: item });
  if (!(await entry.isVisible())) await sidebar(page).getByRole('menuitem', { name: group }).click();
  await entry.click();
}
export const tabBar = (page: Page) => page.locator('.tags-view-bar').first();
export const tab = (page: Page, title: string) => tabBar(page).getByRole('tab', { name: title, exact: true });

/** The tab bar shows exactly these titles, in this order (retried until it does). */
export async function expectTabs(page: Page, titles: string[]): Promise<void> {
  await expect(tabBar(page).getByRole('tab')).toHaveText(titles);
}

/** Right-clicks a tab and returns its context menu, once any earlier menu has gone. */
export async function openTabMenu(page: Page, title: string) {
  const visibleMenus = page.locator('.ant-dropdown-menu:visible');
  await expect(visibleMenus).toHaveCount(0);
  await tab(page, title).click({ button: 'right' });
  await expect(visibleMenus).toHaveCount(1);
  return visibleMenus;
}

export const menuItem = (menu: ReturnType<Page['locator']>, name: string) =>
  menu.getByRole('menuitem', { name, exact: true });
