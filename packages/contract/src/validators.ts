import * as z from 'zod/mini';
import { ALIPAY_ACCOUNT_MAX, ID_NUMBER_MAX, PASSWORD_MAX, PASSWORD_MIN, REAL_NAME_MAX } from './constants';

/** The messages of spec section 5, to the letter. */
export const Messages = {
  realNameRequired: '请输入姓名',
  idNumberRequired: '请输入身份证号',
  idNumberInvalid: '请输入正确的身份证号',
  idFrontRequired: '请上传身份证正面照片',
  idBackRequired: '请上传身份证反面照片',
  idHoldRequired: '请上传手持身份证照片',
  imageType: '上传截图仅支持JPG、JPEG、PNG格式！',
  imageSize: '上传截图大小不能超过 10MB!',
  phoneRequired: '请输入手机号',
  phoneInvalid: '手机号不正确',
  codeRequired: '请输入验证码',
  smsCodeRequired: '请输入短信验证码',
  captchaRequired: '请输入图片验证码',
  newPasswordRequired: '请输入新密码',
  passwordInvalid: '请输入6-20位数字字母组合',
  alipayRequired: '请输入支付宝账号',
  passwordRequired: '请输入密码',
  idNumberNotice: '身份证号提交后不可修改，且与资金安全相关，请如实填写',
} as const;

const PHONE_RE = /^1[3-9]\d{9}$/;
const PASSWORD_RE = new RegExp(`^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z\\d]{${PASSWORD_MIN},${PASSWORD_MAX}}$`);
const MD5_HEX_RE = /^[0-9a-f]{32}$/;

export const isValidPhone = (value: string): boolean => PHONE_RE.test(value);
export const isValidPassword = (value: string): boolean => PASSWORD_RE.test(value);
export const isMd5Hex = (value: string): boolean => MD5_HEX_RE.test(value);

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK_CHARS = '10X98765432';

/** The check character (GB 11643) of the first 17 digits of a mainland ID number. */
export function idNumberCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK_CHARS[sum % 11] ?? '';
}

/** A mainland resident ID number: 18 characters, a real birth date, and a correct check character. */
export function isValidIdNumber(value: string): boolean {
  if (!/^[1-9]\d{5}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/.test(value)) return false;
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return false;
  if (date.getTime() > Date.now()) return false;
  return idNumberCheckChar(value.slice(0, 17)) === value.slice(17).toUpperCase();
}

/** Masks a real name as an asterisk followed by its last character (spec section 5). */
export const maskRealName = (name: string): string => (name ? `*${name.slice(-1)}` : '');
/** 138****0000 */
export const maskPhone = (phone: string): string =>
  phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
/** 1101**********123X */
export const maskIdNumber = (id: string): string =>
  id.length > 8 ? `${id.slice(0, 4)}${'*'.repeat(id.length - 8)}${id.slice(-4)}` : id;

export const Phone = z
  .string({ error: Messages.phoneRequired })
  .check(z.trim(), z.minLength(1, Messages.phoneRequired), z.refine(isValidPhone, Messages.phoneInvalid));

export const NewPassword = z
  .string({ error: Messages.newPasswordRequired })
  .check(z.minLength(1, Messages.newPasswordRequired), z.refine(isValidPassword, Messages.passwordInvalid));

/** A password as it travels: the lowercase hex MD5 the client computes (spec: "hashed before sending"). */
export const PasswordDigest = z
  .string({ error: Messages.passwordRequired })
  .check(z.minLength(1, Messages.passwordRequired), z.refine(isMd5Hex, '密码格式不正确'));

export const RealName = z
  .string({ error: Messages.realNameRequired })
  .check(
    z.trim(),
    z.minLength(1, Messages.realNameRequired),
    z.maxLength(REAL_NAME_MAX, `姓名最多${REAL_NAME_MAX}个字`),
  );

export const IdNumber = z
  .string({ error: Messages.idNumberRequired })
  .check(
    z.trim(),
    z.minLength(1, Messages.idNumberRequired),
    z.maxLength(ID_NUMBER_MAX, Messages.idNumberInvalid),
    z.refine(isValidIdNumber, Messages.idNumberInvalid),
  );

export const AlipayAccount = z.string({ error: Messages.alipayRequired }).check(
  z.trim(),
  z.minLength(1, Messages.alipayRequired),
  z.maxLength(ALIPAY_ACCOUNT_MAX, `支付宝账号最多${ALIPAY_ACCOUNT_MAX}个字符`),
  z.refine((v) => !/\s/.test(v), '支付宝账号不能包含空格'),
);

export const SmsCode = z
  .string({ error: Messages.smsCodeRequired })
  .check(z.trim(), z.minLength(1, Messages.smsCodeRequired), z.regex(/^\d{6}$/, '短信验证码为6位数字'));

export const CaptchaCode = z
  .string({ error: Messages.captchaRequired })
  .check(z.trim(), z.minLength(1, Messages.captchaRequired), z.maxLength(8, '图片验证码错误'));

/** Number inputs (spec section 5): digits and a decimal point, optional minus, clamped to [min, max]. */
export function sanitizeNumberInput(
  raw: string,
  opts: { min?: number; max?: number; decimals?: number; allowNegative?: boolean } = {},
): string {
  const { min, max, decimals, allowNegative = false } = opts;
  let s = raw.replace(allowNegative ? /[^\d.-]/g : /[^\d.]/g, '');
  if (allowNegative) s = (s.startsWith('-') ? '-' : '') + s.replace(/-/g, '');
  const dot = s.indexOf('.');
  if (dot >= 0) {
    const fraction = s.slice(dot + 1).replace(/\./g, '');
    s =
      decimals === 0
        ? s.slice(0, dot)
        : `${s.slice(0, dot)}.${decimals === undefined ? fraction : fraction.slice(0, decimals)}`;
  }
  if (s === '' || s === '-' || s === '.' || s.endsWith('.')) return s;
  const n = Number(s);
  if (Number.isNaN(n)) return '';
  if (min !== undefined && n < min) return String(min);
  if (max !== undefined && n > max) return String(max);
  return s;
}

/** The largest id a record can have (PostgreSQL `integer`): anything above is refused as a parameter. */
export const MAX_ID = 2_147_483_647;
/** The id of a record in a request body. */
export const Id = z.int().check(z.positive(), z.maximum(MAX_ID, '编号不存在'));
/** The id of a record in a path (`/api/agent/query/:id`): text in the URL. */
export const IdParam = z.coerce.number().check(z.int(), z.positive(), z.maximum(MAX_ID, '编号不存在'));
