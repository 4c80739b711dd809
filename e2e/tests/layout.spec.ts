import { expect, type Locator, type Page, test } from '@playwright/test';
import { login, shot, sidebar, tab } from './helpers';

/** The level 2 agent of the demo chain (广东省): its agent list is long enough to scroll. */
const LEVEL2 = '13800000002';

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

async function openAgentList(page: Page): Promise<void> {
  await sidebar(page).getByRole('menuitem', { name: '代理管理' }).click();
  await expect(page).toHaveURL(/\/agent-mgt$/);
  await expect(rows(page).first()).toBeVisible();
}

/** Whether a click at the middle of the element reaches it (nothing drawn over it). */
const onTop = (target: Locator) =>
  target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && el.contains(hit);
  });

test('the header and the tab bar stay above the agent list when it scrolls under them', async ({ page }) => {
  await login(page, LEVEL2);
  await openAgentList(page);
  // Scrolled so that rows, and their fixed 代理ID / 代理名称 / 操作 cells, pass under the tab bar.
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
  const workbench = tab(page, '工作台');
  const firstRow = await rows(page).first().boundingBox();
  const tabBox = await workbench.boundingBox();
  expect(firstRow && tabBox && firstRow.y < tabBox.y).toBe(true);
  expect(await onTop(workbench)).toBe(true);
  expect(await onTop(page.getByRole('button', { name: /^待办事项/ }))).toBe(true);
  await shot(page, 'layout-agent-list-scrolled', { fullPage: false });
  await workbench.click();
  await expect(page).toHaveURL(/\/$/);
});
