import { expect, type Page, test } from '@playwright/test';
import { login, shot } from './helpers';
import { dialog } from './security-helpers';

/** The header's pending-task menu. */
async function openTasks(page: Page) {
  await expect(page.locator('.ant-dropdown-menu:visible')).toHaveCount(0);
  await page.getByRole('button', { name: /^待办事项/ }).click();
  return page.locator('.ant-dropdown-menu:visible');
}

const confirmBox = (page: Page) => page.locator('.ant-modal-confirm:visible');

test('a fresh agent is asked to verify the phone first by the identity, password and withdraw dialogs', async ({
  page,
}) => {
  await login(page, '13800000004');
  await expect(page.getByRole('button', { name: '待办事项 4 项' })).toBeVisible();
  const menu = await openTasks(page);
  await expect(menu.getByRole('menuitem')).toHaveText([
    '验证绑定手机',
    '修改初始密码',
    '身份认证',
    '填写提现信息',
  ]);
  await shot(page, 'security-tasks-menu');
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-dropdown-menu:visible')).toHaveCount(0);

  for (const task of ['身份认证', '修改初始密码', '填写提现信息']) {
    const tasks = await openTasks(page);
    await tasks.getByRole('menuitem', { name: task }).click();
    await expect(confirmBox(page)).toContainText('请先验证手机号');
    await expect(confirmBox(page).getByRole('button', { name: '去验证' })).toBeVisible();
    if (task === '身份认证') await shot(page, 'security-gate-verify-phone');
    await confirmBox(page)
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await expect(confirmBox(page)).toHaveCount(0);
  }

  // 去验证 opens phone verification.
  await (await openTasks(page)).getByRole('menuitem', { name: '身份认证' }).click();
  await confirmBox(page).getByRole('button', { name: '去验证' }).click();
  await expect(dialog(page, '验证绑定手机')).toBeVisible();

  // Task 1 opens it directly.
  await dialog(page, '验证绑定手机')
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await expect(dialog(page, '验证绑定手机')).toBeHidden();
  await (await openTasks(page)).getByRole('menuitem', { name: '验证绑定手机' }).click();
  await expect(dialog(page, '验证绑定手机')).toBeVisible();
});

test('the withdraw dialog warns while the identity is under review', async ({ page }) => {
  await login(page, '13800000002');
  await (await openTasks(page)).getByRole('menuitem', { name: '填写提现信息' }).click();
  await expect(page.getByText('实名认证审核中，请审核通过后再试')).toBeVisible();
  await shot(page, 'security-gate-under-review');
  await expect(dialog(page, '填写提现信息')).toHaveCount(0);
});

test('the withdraw dialog asks for real-name verification when it is not done', async ({ page }) => {
  await login(page, '13800000003');
  await (await openTasks(page)).getByRole('menuitem', { name: '填写提现信息' }).click();
  await expect(confirmBox(page)).toContainText('请先完成实名认证');
  await shot(page, 'security-gate-real-name');
  await confirmBox(page).getByRole('button', { name: '去认证' }).click();
  await expect(dialog(page, '身份认证')).toBeVisible();
  await expect(dialog(page, '身份认证').getByText('填写身份信息')).toBeVisible();
});
