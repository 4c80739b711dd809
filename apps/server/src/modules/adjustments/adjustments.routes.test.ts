import { adjustBalance, queryOwnFinance } from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';

const t = useTestApp();
const OPERATOR = '13800000000';
const FULL = '13800000001';

const agentIdOf = async (phone: string): Promise<number> => {
  const [row] = await t.rows(
    sql`select a.id from agents a join accounts u on u.id = a.user_id where u.mobile_phone = ${phone}`,
  );
  return Number(row?.id);
};

describe('POST /api/finance/adjust', () => {
  it('credits and debits an agent’s available balance with a ledger entry that keeps the reason and the operator', async () => {
    const cookie = await t.login(OPERATOR);
    const agentId = await agentIdOf(FULL);
    const before =
      (await t.call(queryOwnFinance, {}, { cookie: await t.login(FULL) })).object?.available ?? 0;
    const credit = await t.call(
      adjustBalance,
      { agentId, amount: 12345, reason: ' 补发三月分润 ' },
      { cookie },
    );
    expect(credit.object).toMatchObject({ available: before + 12345 });
    const debit = await t.call(adjustBalance, { agentId, amount: -345, reason: '多发冲回' }, { cookie });
    expect(debit.object).toMatchObject({ available: before + 12000 });
    const entries = await t.rows(
      sql`select kind, available_delta_fen, reason, actor_agent_id from ledger_entries where agent_id = ${agentId} order by id desc limit 2`,
    );
    expect(
      entries.map((e) => [e.kind, Number(e.available_delta_fen), e.reason, Number(e.actor_agent_id)]),
    ).toEqual([
      ['adjustment', -345, '多发冲回', await agentIdOf(OPERATOR)],
      ['adjustment', 12345, '补发三月分润', await agentIdOf(OPERATOR)],
    ]);
  });

  it('refuses a debit beyond the available balance with 4005 and writes nothing', async () => {
    const cookie = await t.login(OPERATOR);
    const agentId = await agentIdOf(FULL);
    await t.call(adjustBalance, { agentId, amount: 100, reason: '入账' }, { cookie });
    const available =
      (await t.call(queryOwnFinance, {}, { cookie: await t.login(FULL) })).object?.available ?? 0;
    const before = await t.snapshot();
    const res = await t.call(
      adjustBalance,
      { agentId, amount: -(available + 1), reason: '扣回' },
      { cookie },
    );
    expect(res).toMatchObject({ responseCode: '4005', responseMsg: '可用余额不足' });
    expect(await t.snapshot()).toEqual(before);
  });

  it.each([
    ['zero', { amount: 0 }, '调整金额不能为0'],
    ['yuan with decimals', { amount: 1.5 }, '金额必须是以分为单位的整数'],
    ['no reason', { reason: '  ' }, '请输入调整原因'],
    ['a reason over 200 characters', { reason: '因'.repeat(201) }, '调整原因最多200个字'],
  ])('refuses %s with 1000 and changes nothing', async (_name, patch, message) => {
    const cookie = await t.login(OPERATOR);
    const agentId = await agentIdOf(FULL);
    const before = await t.snapshot();
    const res = await t.callUnchecked(
      adjustBalance,
      { agentId, amount: 100, reason: '入账', ...patch },
      { cookie },
    );
    expect(res.responseCode).toBe('1000');
    expect(res.responseMsg).toContain(message);
    expect(await t.snapshot()).toEqual(before);
  });

  it('answers 1004 for an unknown agent and 1003 for anyone but the operator', async () => {
    const operator = await t.login(OPERATOR);
    expect(
      (await t.call(adjustBalance, { agentId: 999999, amount: 1, reason: '入账' }, { cookie: operator }))
        .responseCode,
    ).toBe('1004');
    const agent = await t.login(FULL);
    const res = await t.call(
      adjustBalance,
      { agentId: await agentIdOf(FULL), amount: 1, reason: '自己加钱' },
      { cookie: agent },
    );
    expect(res.responseCode).toBe('1003');
  });
});
