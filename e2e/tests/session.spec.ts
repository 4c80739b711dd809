import { expect, test } from '@playwright/test';
import { LEVEL3, login, shot } from './helpers';

test('logging out asks for confirmation, ends the session and returns to /login', async ({ page }) => {
  await login(page, LEVEL3);
  await page.getByRole('button', { name: /退出登录/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('确定要退出登录？', { exact: true })).toBeVisible();
  await shot(page, 'logout-confirm');

  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: /退出登录/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/user-center');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fuser-center$/);
});
