import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { demoPasswordHash } from '../../demo/seed-demo-world';
import { createServices } from '../../services';
import type { CreateAgentInput } from './agents.service';

const t = useTestApp();
const agents = () => createServices({ db: t.db, config: t.config, clock: t.clock.now }).agents;

/** The demo agent id of a phone. */
const agentIdOf = async (phone: string) => {
  const [row] = await t.rows(
    sql`select a.id from agents a join accounts c on c.id = a.user_id where c.mobile_phone = ${phone}`,
  );
  return Number(row?.id);
};

const input = async (overrides: Partial<CreateAgentInput>): Promise<CreateAgentInput> => ({
  parentId: await agentIdOf('13800000003'),
  agentLevel: 4,
  agentName: '罗湖网咖',
  mobilePhone: '13712340000',
  loginPasswordHash: await demoPasswordHash(),
  areaInfo: ['440000-440300-440303'],
  ...overrides,
});

describe('AgentsService.createAgent', () => {
  it('creates the account and the agent below its parent', async () => {
    const agent = await agents().createAgent(await input({ proportion: 4500 }));
    expect(agent).toMatchObject({ agentLevel: 4, proportion: 4500, isHbpush: false, status: 'active' });
    const [account] = await t.rows(sql`select login_password_set from accounts where id = ${agent.userId}`);
    expect(account?.login_password_set).toBe(false);
  });

  it.each([
    ['a level not below the parent', { agentLevel: 3 }, '下级代理的等级必须低于上级'],
    ['areas outside the parent', { areaInfo: ['440000-440100'] }, '上级代理的地区之内'],
    ['an unknown area', { areaInfo: ['440000-440300-999999'] }, '地区不存在'],
    ['no area below level 1', { areaInfo: [] }, '请选择代理地区'],
    ['a phone already registered', { mobilePhone: '13800000005' }, '该手机号已注册'],
    ['an invalid phone', { mobilePhone: '2380000000' }, '手机号不正确'],
    ['an unknown parent', { parentId: 9999 }, '上级代理不存在'],
    ['a second operator', { agentLevel: 0, parentId: null, areaInfo: [] }, '全国总代理已存在'],
    ['a ratio over 100 %', { proportion: 10001 }, '分润比例'],
    ['a flag the parent lacks', { flags: { isHbpush: true } }, '上级代理没有「手动发红包」权限'],
    ['a proportion above the parent', { proportion: 6001 }, '分润占比不能高于上级代理（60%）'],
    ['a base ratio above the parent', { baseProfitRatio: 2001 }, '基础分润比例不能高于上级代理（20%）'],
    ['an unknown game', { gameRatios: [{ gameId: 9999, profitRatio: 100 }] }, '游戏不存在'],
    ['an empty name', { agentName: '  ' }, '代理名称'],
  ])('refuses %s and writes nothing', async (_name, overrides, message) => {
    const before = await t.snapshot();
    await expect(agents().createAgent(await input(overrides))).rejects.toThrow(message);
    expect(await t.snapshot()).toEqual(before);
  });

  it('rolls the account back when the agent cannot be stored', async () => {
    // A constraint only this test adds makes the agent insert fail after the account insert.
    await t.rows(sql`alter table agents add constraint test_refuse_name check (agent_name <> '拒绝')`);
    try {
      const before = await t.snapshot();
      await expect(agents().createAgent(await input({ agentName: '拒绝' }))).rejects.toThrow();
      expect(await t.snapshot()).toEqual(before);
    } finally {
      await t.rows(sql`alter table agents drop constraint test_refuse_name`);
    }
  });
});
