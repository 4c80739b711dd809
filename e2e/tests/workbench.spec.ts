import { expect, type Page, test } from '@playwright/test';
import { login, shot } from './helpers';
import { dialog } from './security-helpers';

/** The workbench's 账号完善 card. */
const onboarding = (page: Page) => page.locator('.ant-card').filter({ hasText: '账号完善进度' }).last();
const confirmBox = (page: Page) => page.locator('.ant-modal-confirm:visible');

test('the workbench’s 账号完善 items open their dialogs, as the bell’s do', async ({ page }) => {
  // A fresh level 4 agent of the demo chain: all four tasks are still to do.
  await login(page, '13800000004');
  const card = onboarding(page);
  await expect(card.getByText('还有 4 项待完成')).toBeVisible();
  const item = (task: string) => card.getByRole('button', { name: `${task}：去完成` });
  await expect(item('验证绑定手机')).toBeVisible();
  await item('验证绑定手机').hover();
  await shot(page, 'workbench-onboarding', { fullPage: false });

  // 验证绑定手机 opens phone verification, with the bound phone filled in.
  await item('验证绑定手机').click();
  const verify = dialog(page, '验证绑定手机');
  await expect(verify).toBeVisible();
  await expect(verify.getByRole('textbox', { name: '手机号' })).toHaveValue('13800000004');
  await verify.getByRole('button', { name: /取\s*消/ }).click();
  await expect(verify).toBeHidden();

  // The others go through the same gates: the phone first.
  for (const task of ['修改初始密码', '身份认证', '填写提现信息']) {
    await item(task).click();
    await expect(confirmBox(page)).toContainText('请先验证手机号');
    if (task === '身份认证') await shot(page, 'workbench-onboarding-gate', { fullPage: false });
    await confirmBox(page)
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await expect(confirmBox(page)).toHaveCount(0);
  }
  // 去验证 from the gate opens phone verification, as from the bell.
  await item('身份认证').click();
  await confirmBox(page).getByRole('button', { name: '去验证' }).click();
  await expect(dialog(page, '验证绑定手机')).toBeVisible();
});
