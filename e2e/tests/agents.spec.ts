import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { LEVEL0, login, shot, sidebar } from './helpers';
import { operatorApi } from './security-helpers';

/** Dialogs and popovers float over the viewport: a picture of the viewport shows them as seen. */
const shotView = (page: Page, name: string) => shot(page, name, { fullPage: false });

/** The level 2 agent of the demo chain (广东省); 13800000003's agent (深圳市) below it has sub-agents. */
const LEVEL2 = '13800000002';
const WITH_CHILDREN = '鹏城电竞网咖联盟';
const NEW_NAME = '测试深圳代理';
/** The promoter (level 5) at the end of the demo chain. */
const PROMOTER = '13800000005';

const table = (page: Page) => page.locator('.ant-table-tbody');
const rowOf = (page: Page, name: string) => table(page).locator('tr.ant-table-row').filter({ hasText: name });
const formItem = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator(`label:text-is("${label}")`) });
const visibleDropdown = (page: Page, cls: string) =>
  page.locator(`.${cls}:not(.ant-select-dropdown-hidden):visible`);
/** A node of the open agent tree select, by its title. */
const treeTitle = (page: Page, name: string) =>
  page.locator('.ant-select-tree-title:visible').filter({ hasText: name });
const treeNode = (page: Page, name: string) =>
  page.locator('.ant-select-tree-treenode:visible').filter({ has: treeTitle(page, name) });
const treeFilter = (page: Page) =>
  page.locator('.list-filters').locator('.ant-form-item').filter({ hasText: '所属代理' });

async function openAgentMgt(page: Page): Promise<void> {
  await login(page, LEVEL2);
  await sidebar(page).getByRole('menuitem', { name: '代理管理' }).click();
  await expect(page).toHaveURL(/\/agent-mgt$/);
  await expect(table(page).locator('tr.ant-table-row').first()).toBeVisible();
}

/** The list ignores a new query while one is loading (spec section 4): wait for it to settle. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('.ant-table .ant-spin-spinning')).toHaveCount(0);
}

/** Clicks a filter button and waits for the list load it starts. */
async function loadWith(page: Page, button: RegExp): Promise<void> {
  await settled(page);
  const loaded = page.waitForResponse((r) => r.url().endsWith('/api/agent/queryAgentInfoPage'));
  await page.getByRole('button', { name: button }).click();
  await loaded;
  await settled(page);
}

/** Runs a pager action and waits for the list load it starts (a click mid-load is ignored, by spec). */
async function pageWith(page: Page, action: () => Promise<void>): Promise<void> {
  await settled(page);
  const loaded = page.waitForResponse((r) => r.url().endsWith('/api/agent/queryAgentInfoPage'));
  await action();
  await loaded;
  await settled(page);
}

const search = (page: Page) => loadWith(page, /查\s*询/);
const reset = (page: Page) => loadWith(page, /重\s*置/);

test('a level 2 agent creates, finds, inspects, edits and deletes sub-agents', async ({ page }) => {
  // The longest walk of the suite (about 25 s on a quiet machine): room for a loaded one.
  test.setTimeout(150_000);
  // A phone no account has yet (a deleted agent keeps its phone registered, so each run takes a new one).
  const NEW_PHONE = `137${String(Date.now()).slice(-8)}`;
  await openAgentMgt(page);
  await expect(page.locator('.list-pager-total')).toContainText(/共 \d+ 条/);
  await shot(page, 'agents-list');

  // Create a city agent under itself, with an area and ratios.
  await page.getByRole('button', { name: /新增代理/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增代理' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请输入手机号')).toBeVisible();
  await expect(dialog.getByText('请输入初始密码')).toBeVisible();

  await dialog.getByRole('textbox', { name: '手机号' }).fill('12345');
  await expect(dialog.getByText('手机号不正确')).toBeVisible();
  // A phone that already has an account is refused as soon as the field is left.
  await dialog.getByRole('textbox', { name: '手机号' }).fill('13800000004');
  await dialog.getByLabel('初始密码').click();
  await expect(dialog.getByText('该手机号已注册，请更换手机号')).toBeVisible();
  await dialog.getByRole('textbox', { name: '手机号' }).fill(NEW_PHONE);
  await dialog.getByLabel('初始密码').fill('abc');
  await expect(dialog.getByText('请输入6-20位数字字母组合')).toBeVisible();
  await dialog.getByLabel('初始密码').fill('Shenzhen2026');
  await dialog.getByRole('textbox', { name: '代理名称' }).fill(NEW_NAME);
  await expect(formItem(dialog, '代理等级')).toContainText('市级代理');

  // Below level 1 an agent needs an area: the label carries the required mark, and saving
  // without one is refused.
  await expect(formItem(dialog, '代理地区').locator('label')).toHaveClass(/ant-form-item-required/);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请选择代理地区')).toBeVisible();
  await shotView(page, 'agents-create-area-required');

  // The parent's area tree loads with the dialog; the cascader is disabled until it is there.
  await expect(formItem(dialog, '代理地区').locator('.ant-select-disabled')).toHaveCount(0);
  const areaMenu = visibleDropdown(page, 'ant-cascader-dropdown');
  const shenzhen = areaMenu
    .locator('.ant-cascader-menu-item', { hasText: '深圳市' })
    .locator('.ant-cascader-checkbox');
  // The menu may still be animating in, or a click on a loaded machine may have opened nothing:
  // open it while it is not there, and click the province until its cities show.
  await expect(async () => {
    if ((await areaMenu.count()) === 0) await formItem(dialog, '代理地区').locator('.ant-select').click();
    await areaMenu.locator('.ant-cascader-menu-item', { hasText: '广东省' }).click({ timeout: 2000 });
    await expect(shenzhen).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(async () => {
    if (!(await shenzhen.evaluate((el) => el.classList.contains('ant-cascader-checkbox-checked')))) {
      await shenzhen.click();
    }
    await expect(shenzhen).toHaveClass(/ant-cascader-checkbox-checked/, { timeout: 1000 });
  }).toPass();
  await page.keyboard.press('Escape');
  await expect(formItem(dialog, '代理地区')).toContainText('深圳市');

  // Percentages never go above the parent's (70 % for this agent) and keep two decimals.
  const proportion = dialog.getByLabel('分润比例', { exact: true });
  await proportion.fill('150');
  await expect(proportion).toHaveValue('70');
  await proportion.fill('50.456');
  await expect(proportion).toHaveValue('50.45');
  await dialog.getByLabel('基础分润比例', { exact: true }).fill('12');
  await dialog.getByLabel('王者荣耀分润', { exact: true }).fill('15.5');
  await shotView(page, 'agents-create-dialog');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('创建成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  // It is in the list, with its level, area and ratios.
  const created = rowOf(page, NEW_NAME);
  await expect(created).toBeVisible();
  await expect(created).toContainText('市级代理');
  await expect(created).toContainText(`137****${NEW_PHONE.slice(-4)}`);
  await expect(created).toContainText('广东省-深圳市');
  await expect(created).toContainText('50.45%');
  await expect(created).toContainText('王者荣耀：15.50%');

  // Filter by area: 广东省 / 深圳市 (any level may be chosen).
  const areaSelect = page
    .locator('.list-filters')
    .locator('.ant-form-item', { hasText: '地区' })
    .locator('.ant-select');
  const areaFilter = visibleDropdown(page, 'ant-cascader-dropdown');
  // As above: open the menu while it is not there (a click while its code arrives may open nothing).
  await expect(async () => {
    if ((await areaFilter.count()) === 0) await areaSelect.click();
    await areaFilter.locator('.ant-cascader-menu-item', { hasText: '广东省' }).click({ timeout: 2000 });
    await expect(areaFilter.locator('.ant-cascader-menu-item', { hasText: '深圳市' })).toBeVisible({
      timeout: 1000,
    });
  }).toPass();
  await areaFilter.locator('.ant-cascader-menu-item', { hasText: '深圳市' }).click();
  await shotView(page, 'agents-filter-area');
  await page.keyboard.press('Escape');
  await search(page);
  await expect(page).toHaveURL(/areaKey=440000-440300/);
  await expect(rowOf(page, NEW_NAME)).toBeVisible();
  await expect(rowOf(page, '羊城电竞')).toHaveCount(0);
  for (const areas of await table(page).locator('tr.ant-table-row td:nth-child(5)').allTextContents()) {
    expect(areas).toContain('深圳市');
  }

  // Filter by the agent tree: the subtree of the Shenzhen agent, which has sub-agents. The tree
  // loads level by level: the agent's own sub-agents first, a node's when it is opened.
  await reset(page);
  await expect(page).toHaveURL(/\/agent-mgt$/);
  const treeInput = page.locator('.list-filters').getByRole('combobox', { name: '所属代理' });
  await treeInput.click();
  await expect(treeTitle(page, '本级')).toBeVisible();
  await expect(treeTitle(page, WITH_CHILDREN)).toBeVisible();
  await expect(treeTitle(page, '南山科技园网咖')).toHaveCount(0);
  const level = page.waitForResponse((r) => r.url().endsWith('/api/agent/queryAgentTreeNodes'));
  await treeNode(page, WITH_CHILDREN).locator('.ant-select-tree-switcher').click();
  await level;
  await expect(treeTitle(page, '南山科技园网咖')).toBeVisible();
  await expect(treeTitle(page, '福田网咖联盟')).toBeVisible();
  await shotView(page, 'agents-filter-tree');
  // Typing searches the server after a pause: a deeper agent shows in place, under the agents above it.
  const found = page.waitForResponse((r) => r.url().endsWith('/api/agent/searchAgentTreeNodes'));
  await treeInput.fill('晓明');
  expect((await (await found).json()).object).toHaveLength(1);
  await expect(treeTitle(page, '陈晓明')).toBeVisible();
  await expect(treeTitle(page, '南山科技园网咖')).toBeVisible();
  await expect(treeTitle(page, '福田网咖联盟')).toHaveCount(0);
  await shotView(page, 'agents-filter-tree-search');
  await treeInput.fill('鹏城');
  await expect(treeTitle(page, WITH_CHILDREN)).toBeVisible();
  await expect(treeTitle(page, '羊城电竞')).toHaveCount(0);
  await treeTitle(page, WITH_CHILDREN).click();
  await search(page);
  await expect(page).toHaveURL(/pid=\d+/);
  await expect(rowOf(page, '南山科技园网咖')).toBeVisible();
  await expect(rowOf(page, NEW_NAME)).toHaveCount(0);
  await expect(rowOf(page, '羊城电竞')).toHaveCount(0);
  await expect(rowOf(page, '天河电竞馆')).toHaveCount(0);

  // The detail popover on the name.
  await reset(page);
  await page.locator('.list-filters').getByRole('textbox', { name: '代理名称' }).fill(NEW_NAME);
  await search(page);
  await expect(table(page).locator('tr.ant-table-row')).toHaveCount(1);
  await rowOf(page, NEW_NAME).locator('.agent-detail-trigger').first().hover();
  const popover = page.locator('.ant-popover:visible');
  await expect(popover).toContainText('代理详情');
  await expect(popover).toContainText('市级代理');
  await expect(popover).toContainText('广东省-深圳市');
  await expect(popover).toContainText('50.45%');
  await expect(popover).toContainText('12.00%');
  await expect(popover).toContainText('王者荣耀：15.50%');
  await shotView(page, 'agents-popover');
  await page.mouse.move(5, 890);
  await expect(popover).toHaveCount(0);

  // Edit: a new name and proportion.
  await rowOf(page, NEW_NAME)
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  const edit = page.getByRole('dialog', { name: '编辑代理' });
  await expect(edit.getByRole('textbox', { name: '代理名称' })).toHaveValue(NEW_NAME);
  await expect(edit.getByLabel('分润比例', { exact: true })).toHaveValue('50.45');
  await edit.getByRole('textbox', { name: '代理名称' }).fill(`${NEW_NAME}二`);
  await edit.getByLabel('分润比例', { exact: true }).fill('45');
  await edit.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await reset(page);
  const edited = rowOf(page, `${NEW_NAME}二`);
  await expect(edited).toContainText('45.00%');

  // Deleting an agent that has sub-agents is refused with the server's reason.
  const parentRow = rowOf(page, WITH_CHILDREN);
  await parentRow.getByRole('button', { name: /删\s*除/ }).click();
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.locator('.ant-message-error')).toContainText('下级代理');
  await shotView(page, 'agents-delete-refused');
  await expect(rowOf(page, WITH_CHILDREN)).toBeVisible();

  // One without sub-agents, net bars or money goes.
  await edited.getByRole('button', { name: /删\s*除/ }).click();
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(rowOf(page, `${NEW_NAME}二`)).toHaveCount(0);
});

test('the list shows its totals, sorts by a column and exports the filtered list as .xlsx', async ({
  page,
}) => {
  await openAgentMgt(page);
  const totals = page.locator('.list-totals');
  await expect(totals).toContainText(/共 \d+ 个代理/);
  await expect(totals).toContainText('市级代理');

  // A sortable header: ascending ids, kept in the URL.
  await pageWith(page, () => page.locator('th', { hasText: '代理ID' }).click());
  await expect(page).toHaveURL(/orderBy=id&order=asc/);
  const ids = (await table(page).locator('tr.ant-table-row td:nth-child(1)').allTextContents()).map(Number);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));

  // The export of the filtered list: the file arrives and the console says it has started.
  await page.locator('.list-filters').getByRole('textbox', { name: '代理名称' }).fill('网咖');
  await search(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^代理列表-\d{8}-\d{6}\.xlsx$/);
  expect(new URL(file.url()).searchParams.get('agentName')).toBe('网咖');
  await expect(page.getByText('导出已开始')).toBeVisible();
  await expect(page.getByRole('button', { name: /导\s*出/ })).toBeEnabled();
  const bytes = readFileSync(await file.path());
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  await shot(page, 'agents-totals-export');
});

/** An agent's id, as the operator (who sees every agent) finds it by name. */
async function agentIdNamed(baseURL: string | undefined, name: string): Promise<number> {
  const api = await operatorApi(String(baseURL));
  const res = await api.post('/api/agent/searchAgentTreeNodes', { data: { keyword: name } });
  const match = ((await res.json()).object as { id: number; label: string }[]).find((n) => n.label === name);
  await api.dispose();
  if (!match) throw new Error(`no agent named ${name}`);
  return match.id;
}

test('an agent filter restored from the URL shows the agent in place, by name', async ({ page, baseURL }) => {
  const chen = await agentIdNamed(baseURL, '陈晓明');
  await login(page, LEVEL2);
  await page.goto(`/agent-mgt?pid=${chen}`);
  await expect(rowOf(page, '陈晓明')).toBeVisible();
  await expect(table(page).locator('tr.ant-table-row')).toHaveCount(1);
  // The name, looked up by id, never the bare id.
  await expect(treeFilter(page).locator('.ant-select-content')).toHaveAttribute('title', '陈晓明');
  await expect(treeFilter(page)).not.toContainText(String(chen));
  await treeFilter(page).getByRole('combobox', { name: '所属代理' }).click();
  await expect(treeTitle(page, '陈晓明')).toBeVisible();
  await expect(treeNode(page, '陈晓明')).toHaveClass(/ant-select-tree-treenode-selected/);
  await expect(treeTitle(page, '南山科技园网咖')).toBeVisible();
  await shotView(page, 'agents-filter-tree-restored');
});

test('an agent filter outside the subtree is said and reset, not shown as an id', async ({
  page,
  baseURL,
}) => {
  // 钱塘网络科技 (浙江) is not below the 广东 agent.
  const outsider = await agentIdNamed(baseURL, '钱塘网络科技');
  await login(page, LEVEL2);
  await page.goto(`/agent-mgt?pid=${outsider}&agentLevel=3`);
  await expect(page.locator('.ant-message-warning')).toContainText('所选代理不存在或不在您的下级中');
  await expect(page).toHaveURL(/\/agent-mgt\?agentLevel=3$/);
  await expect(treeFilter(page)).not.toContainText(String(outsider));
  await expect(treeFilter(page).locator('.ant-select-placeholder')).toHaveText('请选择代理');
  await expect(table(page).locator('tr.ant-table-row').first()).toBeVisible();
  await expect(page.locator('.list-filters')).toContainText('市级代理');
  await shotView(page, 'agents-filter-unavailable');
});

test('the list keeps its filters and page in the URL', async ({ page }) => {
  await login(page, LEVEL2);
  await page.goto('/agent-mgt?agentLevel=5&pageSize=50');
  await expect(table(page).locator('tr.ant-table-row').first()).toBeVisible();
  await expect(page.locator('.list-filters')).toContainText('推广员');
  for (const level of await table(page).locator('tr.ant-table-row td:nth-child(3)').allTextContents()) {
    expect(level).toBe('推广员');
  }
  await expect(page.locator('.list-pager-size')).toContainText('50 条/页');
});

test('the operator pages through its agents; the page and size go into the URL', async ({ page }) => {
  await login(page, LEVEL0);
  await sidebar(page).getByRole('menuitem', { name: '代理管理' }).click();
  await expect(table(page).locator('tr.ant-table-row')).toHaveCount(30);
  const total = Number(
    (await page.locator('.list-pager-total').textContent())?.match(/共 (\d+) 条/)?.[1] ?? 0,
  );
  expect(total).toBeGreaterThan(200);
  const pager = page.getByRole('navigation', { name: '分页' });
  const pageButtons = pager.getByRole('button', { name: /^第 \d+ 页$/ });
  // Five pager buttons on every page (spec section 9): the first and last always.
  await expect(pageButtons).toHaveText(['1', '2', '3', '4', String(Math.ceil(total / 30))]);
  await pageWith(page, () => pager.getByRole('button', { name: '第 3 页' }).click());
  await expect(page).toHaveURL(/pageNum=3/);
  await pageWith(page, () => pager.getByRole('button', { name: '第 4 页' }).click());
  await expect(page).toHaveURL(/pageNum=4/);
  await expect(pager.locator('[aria-current="page"]')).toHaveText('4');
  await expect(pageButtons).toHaveCount(5);
  const jumper = pager.getByRole('textbox', { name: '跳至页码' });
  await jumper.fill('8');
  await pageWith(page, () => jumper.press('Enter'));
  await expect(page).toHaveURL(/pageNum=8/);
  await expect(pager.locator('[aria-current="page"]')).toHaveText('8');
  await pageWith(page, () => pager.getByRole('button', { name: '向前 3 页' }).click());
  await expect(page).toHaveURL(/pageNum=5/);
  await pageWith(page, async () => {
    await pager.locator('.list-pager-size').click();
    await page.locator('.ant-select-item-option', { hasText: '50 条/页' }).click();
  });
  await expect(page).toHaveURL(/pageSize=50/);
  await expect(page).not.toHaveURL(/pageNum=/);
  await expect(table(page).locator('tr.ant-table-row')).toHaveCount(50);
  // The pager sits at the bottom: back to the top so the full-page picture shows the fixed header in place.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'agents-list-level0');
});

test('a promoter has no agent management: no menu item, and the 404 page by URL', async ({ page }) => {
  await login(page, PROMOTER);
  await expect(sidebar(page).getByRole('menuitem', { name: '工作台' })).toBeVisible();
  await expect(sidebar(page).getByRole('menuitem', { name: '代理管理' })).toHaveCount(0);
  await page.goto('/agent-mgt');
  await expect(page).toHaveURL(/\/404$/);
});
