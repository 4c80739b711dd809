import { expect, type Locator, type Page, test } from '@playwright/test';
import { login, shot } from './helpers';
import { dialog, fillCaptcha, fillIdentity, idNumber, operatorApi, requestCode } from './security-helpers';

/** A fresh demo agent (level 4, 滨江电竞): its phone is not verified yet. */
const PHONE = '13900002005';

const countdownButton = (scope: Locator) =>
  scope.getByRole('button', { name: /^\d+s后重新获取$/ }).filter({ visible: true });

async function openTask(page: Page, task: string): Promise<void> {
  await expect(page.locator('.ant-dropdown-menu:visible')).toHaveCount(0);
  await page.getByRole('button', { name: /^待办事项/ }).click();
  await page.locator('.ant-dropdown-menu:visible').getByRole('menuitem', { name: task }).click();
}

/** Opens the identity dialog from the bell and fills its form: the next step is the SMS code. */
async function identitySmsStep(page: Page): Promise<Locator> {
  await openTask(page, '身份认证');
  const box = dialog(page, '身份认证');
  await expect(box).toBeVisible();
  await fillIdentity(box, '周明', idNumber());
  await box.getByRole('button', { name: '下一步' }).click();
  await expect(box.getByText(`验证码将发送至 139****${PHONE.slice(-4)}`)).toBeVisible();
  return box;
}

test('one countdown per phone number: the identity dialog does not offer a send the server refuses', async ({
  page,
  context,
  baseURL,
}) => {
  const api = await operatorApi(String(baseURL));
  await login(page, PHONE);

  // Verify the bound phone from the bell: a code goes to the number.
  await openTask(page, '验证绑定手机');
  const verify = dialog(page, '验证绑定手机');
  await expect(verify).toBeVisible();
  await expect(verify.getByRole('textbox', { name: '手机号' })).toHaveValue(PHONE);
  const code = await requestCode(api, verify, PHONE);
  await verify.getByRole('textbox', { name: '短信验证码' }).fill(code);
  await verify.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('手机验证成功')).toBeVisible();
  await expect(verify).toBeHidden();
  await expect(page.getByText('还有 3 项待完成')).toBeVisible();
  await shot(page, 'security-countdown-verified', { fullPage: false });

  // Another page of the same session knows nothing of that send: its button is free, and the server
  // refuses. The button then counts down instead of staying enabled, and the captcha just solved
  // is kept (the server checks the limit before the captcha).
  const other = await context.newPage();
  await other.goto('/');
  const refusedBox = await identitySmsStep(other);
  await fillCaptcha(refusedBox);
  const picture = await refusedBox.getByAltText('图片验证码').getAttribute('src');
  const refused = other.waitForResponse((r) => r.url().endsWith('/api/captcha/getSmsCodeSigned'));
  await refusedBox.getByRole('button', { name: '获取验证码' }).click();
  expect(await (await refused).json()).toMatchObject({
    responseCode: '1029',
    responseMsg: '短信发送过于频繁，请1分钟后再试',
  });
  await expect(other.getByText('短信发送过于频繁，请1分钟后再试')).toBeVisible();
  await expect(countdownButton(refusedBox)).toBeDisabled();
  await expect(refusedBox.getByAltText('图片验证码')).toHaveAttribute('src', String(picture));
  await shot(other, 'security-countdown-refused', { fullPage: false });
  await other.close();

  // Within the 59 s, the identity dialog's SMS step (a code to the same number, as the own phone)
  // shows the countdown at once and sends nothing.
  const sends: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/captcha/getSmsCodeSigned')) sends.push(r.url());
  });
  const box = await identitySmsStep(page);
  await expect(countdownButton(box)).toBeDisabled();
  const seconds = Number(/^(\d+)s/.exec(String(await countdownButton(box).textContent()))?.[1]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(59);
  await shot(page, 'security-countdown-identity', { fullPage: false });
  expect(sends).toHaveLength(0);
  await api.dispose();
});
