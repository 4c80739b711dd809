import { type Browser, expect, type Page, test } from '@playwright/test';
import { LEVEL0, login, shot } from './helpers';

/*
 * Issue 10 §3: 财务管理 › 成员财务. The operator finds a member, adjusts its balance (调账) with a
 * reason, sees the balance after in the dialog and in the list; the member sees the same balance
 * on its own 财务管理 and its own row (本级) in its 成员财务.
 */
const MEMBER = '13900004004';
const MEMBER_NAME = '朝阳电竞';

// Three logins and a dialog: more than the default minute on a loaded 2-core machine.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function pageAs(browser: Browser, phone: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await login(page, phone);
  await page.goto('/financial-mgt');
  await page.getByRole('tab', { name: '成员财务' }).click();
  await expect(page.locator('.list-page-title', { hasText: '成员财务' })).toBeVisible();
  return page;
}

/** The yuan text of a column of the member's row. */
const cellOf = (page: Page, column: number) =>
  page.locator('.ant-table-row', { hasText: MEMBER_NAME }).locator('td').nth(column);

let balanceAfter = '';

test('the operator adjusts a member’s balance from 成员财务', async ({ browser }) => {
  const page = await pageAs(browser, LEVEL0);
  await expect(page.locator('.list-totals')).toContainText('成员数');
  await shot(page, 'members-operator-list');

  await page.getByRole('textbox', { name: '手机号' }).last().fill(MEMBER);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  const before = ((await cellOf(page, 4).textContent()) ?? '').trim();
  const beforeFen = Math.round(Number(before.replace(/,/g, '')) * 100);

  await page.getByRole('button', { name: '调账' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('adjust-balances')).toContainText(`当前可用余额 ${before} 元`);
  await dialog.getByRole('button', { name: '确定调账' }).click();
  await expect(dialog.getByText('请输入调整金额')).toBeVisible();
  await dialog.getByRole('textbox', { name: '调整金额' }).fill('88.888');
  await expect(dialog.getByText('请输入正确的金额，最多两位小数')).toBeVisible();
  await dialog.getByRole('textbox', { name: '调整金额' }).fill('88.88');
  await dialog.getByRole('textbox', { name: '调整原因' }).fill('十一月活动奖励补发');
  const expected = (beforeFen + 8888) / 100;
  balanceAfter = expected.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(dialog.getByTestId('adjust-balances')).toContainText(`调整后可用余额 ${balanceAfter} 元`);
  await shot(page, 'members-adjust-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: '确定调账' }).click();
  await expect(page.getByText(`调账成功，可用余额 ${balanceAfter} 元`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(cellOf(page, 4)).toHaveText(balanceAfter);
  await shot(page, 'members-operator-adjusted');
  await page.context().close();
});

test('the member sees the adjusted balance on its own 财务管理', async ({ browser }) => {
  const page = await pageAs(browser, MEMBER);
  await expect(page.getByTestId('finance-available')).toContainText(balanceAfter);
  const own = page.locator('.ant-table-row', { hasText: MEMBER_NAME });
  await expect(own).toContainText('本级');
  await expect(cellOf(page, 4)).toHaveText(balanceAfter);
  // A member below level 0 has no 调账.
  await expect(page.getByRole('button', { name: '调账' })).toHaveCount(0);
  await shot(page, 'members-member-view');
  await page.context().close();
});
