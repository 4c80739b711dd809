import {
  approveWithdrawal,
  markWithdrawalFailed,
  markWithdrawalPaid,
  queryOwnFinance,
  queryWithdrawAudit,
  queryWithdrawRecords,
  queryWithdrawReviews,
  queryWithdrawSetting,
  rejectWithdrawal,
  updateWithdrawSetting,
  withdrawApply,
  withdrawCancel,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_DIGEST, md5Hex, useTestApp } from '../../../test/build-test-app';
import { createServices, type Services } from '../../services';
import { codeFor, wrongCode } from '../sms/sms.test-kit';

const t = useTestApp();
const OPERATOR = '13800000000';
/** Level 1, every onboarding step done (phone, identity, withdraw password, Alipay account). */
const FULL = '13800000001';
const REVIEW = '13800000002';
const CITY = '13800000003';
const FRESH = '13800000004';
/** Another fully set-up agent (level 2, below FULL's sibling branch). */
const OTHER = '13900001001';

let svc: Services | null = null;
/** The services on the test database (its finance service gives test agents their balance). */
const services = () => {
  svc ??= createServices({ db: t.db, config: t.config, clock: t.clock.now });
  return svc;
};

const agentIdOf = async (phone: string): Promise<number> => {
  const [row] = await t.rows(
    sql`select a.id from agents a join accounts u on u.id = a.user_id where u.mobile_phone = ${phone}`,
  );
  return Number(row?.id);
};

interface Balance {
  available: number;
  frozen: number;
  withdrawn: number;
}
const balanceOf = async (agentId: number): Promise<Balance> => {
  const [row] = await t.rows(
    sql`select available_fen, frozen_fen, total_withdrawn_fen from finance_accounts where agent_id = ${agentId}`,
  );
  return {
    available: Number(row?.available_fen ?? 0),
    frozen: Number(row?.frozen_fen ?? 0),
    withdrawn: Number(row?.total_withdrawn_fen ?? 0),
  };
};

/** Sets an agent's available balance to `fen` with the operator's adjustment (the ledger's one way). */
async function fund(agentId: number, fen: number): Promise<void> {
  const { available } = await balanceOf(agentId);
  if (available === fen) return;
  await t.db.transaction((tx) =>
    services().finance.post(tx, [
      {
        agentId,
        kind: 'adjustment',
        availableDeltaFen: fen - available,
        frozenDeltaFen: 0,
        reason: '测试入账',
      },
    ]),
  );
}

/** The ledger's invariant: each balance is the sum of its entries. */
async function expectLedgerMatches(agentId: number): Promise<void> {
  const [sums] = await t.rows(
    sql`select coalesce(sum(available_delta_fen), 0)::bigint as a, coalesce(sum(frozen_delta_fen), 0)::bigint as f
        from ledger_entries where agent_id = ${agentId}`,
  );
  const b = await balanceOf(agentId);
  expect({ available: Number(sums?.a), frozen: Number(sums?.f) }).toEqual({
    available: b.available,
    frozen: b.frozen,
  });
}

/**
 * Applies through the API with the right password and a fresh WITHDRAW code, then moves the clock
 * a minute on (one code a minute per phone).
 */
async function apply(phone: string, amount: number, cookie?: string) {
  const session = cookie ?? (await t.login(phone));
  const smsCode = await codeFor(t, session, 'WITHDRAW', phone);
  const res = await t.call(withdrawApply, { amount, payPassword: DEMO_DIGEST, smsCode }, { cookie: session });
  t.clock.advance(60_000);
  return res;
}

/** What a refusal may leave behind: its own attempt counters (password checks, the code's tries). */
const WITHOUT_COUNTERS = (snapshot: Record<string, string>) => {
  const { rate_limit_counters: _r, sms_codes: _s, sms_outbox: _o, outbox: _x, ...rest } = snapshot;
  return rest;
};

describe('withdraw setting (基础设置)', () => {
  it('starts at 100.00 元 minimum and no fee, and the operator changes it', async () => {
    const cookie = await t.login(OPERATOR);
    expect((await t.call(queryWithdrawSetting, {}, { cookie })).object).toEqual({
      minAmount: 10000,
      feeRate: 0,
      feeFixed: 0,
      updateTime: null,
    });
    const res = await t.call(
      updateWithdrawSetting,
      { minAmount: 5000, feeRate: 60, feeFixed: 100 },
      { cookie },
    );
    expect(res.object).toEqual({
      minAmount: 5000,
      feeRate: 60,
      feeFixed: 100,
      updateTime: '2026-03-02 10:00:00',
    });
    const channels = await t.inject({
      method: 'POST',
      url: '/api/finance/withdraw/channel/all',
      headers: { cookie: await t.login(FULL), 'content-type': 'application/json' },
      payload: {},
    });
    expect(channels.json().object[0]).toMatchObject({ minAmount: 5000, feeRate: 60, feeFixed: 100 });
  });

  it.each([
    ['a zero minimum', { minAmount: 0, feeRate: 0, feeFixed: 0 }, '最低提现金额须大于0'],
    ['a rate over 100 %', { minAmount: 100, feeRate: 10001, feeFixed: 0 }, '手续费率须在0%到100%之间'],
    ['a negative fixed fee', { minAmount: 100, feeRate: 0, feeFixed: -1 }, '固定手续费不能为负'],
    ['yuan with decimals', { minAmount: 1.5, feeRate: 0, feeFixed: 0 }, '以分为单位的整数'],
    ['a missing field', { minAmount: 100, feeRate: 0 }, '请输入固定手续费'],
  ])('refuses %s with 1000 and changes nothing', async (_name, body, message) => {
    const cookie = await t.login(OPERATOR);
    const before = await t.snapshot();
    const res = await t.callUnchecked(updateWithdrawSetting, body, { cookie });
    expect(res.responseCode).toBe('1000');
    expect(res.responseMsg).toContain(message);
    expect(await t.snapshot()).toEqual(before);
  });

  it('is the operator’s: 1003 for an agent', async () => {
    const cookie = await t.login(FULL);
    const res = await t.call(updateWithdrawSetting, { minAmount: 1, feeRate: 0, feeFixed: 0 }, { cookie });
    expect(res.responseCode).toBe('1003');
    expect((await t.call(queryWithdrawSetting, {}, { cookie })).responseCode).toBe('1003');
  });
});

describe('POST /api/finance/withdraw/channel/{x} and /api/finance/withdraw', () => {
  it('lists Alipay with the rules and the caller’s masked account', async () => {
    const cookie = await t.login(FULL);
    const res = await t.inject({
      method: 'POST',
      url: '/api/finance/withdraw/channel/all',
      headers: { cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(res.json()).toMatchObject({
      responseCode: '0000',
      object: [
        {
          channel: 'alipay',
          channelName: '支付宝',
          payoutMode: 'manual',
          minAmount: 10000,
          feeRate: 0,
          feeFixed: 0,
          accountNo: 'de***@example.com',
        },
      ],
    });
    const one = await t.inject({
      method: 'POST',
      url: '/api/finance/withdraw/channel/alipay',
      headers: { cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(one.json().object).toHaveLength(1);
    const unknown = await t.inject({
      method: 'POST',
      url: '/api/finance/withdraw/channel/wechat',
      headers: { cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(unknown.json().responseCode).toBe('1000');
  });

  it('answers the caller’s own balances, zero before any money', async () => {
    const cookie = await t.login(FULL);
    const agentId = await agentIdOf(FULL);
    await fund(agentId, 0);
    expect((await t.call(queryOwnFinance, {}, { cookie })).object).toMatchObject({
      available: 0,
      frozen: 0,
      totalWithdrawn: 0,
    });
    await fund(agentId, 123456);
    expect((await t.call(queryOwnFinance, {}, { cookie })).object).toMatchObject({ available: 123456 });
  });
});

describe('POST /api/finance/withdraw/apply', () => {
  it('holds the amount at once, with the account and name copied and masked', async () => {
    const agentId = await agentIdOf(FULL);
    await fund(agentId, 50000);
    const res = await apply(FULL, 20000);
    expect(res).toMatchObject({
      responseCode: '0000',
      object: {
        agentId,
        amount: 20000,
        fee: 0,
        actualAmount: 20000,
        channel: 'alipay',
        accountNo: 'de***@example.com',
        status: -1,
        stage: 'pending',
        reason: null,
        createTime: '2026-03-02 10:00:00',
      },
    });
    expect(res.object?.realName).toMatch(/^\*.$/);
    expect(await balanceOf(agentId)).toMatchObject({ available: 30000, frozen: 20000 });
    const entries = await t.rows(
      sql`select kind, available_delta_fen, frozen_delta_fen, withdrawal_id from ledger_entries
          where agent_id = ${agentId} and kind = 'withdraw_hold'`,
    );
    expect(
      entries.map((e) => [
        Number(e.available_delta_fen),
        Number(e.frozen_delta_fen),
        Number(e.withdrawal_id),
      ]),
    ).toEqual([[-20000, 20000, res.object?.id]]);
    await expectLedgerMatches(agentId);
    // The copy does not follow a later change of the withdraw account.
    await t.rows(sql`update withdraw_accounts set account_no_enc = real_name_enc where account_id = 10001`);
    const list = await t.call(queryWithdrawRecords, {}, { cookie: await t.login(FULL) });
    expect(list.object?.[0]?.accountNo).toBe('de***@example.com');
  });

  it('takes the operator’s fee out of the amount (rate rounded down, plus the fixed fee)', async () => {
    await t.call(
      updateWithdrawSetting,
      { minAmount: 1000, feeRate: 60, feeFixed: 100 },
      { cookie: await t.login(OPERATOR) },
    );
    const agentId = await agentIdOf(FULL);
    await fund(agentId, 100000);
    const res = await apply(FULL, 12345);
    // 12345 × 0.6 % = 74.07 → 74, + 100.
    expect(res.object).toMatchObject({ amount: 12345, fee: 174, actualAmount: 12171 });
    expect(await balanceOf(agentId)).toMatchObject({ available: 100000 - 12345, frozen: 12345 });
  });

  it.each([
    [FRESH, '请先验证手机号'],
    [REVIEW, '实名认证审核中，请审核通过后再试'],
    [CITY, '请先完成实名认证'],
  ])('gates %s in the dialog’s order with "%s" (4003) and changes nothing', async (phone, message) => {
    const cookie = await t.login(phone);
    await fund(await agentIdOf(phone), 50000);
    const before = await t.snapshot();
    const res = await t.call(
      withdrawApply,
      { amount: 20000, payPassword: DEMO_DIGEST, smsCode: '123456' },
      { cookie },
    );
    expect(res).toMatchObject({ responseCode: '4003', responseMsg: message });
    expect(await t.snapshot()).toEqual(before);
  });

  it('asks for the withdraw account, then the withdraw password', async () => {
    const cookie = await t.login(FULL);
    await fund(await agentIdOf(FULL), 50000);
    await t.rows(sql`update accounts set pay_password_hash = null where id = 10001`);
    const noPassword = await t.call(
      withdrawApply,
      { amount: 20000, payPassword: DEMO_DIGEST, smsCode: '123456' },
      { cookie },
    );
    expect(noPassword).toMatchObject({ responseCode: '4003', responseMsg: '请先设置提现密码' });
    await t.rows(sql`delete from withdraw_accounts where account_id = 10001`);
    const noAccount = await t.call(
      withdrawApply,
      { amount: 20000, payPassword: DEMO_DIGEST, smsCode: '123456' },
      { cookie },
    );
    expect(noAccount).toMatchObject({ responseCode: '4003', responseMsg: '请先设置提现账户' });
  });

  it.each([
    ['a wrong withdraw password', { payPassword: md5Hex('Wrong2026') }, '1000', '提现密码错误'],
    ['an amount under the minimum', { amount: 9999 }, '1000', '提现金额不能低于100.00元'],
    ['an amount above the balance', { amount: 50001 }, '4005', '可提现余额不足'],
  ])('refuses %s and keeps the SMS code for the next try', async (_name, patch, code, message) => {
    const cookie = await t.login(FULL);
    const agentId = await agentIdOf(FULL);
    await fund(agentId, 50000);
    const smsCode = await codeFor(t, cookie, 'WITHDRAW', FULL);
    const before = WITHOUT_COUNTERS(await t.snapshot());
    const res = await t.call(
      withdrawApply,
      { amount: 20000, payPassword: DEMO_DIGEST, smsCode, ...patch },
      { cookie },
    );
    expect(res).toMatchObject({ responseCode: code, responseMsg: message });
    expect(WITHOUT_COUNTERS(await t.snapshot())).toEqual(before);
    // The code was not used up by the refusal.
    const ok = await t.call(withdrawApply, { amount: 20000, payPassword: DEMO_DIGEST, smsCode }, { cookie });
    expect(ok.responseCode).toBe('0000');
  });

  it('refuses an amount the fee would eat whole', async () => {
    await t.call(
      updateWithdrawSetting,
      { minAmount: 1, feeRate: 0, feeFixed: 200 },
      { cookie: await t.login(OPERATOR) },
    );
    await fund(await agentIdOf(FULL), 50000);
    const res = await apply(FULL, 200);
    expect(res).toMatchObject({ responseCode: '1000', responseMsg: '提现金额须大于手续费' });
  });

  it('refuses a wrong, a missing or an old SMS code', async () => {
    const cookie = await t.login(FULL);
    const agentId = await agentIdOf(FULL);
    await fund(agentId, 50000);
    const smsCode = await codeFor(t, cookie, 'WITHDRAW', FULL);
    const wrong = await t.call(
      withdrawApply,
      { amount: 20000, payPassword: DEMO_DIGEST, smsCode: wrongCode(smsCode) },
      { cookie },
    );
    expect(wrong).toMatchObject({ responseCode: '4004', responseMsg: '验证码错误' });
    const missing = await t.callUnchecked(
      withdrawApply,
      { amount: 20000, payPassword: DEMO_DIGEST },
      { cookie },
    );
    expect(missing.responseCode).toBe('1000');
    // A code of another purpose does not open a withdrawal.
    t.clock.advance(60_000);
    const other = await codeFor(t, cookie, 'PAY_PASSWORD', FULL);
    const res = await t.call(
      withdrawApply,
      { amount: 20000, payPassword: DEMO_DIGEST, smsCode: other },
      { cookie },
    );
    expect(res.responseCode).toBe('4004');
    expect(await balanceOf(agentId)).toMatchObject({ available: 50000, frozen: 0 });
  });

  it.each([
    ['yuan with decimals', { amount: 100.5 }, '金额必须是以分为单位的整数'],
    ['a negative amount', { amount: -100 }, '金额'],
    ['zero', { amount: 0 }, '金额必须大于0'],
    ['text', { amount: '100' }, '金额必须是以分为单位的整数'],
    ['an unknown channel', { channel: 'wechat' }, 'channel'],
    ['a plain password', { payPassword: 'Demo2026' }, '密码格式不正确'],
    ['an unknown field', { note: 'x' }, 'note'],
  ])('refuses %s with 1000 before anything is read', async (_name, patch, message) => {
    const cookie = await t.login(FULL);
    const before = await t.snapshot();
    const res = await t.callUnchecked(
      withdrawApply,
      { amount: 20000, payPassword: DEMO_DIGEST, smsCode: '123456', ...patch },
      { cookie },
    );
    expect(res.responseCode).toBe('1000');
    expect(res.responseMsg).toContain(message);
    expect(await t.snapshot()).toEqual(before);
  });

  it('limits the withdraw password to 10 checks an hour', async () => {
    const cookie = await t.login(FULL);
    await fund(await agentIdOf(FULL), 50000);
    const body = { amount: 20000, payPassword: md5Hex('Wrong2026'), smsCode: '123456' };
    for (let i = 0; i < 10; i++)
      expect((await t.call(withdrawApply, body, { cookie })).responseMsg).toBe('提现密码错误');
    const locked = await t.call(withdrawApply, { ...body, payPassword: DEMO_DIGEST }, { cookie });
    expect(locked).toMatchObject({
      responseCode: '1029',
      responseMsg: '提现密码错误次数过多，请1小时后再试',
    });
  });

  it('answers 9996 without a session', async () => {
    const res = await t.call(withdrawApply, { amount: 20000, payPassword: DEMO_DIGEST, smsCode: '123456' });
    expect(res.responseCode).toBe('9996');
  });
});

describe('withdraw records and cancel', () => {
  it('lists only the caller’s own records, newest first, with the status filter', async () => {
    const full = await agentIdOf(FULL);
    const other = await agentIdOf(OTHER);
    await fund(full, 100000);
    await fund(other, 100000);
    const first = await apply(FULL, 10000);
    await apply(FULL, 11000);
    await apply(OTHER, 12000);
    const cookie = await t.login(FULL);
    await t.call(withdrawCancel, { id: Number(first.object?.id) }, { cookie });
    const all = await t.call(queryWithdrawRecords, {}, { cookie });
    expect(all.totalCount).toBe(2);
    expect(all.object?.map((r) => [r.amount, r.status])).toEqual([
      [11000, -1],
      [10000, 0],
    ]);
    const cancelled = await t.call(queryWithdrawRecords, { status: 0 }, { cookie });
    expect(cancelled.object?.map((r) => r.amount)).toEqual([10000]);
    const byAmount = await t.call(queryWithdrawRecords, { orderBy: 'amount', order: 'asc' }, { cookie });
    expect(byAmount.object?.map((r) => r.amount)).toEqual([10000, 11000]);
    const range = await t.call(
      queryWithdrawRecords,
      { startTime: '2026-03-03 00:00:00', endTime: '2026-03-03 23:59:59' },
      { cookie },
    );
    expect(range.totalCount).toBe(0);
  });

  it('cancels a pending withdrawal: the hold goes back, once', async () => {
    const agentId = await agentIdOf(FULL);
    await fund(agentId, 50000);
    const applied = await apply(FULL, 20000);
    const id = Number(applied.object?.id);
    const cookie = await t.login(FULL);
    const res = await t.call(withdrawCancel, { id }, { cookie });
    expect(res.object).toMatchObject({
      id,
      status: 0,
      stage: 'cancelled',
      finishTime: '2026-03-02 10:01:00',
    });
    expect(await balanceOf(agentId)).toMatchObject({ available: 50000, frozen: 0 });
    const again = await t.call(withdrawCancel, { id }, { cookie });
    expect(again).toMatchObject({ responseCode: '4002', responseMsg: '该提现已处理，不能再操作' });
    expect(await balanceOf(agentId)).toMatchObject({ available: 50000, frozen: 0 });
    await expectLedgerMatches(agentId);
  });

  it('refuses another agent’s withdrawal like an unknown one (1004), and an approved one (4002)', async () => {
    await fund(await agentIdOf(FULL), 50000);
    const applied = await apply(FULL, 20000);
    const id = Number(applied.object?.id);
    const other = await t.login(OTHER);
    const before = await t.snapshot();
    expect(await t.call(withdrawCancel, { id }, { cookie: other })).toMatchObject({
      responseCode: '1004',
      responseMsg: '提现记录不存在',
    });
    expect((await t.call(withdrawCancel, { id: 999999 }, { cookie: other })).responseCode).toBe('1004');
    expect(await t.snapshot()).toEqual(before);
    await t.call(approveWithdrawal, { id }, { cookie: await t.login(OPERATOR) });
    expect(await t.call(withdrawCancel, { id }, { cookie: await t.login(FULL) })).toMatchObject({
      responseCode: '4002',
      responseMsg: '该提现不在待审核状态',
    });
  });
});

describe('the operator’s review', () => {
  it('approves: the payout goes to the manual adapter, then marked paid takes the hold for good', async () => {
    await t.call(
      updateWithdrawSetting,
      { minAmount: 1000, feeRate: 100, feeFixed: 0 },
      { cookie: await t.login(OPERATOR) },
    );
    const agentId = await agentIdOf(FULL);
    await fund(agentId, 50000);
    const id = Number((await apply(FULL, 20000)).object?.id);
    const operator = await t.login(OPERATOR);
    t.clock.advance(60_000);
    const approved = await t.call(approveWithdrawal, { id }, { cookie: operator });
    expect(approved.object).toMatchObject({
      id,
      stage: 'approved',
      status: -1,
      accountNo: 'demo10001@example.com',
      reviewerName: expect.any(String),
      reviewTime: '2026-03-02 10:02:00',
    });
    const [payout] = await t.rows(
      sql`select payout_adapter, payout_recorded_at is not null as recorded from withdrawals where id = ${id}`,
    );
    expect(payout).toEqual({ payout_adapter: 'manual', recorded: true });
    const [job] = await t.rows(sql`select status from outbox where idempotency_key = ${`payout:${id}`}`);
    expect(job?.status).toBe('sent');
    expect(await balanceOf(agentId)).toMatchObject({ available: 30000, frozen: 20000, withdrawn: 0 });

    const again = await t.call(approveWithdrawal, { id }, { cookie: operator });
    expect(again).toMatchObject({ responseCode: '4002', responseMsg: '该提现不在待审核状态' });

    const paid = await t.call(markWithdrawalPaid, { id, payoutRef: '20260302000001' }, { cookie: operator });
    expect(paid.object).toMatchObject({ stage: 'paid', status: 1, payoutRef: '20260302000001', fee: 200 });
    // 200 of fee (1 %): 19800 reached the agent, which counts as withdrawn.
    expect(await balanceOf(agentId)).toEqual({ available: 30000, frozen: 0, withdrawn: 19800 });
    const kinds = await t.rows(
      sql`select kind, frozen_delta_fen from ledger_entries where withdrawal_id = ${id} order by id`,
    );
    expect(kinds.map((k) => [k.kind, Number(k.frozen_delta_fen)])).toEqual([
      ['withdraw_hold', 20000],
      ['withdraw_paid', -19800],
      ['withdraw_fee', -200],
    ]);
    await expectLedgerMatches(agentId);
    const records = await t.call(queryWithdrawRecords, {}, { cookie: await t.login(FULL) });
    expect(records.object?.[0]).toMatchObject({ id, status: 1, stage: 'paid' });
    expect((await t.call(markWithdrawalPaid, { id }, { cookie: operator })).responseCode).toBe('4002');
  });

  it('rejects with a reason: the hold goes back and the agent sees why', async () => {
    const agentId = await agentIdOf(FULL);
    await fund(agentId, 50000);
    const id = Number((await apply(FULL, 20000)).object?.id);
    const operator = await t.login(OPERATOR);
    const rejected = await t.call(rejectWithdrawal, { id, reason: '  账户信息有误 ' }, { cookie: operator });
    expect(rejected.object).toMatchObject({ stage: 'rejected', status: 2, reason: '账户信息有误' });
    expect(await balanceOf(agentId)).toMatchObject({ available: 50000, frozen: 0 });
    const mine = await t.call(queryWithdrawRecords, {}, { cookie: await t.login(FULL) });
    expect(mine.object?.[0]).toMatchObject({ status: 2, reason: '账户信息有误' });
    await expectLedgerMatches(agentId);
  });

  it('marks a failed payout: the hold goes back', async () => {
    const agentId = await agentIdOf(FULL);
    await fund(agentId, 50000);
    const id = Number((await apply(FULL, 20000)).object?.id);
    const operator = await t.login(OPERATOR);
    expect(
      (await t.call(markWithdrawalFailed, { id, reason: '未审核' }, { cookie: operator })).responseCode,
    ).toBe('4002');
    await t.call(approveWithdrawal, { id }, { cookie: operator });
    const failed = await t.call(
      markWithdrawalFailed,
      { id, reason: '支付宝账户不存在' },
      { cookie: operator },
    );
    expect(failed.object).toMatchObject({ stage: 'failed', status: 2, reason: '支付宝账户不存在' });
    expect(await balanceOf(agentId)).toMatchObject({ available: 50000, frozen: 0, withdrawn: 0 });
    await expectLedgerMatches(agentId);
  });

  it('audits every decision: who, when, what, the stage before and after', async () => {
    await fund(await agentIdOf(FULL), 50000);
    const id = Number((await apply(FULL, 20000)).object?.id);
    const operator = await t.login(OPERATOR);
    t.clock.advance(60_000);
    await t.call(approveWithdrawal, { id }, { cookie: operator });
    t.clock.advance(60_000);
    await t.call(markWithdrawalFailed, { id, reason: '账户冻结' }, { cookie: operator });
    const audit = await t.call(queryWithdrawAudit, { id }, { cookie: operator });
    expect(audit.object?.map((a) => [a.action, a.stageBefore, a.stageAfter, a.reason, a.time])).toEqual([
      ['apply', null, 'pending', null, '2026-03-02 10:00:00'],
      ['approve', 'pending', 'approved', null, '2026-03-02 10:02:00'],
      ['failed', 'approved', 'failed', '账户冻结', '2026-03-02 10:03:00'],
    ]);
    const [agentName, operatorName] = await Promise.all(
      [FULL, OPERATOR].map(async (p) => {
        const [r] = await t.rows(sql`select agent_name from agents where id = ${await agentIdOf(p)}`);
        return String(r?.agent_name);
      }),
    );
    expect(audit.object?.map((a) => a.actorName)).toEqual([agentName, operatorName, operatorName]);
    expect((await t.call(queryWithdrawAudit, { id: 999999 }, { cookie: operator })).responseCode).toBe(
      '1004',
    );
  });

  it('lists every withdrawal with the filters, whole account numbers for the transfer', async () => {
    await fund(await agentIdOf(FULL), 100000);
    await fund(await agentIdOf(OTHER), 100000);
    const a = Number((await apply(FULL, 10000)).object?.id);
    await apply(OTHER, 12000);
    const operator = await t.login(OPERATOR);
    await t.call(approveWithdrawal, { id: a }, { cookie: operator });
    const all = await t.call(queryWithdrawReviews, {}, { cookie: operator });
    expect(all.totalCount).toBe(2);
    expect(all.object?.every((r) => r.accountNo.endsWith('@example.com') && !r.accountNo.includes('*'))).toBe(
      true,
    );
    const approved = await t.call(queryWithdrawReviews, { stage: 'approved' }, { cookie: operator });
    expect(approved.object?.map((r) => r.id)).toEqual([a]);
    const processing = await t.call(queryWithdrawReviews, { status: -1 }, { cookie: operator });
    expect(processing.totalCount).toBe(2);
    const [name] = await t.rows(sql`select agent_name from agents where id = ${await agentIdOf(OTHER)}`);
    const byName = await t.call(
      queryWithdrawReviews,
      { agentName: String(name?.agent_name) },
      { cookie: operator },
    );
    expect(byName.object?.map((r) => r.amount)).toEqual([12000]);
  });

  it.each([
    ['an empty reason', { reason: '   ' }, '请输入原因'],
    ['a reason over 100 characters', { reason: '原'.repeat(101) }, '原因最多100个字'],
    ['a missing id', { id: undefined }, 'id'],
  ])('refuses a rejection with %s (1000) and changes nothing', async (_name, patch, message) => {
    await fund(await agentIdOf(FULL), 50000);
    const id = Number((await apply(FULL, 20000)).object?.id);
    const operator = await t.login(OPERATOR);
    const before = await t.snapshot();
    const res = await t.callUnchecked(
      rejectWithdrawal,
      { id, reason: '原因', ...patch },
      { cookie: operator },
    );
    expect(res.responseCode).toBe('1000');
    expect(res.responseMsg).toContain(message);
    expect(await t.snapshot()).toEqual(before);
  });

  it('is the operator’s: 1003 for an agent, nothing changes', async () => {
    await fund(await agentIdOf(FULL), 50000);
    const id = Number((await apply(FULL, 20000)).object?.id);
    const cookie = await t.login(FULL);
    const before = await t.snapshot();
    for (const ep of [approveWithdrawal, markWithdrawalPaid, queryWithdrawAudit] as const)
      expect((await t.callUnchecked(ep, { id }, { cookie })).responseCode).toBe('1003');
    expect((await t.call(rejectWithdrawal, { id, reason: 'x' }, { cookie })).responseCode).toBe('1003');
    expect((await t.call(queryWithdrawReviews, {}, { cookie })).responseCode).toBe('1003');
    expect(await t.snapshot()).toEqual(before);
  });
});

describe('concurrency', () => {
  it('100 parallel holds against a balance B for amount a: exactly ⌊B / a⌋ succeed, the balance ends ≥ 0', async () => {
    const agentId = await agentIdOf(FULL);
    const B = 1_234_567;
    const a = 25_000;
    await fund(agentId, B);
    const sealed = await services().withdrawAccount.sealedCopy(10001);
    if (!sealed) throw new Error('the demo agent has a withdraw account');
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        services().withdrawals.hold(agentId, { amount: a, fee: 0, channel: 'alipay', ...sealed }),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled').length;
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as { code?: string }] : []));
    expect(won).toBe(Math.floor(B / a));
    expect(refusals.every((e) => e.code === '4005')).toBe(true);
    expect(await balanceOf(agentId)).toMatchObject({ available: B - won * a, frozen: won * a });
    const [rows] = await t.rows(sql`select count(*)::int as n from withdrawals where agent_id = ${agentId}`);
    expect(rows?.n).toBe(won);
    await expectLedgerMatches(agentId);
  });

  it('approve and reject racing on one withdrawal: exactly one wins, the money moves once', async () => {
    const agentId = await agentIdOf(FULL);
    await fund(agentId, 1_000_000);
    const sealed = await services().withdrawAccount.sealedCopy(10001);
    if (!sealed) throw new Error('the demo agent has a withdraw account');
    const ids: number[] = [];
    for (let i = 0; i < 10; i++)
      ids.push(
        (await services().withdrawals.hold(agentId, { amount: 10000, fee: 0, channel: 'alipay', ...sealed }))
          .id,
      );
    const operator = await t.login(OPERATOR);
    const owner = await t.login(FULL);
    const replies = await Promise.all(
      ids.map((id) =>
        Promise.all([
          t.call(approveWithdrawal, { id }, { cookie: operator }),
          t.call(rejectWithdrawal, { id, reason: '并发驳回' }, { cookie: operator }),
          t.call(withdrawCancel, { id }, { cookie: owner }),
        ]),
      ),
    );
    let rejectedOrCancelled = 0;
    for (const [approve, reject, cancel] of replies) {
      const codes = [approve.responseCode, reject.responseCode, cancel.responseCode];
      expect(codes.filter((c) => c === '0000')).toHaveLength(1);
      expect(codes.filter((c) => c !== '0000').every((c) => c === '4002')).toBe(true);
      if (approve.responseCode !== '0000') rejectedOrCancelled += 1;
    }
    const [audits] = await t.rows(
      sql`select count(*)::int as n from withdrawal_audit where withdrawal_id in ${sql.raw(`(${ids.join(',')})`)} and action <> 'apply'`,
    );
    expect(audits?.n).toBe(10);
    expect(await balanceOf(agentId)).toMatchObject({
      available: 1_000_000 - 100_000 + rejectedOrCancelled * 10000,
      frozen: (10 - rejectedOrCancelled) * 10000,
    });
    await expectLedgerMatches(agentId);
  });
});
