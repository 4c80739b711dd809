import {
  addUserBindAccount,
  queryUnfinishedTask,
  queryWithdrawAccount,
  rejectRealName,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_DATA_KEY, useTestApp } from '../../../test/build-test-app';
import { createDataCipher } from '../security/data-key';
import { codeFor, wrongCode } from '../sms/sms.test-kit';
import { maskAlipayAccount } from './withdraw-account.service';

const t = useTestApp();
const OPERATOR = '13800000000';
const FULL = '13800000001';
const REVIEW = '13800000002';
const CITY = '13800000003';
const FRESH = '13800000004';

/** The demo identity's whole name of an account (the withdraw account must carry it). */
const verifiedName = async (accountId: number) => {
  const [row] = await t.rows(
    sql`select real_name_enc from real_name_records where account_id = ${accountId}`,
  );
  return createDataCipher(Buffer.from(TEST_DATA_KEY, 'base64')).decrypt(String(row?.real_name_enc));
};

describe('POST /api/userBindAccount/query', () => {
  it('answers the masked account of the fully set-up demo agent, and null without one', async () => {
    const res = await t.call(queryWithdrawAccount, {}, { cookie: await t.login(FULL) });
    expect(res.object).toMatchObject({ accountNo: 'de***@example.com' });
    expect(res.object?.realName).toMatch(/^\*.$/);
    expect((await t.call(queryWithdrawAccount, {}, { cookie: await t.login(CITY) })).object).toBeNull();
  });
});

describe('POST /api/userBindAccount/addUserBindAccount', () => {
  it.each([
    [FRESH, '请先验证手机号'],
    [REVIEW, '实名认证审核中，请审核通过后再试'],
    [CITY, '请先完成实名认证'],
  ])('gates %s in order with "%s" and changes nothing', async (phone, message) => {
    const cookie = await t.login(phone);
    const before = await t.snapshot();
    const res = await t.call(
      addUserBindAccount,
      { accountNo: 'me@example.com', realName: '张三' },
      { cookie },
    );
    expect(res).toMatchObject({ responseCode: '4003', responseMsg: message });
    expect(await t.snapshot()).toEqual(before);
  });

  it('treats a rejected identity as not done', async () => {
    const operator = await t.login(OPERATOR);
    const [row] = await t.rows(sql`select id from real_name_records where account_id = 10002`);
    await t.call(rejectRealName, { id: Number(row?.id), reason: '照片模糊' }, { cookie: operator });
    const cookie = await t.login(REVIEW);
    expect(
      await t.call(addUserBindAccount, { accountNo: 'me@example.com', realName: '张三' }, { cookie }),
    ).toMatchObject({ responseMsg: '请先完成实名认证' });
  });

  it('lets the operator (level 0) set it up first without SMS, then needs the WITHDRAW_ACCOUNT code', async () => {
    const cookie = await t.login(OPERATOR);
    const first = await t.call(
      addUserBindAccount,
      { accountNo: '13912345678', realName: '周运营' },
      { cookie },
    );
    expect(first.object).toMatchObject({
      accountNo: '139****5678',
      realName: '*营',
      updateTime: '2026-03-02 10:00:00',
    });
    const [raw] = await t.rows(sql`select * from withdraw_accounts where account_id = 10000`);
    expect(JSON.stringify(raw)).not.toContain('13912345678');
    expect(JSON.stringify(raw)).not.toContain('周运营');
    const before = await t.snapshot();
    expect(
      await t.call(addUserBindAccount, { accountNo: 'new@example.com', realName: '周运营' }, { cookie }),
    ).toMatchObject({ responseCode: '1000', responseMsg: '请输入短信验证码' });
    expect(await t.snapshot()).toEqual(before);
    const code = await codeFor(t, cookie, 'WITHDRAW_ACCOUNT', OPERATOR);
    expect(
      await t.call(
        addUserBindAccount,
        { accountNo: 'new@example.com', realName: '周运营', smsCode: wrongCode(code) },
        { cookie },
      ),
    ).toMatchObject({ responseMsg: '验证码错误' });
    const changed = await t.call(
      addUserBindAccount,
      { accountNo: 'new@example.com', realName: '周运营', smsCode: code },
      { cookie },
    );
    expect(changed.object).toMatchObject({ accountNo: 'ne***@example.com' });
    expect((await t.call(queryWithdrawAccount, {}, { cookie })).object?.accountNo).toBe('ne***@example.com');
  });

  it('needs the name of the verified identity', async () => {
    const cookie = await t.login(FULL);
    const name = await verifiedName(10001);
    const code = await codeFor(t, cookie, 'WITHDRAW_ACCOUNT', FULL);
    expect(
      await t.call(
        addUserBindAccount,
        { accountNo: 'x@example.com', realName: '某某某', smsCode: code },
        { cookie },
      ),
    ).toMatchObject({ responseMsg: '姓名与实名认证信息不一致' });
    const ok = await t.call(
      addUserBindAccount,
      { accountNo: 'x@example.com', realName: name, smsCode: code },
      { cookie },
    );
    expect(ok.responseCode).toBe('0000');
    const tasks = (await t.call(queryUnfinishedTask, {}, { cookie })).object;
    expect(tasks).toContainEqual({ type: 4, finished: true });
  });

  it.each([
    ['a missing account', { accountNo: '', realName: '张三' }, '请输入支付宝账号'],
    [
      'an account over 50 characters',
      { accountNo: `${'a'.repeat(40)}@example.com`, realName: '张三' },
      '支付宝账号最多50个字符',
    ],
    ['a missing name', { accountNo: 'a@example.com', realName: '' }, '请输入姓名'],
  ])('refuses %s with the message and changes nothing', async (_name, body, message) => {
    const cookie = await t.login(OPERATOR);
    const before = await t.snapshot();
    expect(await t.callUnchecked(addUserBindAccount, body, { cookie })).toMatchObject({
      responseCode: '1000',
      responseMsg: message,
    });
    expect(await t.snapshot()).toEqual(before);
  });
});

describe('maskAlipayAccount', () => {
  it('masks phones, e-mails and other accounts', () => {
    expect(maskAlipayAccount('13812345678')).toBe('138****5678');
    expect(maskAlipayAccount('alice@example.com')).toBe('al***@example.com');
    expect(maskAlipayAccount('a@b.cn')).toBe('a***@b.cn');
    expect(maskAlipayAccount('alipay_user')).toBe('al***er');
    expect(maskAlipayAccount('abc')).toBe('a***');
  });
});
