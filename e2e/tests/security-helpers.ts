import { createHash } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, request } from '@playwright/test';
import { E2E_CAPTCHA_TEXT } from './captcha-text';
import { LEVEL0, PASSWORD } from './helpers';

/*
 * Helpers of the account-security specs: the built-in image captcha shows the text the browser
 * tests' server was given (`E2E_CAPTCHA_TEXT`; it cannot be read off the SVG), and SMS codes are
 * read from the outbox with the operator's session, as a demo user would on the 短信发件箱 screen.
 */

/** Types the answer of the captcha shown in `scope` (once its picture is there). */
export async function fillCaptcha(scope: Locator): Promise<void> {
  const image = scope.getByAltText('图片验证码').filter({ visible: true });
  await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml/);
  await scope.getByRole('textbox', { name: '图片验证码' }).filter({ visible: true }).fill(E2E_CAPTCHA_TEXT);
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** A request context logged in as the operator (level 0), who may read the SMS outbox. */
export async function operatorApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const res = await api.post('/api/user/login', { data: { mobilePhone: LEVEL0, password: md5(PASSWORD) } });
  expect((await res.json()).responseCode).toBe('0000');
  return api;
}

interface OutboxItem {
  id: number;
  mobilePhone: string;
  smsTypeCode: string;
  content: string;
}

export async function outbox(api: APIRequestContext, mobilePhone: string): Promise<OutboxItem[]> {
  const res = await api.post('/api/sms/outbox/queryPage', {
    data: { pageNum: 1, pageSize: 30, mobilePhone },
  });
  const body = await res.json();
  expect(body.responseCode).toBe('0000');
  return body.object as OutboxItem[];
}

const lastId = async (api: APIRequestContext, phone: string) =>
  Math.max(0, ...(await outbox(api, phone)).map((m) => m.id));

/** The reply of an SMS send (getSmsCode or getSmsCodeSigned). */
const isSmsSend = (url: string) => /\/api\/captcha\/getSmsCode(Signed)?$/.test(new URL(url).pathname);

/**
 * Solves the captcha in `scope`, presses 获取验证码, checks the 59 s countdown, and returns the code
 * the outbox received for `phone`.
 */
export async function requestCode(api: APIRequestContext, scope: Locator, phone: string): Promise<string> {
  const before = await lastId(api, phone);
  const picture = scope.getByAltText('图片验证码').filter({ visible: true });
  // A refused send brings a new picture: try that one (at most 3 tries).
  for (let attempt = 1; ; attempt++) {
    const shown = await picture.getAttribute('src');
    await fillCaptcha(scope);
    const answered = scope.page().waitForResponse((r) => isSmsSend(r.url()));
    await scope.getByRole('button', { name: '获取验证码' }).filter({ visible: true }).click();
    const { responseCode, responseMsg } = await (await answered).json();
    if (responseCode === '0000') break;
    expect(attempt, `SMS send refused: ${responseCode} ${responseMsg}`).toBeLessThan(3);
    await expect(picture).not.toHaveAttribute('src', String(shown));
  }
  await expect(
    scope.getByRole('button', { name: /^\d+s后重新获取$/ }).filter({ visible: true }),
  ).toBeVisible();
  let code = '';
  await expect
    .poll(async () => {
      const fresh = (await outbox(api, phone)).filter((m) => m.id > before);
      code = /\d{6}/.exec(fresh[0]?.content ?? '')?.[0] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** The open dialog with the given title. */
export const dialog = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) });

export const md5Hex = md5;

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** A mainland ID number with a correct check character (GB 11643), unique enough per run. */
export function idNumber(birth = '19900307'): string {
  const first17 = `440305${birth}${String(Math.floor(Math.random() * 900) + 100)}`;
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * (ID_WEIGHTS[i] ?? 0), 0);
  return first17 + ('10X98765432'[sum % 11] ?? '');
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** Fills the identity form of the dialog: name, ID number and the three photos. */
export async function fillIdentity(box: Locator, realName: string, idNo: string): Promise<void> {
  await box.getByRole('textbox', { name: '姓名' }).fill(realName);
  await box.getByRole('textbox', { name: '身份证号' }).fill(idNo);
  await box.getByRole('textbox', { name: '身份证号' }).blur();
  const files = box.locator('input[type="file"]');
  for (let i = 0; i < 3; i++) {
    await files.nth(i).setInputFiles({ name: `id-${i}.png`, mimeType: 'image/png', buffer: PNG });
  }
  await expect(box.locator('.id-photo-upload img')).toHaveCount(3);
}

/** The whole real name of an agent's latest submission, as the operator's review list shows it. */
export async function wholeRealName(api: APIRequestContext, mobilePhone: string): Promise<string> {
  const res = await api.post('/api/realAuth/review/queryPage', {
    data: { pageNum: 1, pageSize: 30, mobilePhone },
  });
  const body = await res.json();
  expect(body.responseCode).toBe('0000');
  return String(body.object[0]?.realName ?? '');
}
