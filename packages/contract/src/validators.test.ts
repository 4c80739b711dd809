import { describe, expect, it } from 'vitest';
import {
  AlipayAccount,
  IdNumber,
  idNumberCheckChar,
  isValidIdNumber,
  isValidPassword,
  isValidPhone,
  Messages,
  maskIdNumber,
  maskPhone,
  maskRealName,
  NewPassword,
  Phone,
  RealName,
  sanitizeNumberInput,
} from './index';

/** Builds a valid ID number from its first 17 digits. */
const id = (first17: string) => first17 + idNumberCheckChar(first17);

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('phone validation', () => {
  it('accepts 11 digits starting with 1 and a second digit 3-9', () => {
    for (const p of ['13800000000', '19912345678', '14700000000']) expect(isValidPhone(p)).toBe(true);
  });
  it('rejects other numbers with the spec messages', () => {
    for (const p of ['12800000000', '1380000000', '138000000001', '23800000000', '1380000000a'])
      expect(isValidPhone(p)).toBe(false);
    expect(firstMessage(Phone.safeParse(''))).toBe(Messages.phoneRequired);
    expect(firstMessage(Phone.safeParse('12345678901'))).toBe('手机号不正确');
    expect(firstMessage(Phone.safeParse(undefined))).toBe('请输入手机号');
  });
});

describe('ID number validation', () => {
  it('computes the GB 11643 check character', () => {
    expect(idNumberCheckChar('11010519491231002')).toBe('X');
    expect(idNumberCheckChar('44030519900101123')).toBe(id('44030519900101123').slice(-1));
  });
  it('accepts a number with a real birth date and the right check character', () => {
    expect(isValidIdNumber('11010519491231002X')).toBe(true);
    expect(isValidIdNumber('11010519491231002x')).toBe(true);
    expect(isValidIdNumber(id('44030519900101123'))).toBe(true);
  });
  it('rejects a wrong check character, an impossible date, a future date and bad lengths', () => {
    expect(isValidIdNumber('110105194912310021')).toBe(false);
    expect(isValidIdNumber(id('44030519900230123'))).toBe(false);
    expect(isValidIdNumber(id('44030520991231123'))).toBe(false);
    expect(isValidIdNumber('11010519491231002')).toBe(false);
    expect(isValidIdNumber('01010519491231002X')).toBe(false);
    expect(firstMessage(IdNumber.safeParse(''))).toBe('请输入身份证号');
    expect(firstMessage(IdNumber.safeParse('110105194912310021'))).toBe('请输入正确的身份证号');
    expect(firstMessage(IdNumber.safeParse('11010519491231002XX'))).toBe('请输入正确的身份证号');
  });
});

describe('password validation', () => {
  it('accepts 6-20 letters and digits with at least one of each', () => {
    for (const p of ['abc123', 'Demo2026', 'a1'.repeat(10)]) expect(isValidPassword(p)).toBe(true);
  });
  it('rejects too short, too long, letters only, digits only and other characters', () => {
    for (const p of ['ab12', `${'a1'.repeat(10)}x`, 'abcdefg', '1234567', 'abc 123', 'abc_123', '密码abc123'])
      expect(isValidPassword(p)).toBe(false);
    expect(firstMessage(NewPassword.safeParse(''))).toBe('请输入新密码');
    expect(firstMessage(NewPassword.safeParse('abcdef'))).toBe('请输入6-20位数字字母组合');
  });
});

describe('name and Alipay account', () => {
  it('requires a name of at most 10 characters', () => {
    expect(firstMessage(RealName.safeParse(''))).toBe('请输入姓名');
    expect(RealName.safeParse('欧阳娜娜娜娜娜娜娜娜').success).toBe(true);
    expect(RealName.safeParse('欧阳娜娜娜娜娜娜娜娜娜').success).toBe(false);
  });
  it('requires an Alipay account of at most 50 characters', () => {
    expect(firstMessage(AlipayAccount.safeParse(''))).toBe('请输入支付宝账号');
    expect(AlipayAccount.safeParse(`${'a'.repeat(38)}@example.com`).success).toBe(true);
    expect(AlipayAccount.safeParse(`${'a'.repeat(39)}@example.com`).success).toBe(false);
  });
});

describe('masking', () => {
  it('masks a real name as an asterisk and its last character', () => {
    expect(maskRealName('张三丰')).toBe('*丰');
    expect(maskRealName('')).toBe('');
  });
  it('masks phones and ID numbers', () => {
    expect(maskPhone('13800000005')).toBe('138****0005');
    expect(maskIdNumber('11010519491231002X')).toBe('1101**********002X');
  });
});

describe('sanitizeNumberInput', () => {
  it('keeps digits and one decimal point, clamps to min and max', () => {
    expect(sanitizeNumberInput('12a.3.4')).toBe('12.34');
    expect(sanitizeNumberInput('12.345', { decimals: 2 })).toBe('12.34');
    expect(sanitizeNumberInput('150', { max: 100 })).toBe('100');
    expect(sanitizeNumberInput('-5', { min: 0 })).toBe('5');
    expect(sanitizeNumberInput('-5', { min: -3, allowNegative: true })).toBe('-3');
    expect(sanitizeNumberInput('1-2', { allowNegative: true })).toBe('12');
    expect(sanitizeNumberInput('7.9', { decimals: 0 })).toBe('7');
  });
});
