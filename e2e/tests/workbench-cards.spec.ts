import { expect, type Locator, type Page, test } from '@playwright/test';
import { LEVEL0, login, shot } from './helpers';

/**
 * The workbench's cards (issue 11 §2) on the demo world and its week of traffic: the totals with
 * their figures and trend, the first rows of the lists, the parts still to come; each card only
 * for an agent that may see its screen. Pictures at 1366×768 and 1920×1080.
 */

const LEVEL4 = '13800000004';

const card = (page: Page, testId: string) => page.getByTestId(testId);
/** A list card's rows (not its empty-state row). */
const rows = (scope: Locator) => scope.locator('.mini-table tbody tr:not(:has(.mini-table-empty))');
const figure = (scope: Locator, measure: string, period: string) =>
  scope.locator(`tr[data-measure="${measure}"] td[data-period="${period}"]`);

/** A totals card shows today, yesterday and this month as numbers (amounts in yuan, two decimals), and its trend. */
async function expectTotals(page: Page, testId: string, href: string): Promise<void> {
  const totals = card(page, testId);
  await expect(figure(totals, 'orders', 'today')).toHaveText(/^[\d,]+$/);
  for (const period of ['today', 'yesterday', 'thisMonth']) {
    await expect(figure(totals, 'orders', period)).toHaveText(/^[\d,]+$/);
    await expect(figure(totals, 'paid', period)).toHaveText(/^[\d,]+\.\d\d$/);
    await expect(figure(totals, 'earnings', period)).toHaveText(/^-?[\d,]+\.\d\d$/);
  }
  await expect(totals.getByRole('img', { name: /^近30天支付金额\(元\)：/ })).toBeVisible();
  await expect(totals.getByRole('link', { name: /查看统计/ })).toHaveAttribute('href', href);
}

/** A list card with rows, its count and its link. */
async function expectRows(page: Page, testId: string, href: RegExp): Promise<void> {
  const list = card(page, testId);
  await expect(rows(list).first()).toBeVisible();
  expect(await rows(list).count()).toBeLessThanOrEqual(5);
  await expect(list.getByText(/^共 [\d,]+ 条$/)).toBeVisible();
  await expect(list.getByRole('link', { name: /查看全部/ })).toHaveAttribute('href', href);
}

/** Pictures of the workbench at the two screen sizes the layout is made for: the screen as shown, and the whole page. */
async function pictures(page: Page, who: string): Promise<void> {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    // From the top: the header and the sidebar stay in view while the page scrolls.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(card(page, 'home-stats-all')).toBeVisible();
    await shot(page, `workbench-cards-${who}-${width}`, { fullPage: false });
    await shot(page, `workbench-cards-${who}-${width}-full`);
  }
}

/**
 * The totals come from rollups a catch-up step keeps after the server starts: until its first
 * round they are zeros and the workbench says 数据尚未统计. Wait for the round, as a user reloading.
 */
async function countedTotals(page: Page): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/^数据更新于 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)).toBeVisible({
      timeout: 5_000,
    });
  }).toPass({ timeout: 60_000 });
}

test('the operator’s workbench: every totals card, its lists with rows, the parts still to come', async ({
  page,
}) => {
  await login(page, LEVEL0);
  await countedTotals(page);
  await expectTotals(page, 'home-stats-all', '/summary-stats');
  await expectTotals(page, 'home-stats-web', '/web-summary-stats');
  await expectTotals(page, 'home-stats-app', '/APP-summary-stats');

  // Its own card and its finance.
  await expect(page.getByText('我的代理信息')).toBeVisible();
  const finance = card(page, 'workbench-finance');
  await expect(finance.getByTestId('workbench-finance-available')).toContainText(/[\d,]+\.\d\d/);
  await expect(finance.getByTestId('workbench-finance-frozen')).toContainText(/[\d,]+\.\d\d/);
  await expect(finance.getByRole('link', { name: /查看全部/ })).toHaveAttribute('href', '/financial-mgt');

  await expectRows(page, 'workbench-agents', /^\/agent-mgt$/);
  await expectRows(page, 'workbench-users', /^\/user-details$/);
  await expectRows(page, 'workbench-orders', /^\/order-details$/);
  await expectRows(page, 'workbench-net-bars', /^\/web-mgt\?startTime=.+&endTime=.+&terminal=3$/);
  await expectRows(page, 'workbench-fund-details', /^\/amount-details$/);
  // Valid devices depend on the devices the traffic reported: the card is there, with rows or its empty text.
  await expect(
    rows(card(page, 'workbench-devices')).first().or(card(page, 'workbench-devices').getByText('暂无数据')),
  ).toBeVisible();

  for (const title of ['置顶商品', '推广模块', '新闻与弹窗']) {
    const later = page.getByTestId('workbench-coming-soon').filter({ hasText: title });
    await expect(later).toContainText('该功能即将上线');
  }
  // Nothing failed.
  await expect(page.getByText('加载失败')).toHaveCount(0);

  // 查看全部 opens the list's screen.
  await card(page, 'workbench-agents')
    .getByRole('link', { name: /查看全部/ })
    .click();
  await expect(page).toHaveURL(/\/agent-mgt$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);

  await pictures(page, 'level0');
});

test('a level 4 agent’s workbench: only the cards of the screens it may see', async ({ page }) => {
  await login(page, LEVEL4);
  await countedTotals(page);
  await expectTotals(page, 'home-stats-all', '/summary-stats');
  await expectTotals(page, 'home-stats-web', '/web-summary-stats');
  // No xuanhaoApp, no member finance menu, no settle authority, not level 0.
  await expect(card(page, 'home-stats-app')).toHaveCount(0);
  await expectRows(page, 'workbench-agents', /^\/agent-mgt$/);
  await expectRows(page, 'workbench-users', /^\/user-details$/);
  await expectRows(page, 'workbench-orders', /^\/order-details$/);
  await expectRows(page, 'workbench-net-bars', /^\/web-mgt\?/);
  await expect(card(page, 'workbench-fund-details')).toHaveCount(0);
  await expect(card(page, 'workbench-devices')).toHaveCount(0);
  await expect(page.getByTestId('workbench-coming-soon')).toHaveCount(2);
  await expect(page.getByText('置顶商品')).toHaveCount(0);
  await expect(page.getByText('加载失败')).toHaveCount(0);

  await pictures(page, 'level4');
});

test('a cold load of the workbench draws its totals from the page itself: no call before them', async ({
  page,
}) => {
  await login(page, LEVEL0);
  await countedTotals(page);
  const calls: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  await page.reload();
  const today = figure(card(page, 'home-stats-all'), 'orders', 'today');
  await expect(today).toHaveText(/^[\d,]+$/);
  const before = [...calls];
  // The page brought the login state, the agent info, the tasks and the totals (its boot answers).
  for (const path of [
    '/api/userBase/isLogin',
    '/api/agent/query',
    '/api/task/queryUnFinishedTask',
    '/api/home/statisticsCount',
    '/api/home/webStatisticsCount',
    '/api/home/appStatisticsCount',
    '/api/home/workbenchUpdateTime',
  ])
    expect(before, path).not.toContain(path);
  // They are the calls' own figures.
  const reply = await page.request.post('/api/home/statisticsCount', { data: {} });
  const { object } = (await reply.json()) as { object: { today: { orderCount: number } } };
  await expect(today).toHaveText(object.today.orderCount.toLocaleString('zh-CN'));
  await expect(page.getByText('加载失败')).toHaveCount(0);
});

const TODAY_ORDERS = '[data-testid="home-stats-all"] tr[data-measure="orders"] td[data-period="today"]';

test('the server draws the workbench, and the console takes the drawing over as it is', async ({
  page,
  browser,
}) => {
  for (const phone of [LEVEL0, LEVEL4]) {
    await login(page, phone);
    await countedTotals(page);
    const storageState = await page.context().storageState();
    const reply = await page.request.post('/api/home/statisticsCount', { data: {} });
    const { object } = (await reply.json()) as { object: { today: { orderCount: number } } };
    const orders = object.today.orderCount.toLocaleString('zh-CN');

    // Without scripts: the page itself holds the screen, its figures, its tab and its links.
    const still = await browser.newContext({ storageState, javaScriptEnabled: false });
    const drawn = await still.newPage();
    await drawn.setViewportSize({ width: 1366, height: 768 });
    await drawn.goto('/');
    await expect(drawn.locator(TODAY_ORDERS)).toHaveText(orders);
    await expect(drawn.locator('#root')).toHaveAttribute('data-first-screen', '');
    await expect(drawn.locator('.tags-view-bar').getByRole('tab', { name: '工作台' })).toBeVisible();
    await expect(drawn.getByTestId('home-stats-all').getByRole('link', { name: /查看统计/ })).toHaveAttribute(
      'href',
      '/summary-stats',
    );
    await expect(drawn.getByTestId('home-stats-app')).toHaveCount(phone === LEVEL0 ? 1 : 0);
    // Its list cards stay skeletons: they load their rows with the scripts.
    await shot(drawn, `workbench-first-screen-${phone === LEVEL0 ? 'level0' : 'level4'}-no-scripts`, {
      fullPage: false,
      settled: false,
    });
    await still.close();

    // With them: the console takes the drawing over, keeping its elements (nothing drawn again),
    // or, where the system asks for reduced motion (antd's tree is not the one the server drew),
    // draws the same screen again in its place; either way without a word in the console, and works.
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const live = await browser.newContext({ storageState, reducedMotion });
      const screen = await live.newPage();
      const problems: string[] = [];
      screen.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
      });
      screen.on('pageerror', (e) => problems.push(String(e)));
      await screen.addInitScript((selector) => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { drawnFigure: Element | null }).drawnFigure =
            document.querySelector(selector);
        });
      }, TODAY_ORDERS);
      await screen.goto('/');
      await expect(screen.locator('#root')).not.toHaveAttribute('data-first-screen');
      const kept = await screen.evaluate(
        (selector) =>
          (window as unknown as { drawnFigure: Element | null }).drawnFigure ===
          document.querySelector(selector),
        TODAY_ORDERS,
      );
      expect(kept, reducedMotion).toBe(reducedMotion === 'no-preference');
      await expect(screen.locator(TODAY_ORDERS)).toHaveText(orders);
      await expect(rows(card(screen, 'workbench-users')).first()).toBeVisible();
      await screen
        .getByRole('link', { name: /查看统计/ })
        .first()
        .click();
      await expect(screen).toHaveURL(/\/summary-stats$/);
      await expect(
        screen.locator('.tags-view-bar').getByRole('tab', { name: '客户端数据统计' }),
      ).toBeVisible();
      expect(problems, reducedMotion).toEqual([]);
      await live.close();
    }
    await page.context().clearCookies();
  }
});
