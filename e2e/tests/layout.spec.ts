import { expect, type Locator, type Page, test } from '@playwright/test';
import { LEVEL0, login, shot, sidebar, tab } from './helpers';

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

test('the rows of a list stay where they are when its totals come after them', async ({ page }) => {
  await login(page, LEVEL2);
  // The totals held back until the rows are drawn, under the totals bar's place.
  let release: () => void = () => {};
  const late = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/agent/queryAgentInfoTotal', async (route) => {
    await late;
    await route.continue();
  });
  await openAgentList(page);
  const pending = page.locator('.list-totals-pending');
  await expect(pending).toHaveText('正在统计…');
  const before = await rows(page).first().boundingBox();
  // Not settled: the totals held back keep the progress bar on.
  await shot(page, 'list-totals-pending', { fullPage: false, settled: false });
  release();
  await expect(page.locator('.list-totals')).toContainText('共');
  await expect(pending).toHaveCount(0);
  const after = await rows(page).first().boundingBox();
  expect(after?.y).toBe(before?.y);
});

/**
 * The table of the list on screen shows these column headers whole, inside the viewport, and does
 * not scroll sideways.
 */
async function expectColumnsInView(page: Page, headers: string[]): Promise<void> {
  const scroller = page.locator('.ant-table-content').first();
  const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth, 'the table scrolls sideways').toBeLessThanOrEqual(clientWidth);
  const view = page.viewportSize();
  const box = await scroller.boundingBox();
  for (const title of headers) {
    const th = page.locator('.ant-table-thead th').filter({ hasText: new RegExp(`^${title}$`) });
    await expect(th).toHaveCount(1);
    const cell = await th.boundingBox();
    expect(cell && box && view, title).toBeTruthy();
    if (!cell || !box || !view) continue;
    expect(cell.x, title).toBeGreaterThanOrEqual(box.x - 1);
    expect(cell.x + cell.width, title).toBeLessThanOrEqual(Math.min(box.x + box.width, view.width) + 1);
  }
}

test('at 1440×900 the agent list shows every column without a sideways scroll', async ({ page }) => {
  expect(page.viewportSize()).toEqual({ width: 1440, height: 900 });
  await login(page, LEVEL2);
  await openAgentList(page);
  await expectColumnsInView(page, [
    '代理ID',
    '代理名称',
    '代理等级',
    '手机号',
    '代理地区',
    '分润设置',
    '下级代理数',
    '网吧数',
    '账号完善',
    '创建时间',
    '备注',
    '操作',
  ]);
  // A remark longer than its column is cut, and shows whole in a tooltip.
  const remark = '推广员，负责科技园片区网吧';
  const cell = rows(page).filter({ hasText: '陈晓明' }).getByText(remark, { exact: true });
  await expect(cell).toBeVisible();
  const td = rows(page).filter({ hasText: '陈晓明' }).locator('td').filter({ hasText: remark });
  expect(await td.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await cell.hover();
  await expect(page.locator('.ant-tooltip:visible')).toHaveText(remark);
  await shot(page, 'layout-agent-list-1440', { fullPage: false });
});

test('at 1440×900 the identity review shows every column without a sideways scroll', async ({ page }) => {
  await login(page, LEVEL0);
  await page.goto('/real-name-review');
  await expect(rows(page).first()).toBeVisible();
  await expectColumnsInView(page, [
    '代理商',
    '等级',
    '手机号',
    '姓名',
    '身份证号',
    '证件照片',
    '状态',
    '驳回原因',
    '提交时间',
    '审核时间',
    '操作',
  ]);
  await shot(page, 'layout-real-name-review-1440', { fullPage: false });
});

/** The tab of the screen shown; its `title` is the full title whatever the bar shows. */
const activeTab = (page: Page) => page.locator('.tags-view-bar').first().locator('[aria-selected="true"]');

/**
 * Opens a screen from the drawer's menu (a group first, when the screen is in one) and waits for
 * its tab: a click while a screen still loads would replace that navigation, as in any browser.
 */
async function openFromDrawer(page: Page, item: string, group?: string): Promise<void> {
  await page.getByRole('button', { name: '打开菜单' }).click();
  const drawer = page.getByRole('dialog', { name: '菜单' });
  await expect(drawer).toBeVisible();
  if (group && !(await drawer.getByRole('menuitem', { name: item }).isVisible())) {
    await drawer.getByRole('menuitem', { name: group }).click();
  }
  await drawer.getByRole('menuitem', { name: item }).click();
  await expect(drawer).toBeHidden();
  await expect(activeTab(page)).toHaveAttribute('title', item);
}

/** Whether the element lies whole inside the tab bar's visible part. */
const inBar = (target: Locator) =>
  target.evaluate((el) => {
    const bar = el.closest('.tags-view-bar');
    if (!bar) return false;
    const r = el.getBoundingClientRect();
    const b = bar.getBoundingClientRect();
    return r.left >= b.left - 1 && r.right <= b.right + 1;
  });

test('below 992 px the sidebar is a drawer opened from the header, and the tab bar scrolls sideways', async ({
  page,
}) => {
  await login(page, LEVEL0);
  await page.setViewportSize({ width: 800, height: 900 });
  // No sidebar beside the page: the header, the tabs and the screen take the whole width.
  await expect(page.locator('.app-sider')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '收起侧边栏' })).toHaveCount(0);
  const main = await page.locator('.app-main').boundingBox();
  expect(main?.x).toBe(0);
  expect(main?.width).toBe(800);
  await shot(page, 'layout-800-workbench', { fullPage: false });

  // The header's menu button opens the menu in a drawer; a choice goes there and closes it.
  await page.getByRole('button', { name: '打开菜单' }).click();
  const drawer = page.getByRole('dialog', { name: '菜单' });
  await expect(drawer.getByRole('menuitem', { name: '代理管理' })).toBeVisible();
  await shot(page, 'layout-800-drawer', { fullPage: false });
  await drawer.getByRole('menuitem', { name: '代理管理' }).click();
  await expect(page).toHaveURL(/\/agent-mgt$/);
  await expect(drawer).toBeHidden();
  await expect(rows(page).first()).toBeVisible();

  // Every screen the operator has, each in its tab: the tab of the screen shown is always in view.
  await openFromDrawer(page, '基础设置', '系统设置');
  await expect(page).toHaveURL(/\/setting$/);
  await openFromDrawer(page, '实名审核', '运营管理');
  await expect(page).toHaveURL(/\/real-name-review$/);
  await openFromDrawer(page, '短信发件箱', '运营管理');
  await expect(page).toHaveURL(/\/sms-outbox$/);
  await page.getByRole('link', { name: /个人中心/ }).click();
  await expect(page).toHaveURL(/\/user-center$/);
  await expect(activeTab(page)).toHaveAttribute('title', '个人中心');
  const tabs = page.locator('.tags-view-bar').first().getByRole('tab');
  await expect(tabs).toHaveCount(6);
  for (const t of await tabs.all()) expect(await inBar(t)).toBe(true);
  await shot(page, 'layout-800-tabs', { fullPage: false });

  // Narrower still, the tabs (short titles) overflow: the bar scrolls sideways, showing the active
  // tab; the wheel over it scrolls back to the first.
  await page.setViewportSize({ width: 360, height: 800 });
  const bar = page.locator('.tags-view-bar').first();
  await expect.poll(() => bar.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const active = bar.locator('[aria-selected="true"]');
  await expect(active).toHaveText('个人');
  await expect.poll(() => inBar(active)).toBe(true);
  expect(await inBar(tabs.first())).toBe(false);
  await shot(page, 'layout-360-tabs-end', { fullPage: false });
  await bar.hover();
  await page.mouse.wheel(0, -2000);
  await expect.poll(() => bar.evaluate((el) => el.scrollLeft)).toBe(0);
  expect(await inBar(tabs.first())).toBe(true);
  await shot(page, 'layout-360-tabs-start', { fullPage: false });
  await tabs.first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(activeTab(page)).toHaveAttribute('title', '工作台');
  expect(await inBar(activeTab(page))).toBe(true);
});
