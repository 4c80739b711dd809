import {
  type CreateAgentRequest,
  createAgent,
  deleteAgent,
  getOrderProfitRatios,
  isXuanHaoExistUser,
  queryAgentAreaDetail,
  queryAgentDetail,
  queryAgentInfoPage,
  querySubAgentTaskStatus,
  type UpdateAgentRequest,
  updateAgent,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentMgtHelpers } from '../../../test/agent-mgt-helpers';
import { md5Hex, useTestApp } from '../../../test/build-test-app';
import { GAME_CATALOGUE } from '../games/games.service';

const t = useTestApp();
const h = agentMgtHelpers(t);

const OPERATOR = '13800000000';
const L1 = '13800000001';
const L2 = '13800000002'; // 粤海网络科技, 广东省
const L3 = '13800000003'; // 鹏城电竞网咖联盟, 深圳市
const L4 = '13800000004'; // 南山科技园网咖, 南山区
const L5 = '13800000005'; // 陈晓明

const list = async (phone: string, body: Record<string, unknown> = {}) =>
  t.callUnchecked(queryAgentInfoPage, body, { cookie: await h.as(phone) });

const newAgent = (overrides: Partial<CreateAgentRequest> = {}): CreateAgentRequest => ({
  mobilePhone: '13712340001',
  password: md5Hex('Start2026'),
  agentLevel: 3,
  agentName: '珠海网咖联盟',
  areaInfo: ['440000-440400'],
  proportion: 0.55,
  baseProfitRatio: 0.2,
  gameProfitRatios: [],
  remark: '珠海市级代理',
  ...overrides,
});

const newUpdate = (id: number): UpdateAgentRequest => ({
  id,
  agentName: '任意',
  areaInfo: ['440000-440300-440305'],
  proportion: 0.1,
  baseProfitRatio: 0.1,
  gameProfitRatios: [],
  remark: '',
});

/** The update body of a demo agent as it is now, with overrides. */
async function currentOf(
  id: number,
  overrides: Partial<UpdateAgentRequest> = {},
): Promise<UpdateAgentRequest> {
  const [row] = await t.rows(sql`select * from agents where id = ${id}`);
  const ratios = await t.rows(
    sql`select game_id, profit_ratio from agent_game_ratios where agent_id = ${id} order by game_id`,
  );
  return {
    id,
    agentName: String(row?.agent_name),
    areaInfo: row?.area_info as string[],
    proportion: Number(row?.proportion) / 10000,
    baseProfitRatio: Number(row?.base_profit_ratio) / 10000,
    gameProfitRatios: ratios.map((r) => ({
      gameId: Number(r.game_id),
      profitRatio: Number(r.profit_ratio) / 10000,
    })),
    remark: String(row?.remark),
    ...overrides,
  };
}

describe('POST /api/agent/queryAgentInfoPage', () => {
  it("lists the operator's whole tree but itself, newest first, 30 a page, with the total", async () => {
    const [count] = await t.rows(sql`select count(*)::int as n from agents where status = 'active'`);
    const res = await list(OPERATOR);
    expect(res.responseCode).toBe('0000');
    expect(res.totalCount).toBe(Number(count?.n) - 1);
    expect(res.object).toHaveLength(30);
    const times = (res.object ?? []).map((a) => a.createTime);
    expect(times).toEqual([...times].sort().reverse());
    expect(res.object?.some((a) => a.agentLevel === 0)).toBe(false);
  });

  it('lists only the subtree of a city agent, with counts, names and ratios', async () => {
    const res = await list(L3, { pageSize: 50 });
    expect(res.totalCount).toBe(5);
    const names = (res.object ?? []).map((a) => a.agentName).sort();
    expect(names).toEqual(['南山科技园网咖', '宝安网娱', '林志强', '福田网咖联盟', '陈晓明'].sort());
    const nanshan = res.object?.find((a) => a.agentName === '南山科技园网咖');
    expect(nanshan).toMatchObject({
      agentLevel: 4,
      parentName: '鹏城电竞网咖联盟',
      mobilePhone: '138****0004',
      areaInfo: '["440000-440300-440305"]',
      areaNames: ['广东省-深圳市-南山区'],
      proportion: 0.5,
      baseProfitRatio: 0.15,
      gameProfitRatios: [{ gameId: expect.any(Number), gameName: '王者荣耀', profitRatio: 0.18 }],
      subAgentCount: 2,
      netBarCount: 0,
      remark: '南山区代理',
      createTime: '2026-03-02 10:00:00',
    });
  });

  it('filters by name, phone (exact or suffix), level, area, tree node and created range', async () => {
    const names = async (body: Record<string, unknown>) =>
      ((await list(L2, { pageSize: 200, ...body })).object ?? []).map((a) => a.agentName).sort();
    expect(await names({ agentName: '南山' })).toEqual(['南山科技园网咖']);
    expect(await names({ mobilePhone: '0005' })).toEqual(['陈晓明']);
    expect(await names({ mobilePhone: '13800000005' })).toEqual(['陈晓明']);
    expect(await names({ mobilePhone: '%' })).toEqual([]);
    expect(await names({ agentLevel: 3 })).toContain('羊城电竞');
    expect((await names({ agentLevel: 3 })).length).toBeGreaterThan(4);
    expect(await names({ areaKey: '440000-440300-440305' })).toEqual(
      ['南山科技园网咖', '林志强', '陈晓明', '鹏城电竞网咖联盟'].sort(),
    );
    expect(await names({ pid: await h.idOf(L4) })).toEqual(['南山科技园网咖', '林志强', '陈晓明'].sort());
    expect(await names({ pid: -1, agentName: '南山' })).toEqual(['南山科技园网咖']);
    // The hand-written agents were created at seeding time (10:00); generated ones days before.
    expect(await names({ startTime: '2026-03-02', endTime: '2026-03-02', agentName: '南山' })).toEqual([
      '南山科技园网咖',
    ]);
    expect(await names({ startTime: '2026-03-03 00:00:00' })).toEqual([]);
    const older = await list(L2, { pageSize: 200, endTime: '2026-03-01 23:59:59' });
    expect(older.totalCount).toBeGreaterThan(0);
    expect(older.object?.every((a) => a.createTime < '2026-03-02')).toBe(true);
  });

  it('pages past the end with an empty page and the true total', async () => {
    const res = await list(L3, { pageNum: 3 });
    expect(res.object).toEqual([]);
    expect(res.totalCount).toBe(5);
  });

  it('answers 1004 for a tree node outside the subtree, and 1003 for a promoter', async () => {
    const res = await list(L3, { pid: await h.idNamed('羊城电竞') });
    expect(res).toMatchObject({ responseCode: '1004', responseMsg: '代理不存在', object: null });
    expect((await list(L5)).responseCode).toBe('1003');
  });

  it.each([
    [{ pageSize: 20 }, '每页条数只能是 30、50、100 或 200'],
    [{ areaKey: '440000-999999' }, '地区不存在'],
    [{ areaKey: 'guangdong' }, '地区格式不正确'],
    [{ startTime: '2026-03-05', endTime: '2026-03-01' }, '开始时间不能晚于结束时间'],
    [{ startTime: '昨天' }, '时间格式应为 YYYY-MM-DD HH:mm:ss'],
    [{ startTime: '2026-02-30' }, '时间不存在：2026-02-30'],
    [{ agentLevel: 6 }, '请求参数错误：agentLevel 数值过大：期望 number <=5'],
    [{ status: 'deleted' }, '请求参数错误：出现未知的键(key): "status"'],
  ])('refuses %j with 1000', async (body, message) => {
    const res = await list(L2, body);
    expect(res.responseCode).toBe('1000');
    expect(res.responseMsg).toContain(message);
  });
});

describe('POST /api/agent/createAgent', () => {
  it('lets one of two creations racing for the same phone through and refuses the other by name', async () => {
    const [l2, operator] = [await h.as(L2), await h.as(OPERATOR)];
    const replies = await Promise.all([
      t.callUnchecked(createAgent, newAgent(), { cookie: l2 }),
      t.callUnchecked(createAgent, newAgent({ agentName: '珠海第二联盟' }), { cookie: operator }),
    ]);
    expect(replies.map((r) => r.responseCode).sort()).toEqual(['0000', '4001']);
    expect(replies.find((r) => r.responseCode === '4001')?.responseMsg).toBe('该手机号已注册');
    const rows = await t.rows(sql`select id from accounts where mobile_phone = '13712340001'`);
    expect(rows).toHaveLength(1);
  });

  it('creates a city agent below the caller, listed first, able to log in with its password', async () => {
    const cookie = await h.as(L2);
    const wzry = await h.gameId('王者荣耀');
    const res = await t.call(
      createAgent,
      newAgent({
        gameProfitRatios: [{ gameId: wzry, profitRatio: 0.28 }],
        flags: { setSettleAuthority: true },
      }),
      { cookie },
    );
    expect(res.responseCode).toBe('0000');
    expect(res.object).toMatchObject({
      agentName: '珠海网咖联盟',
      agentLevel: 3,
      parentId: await h.idOf(L2),
      parentName: '粤海网络科技',
      mobilePhone: '137****0001',
      areaNames: ['广东省-珠海市'],
      proportion: 0.55,
      baseProfitRatio: 0.2,
      gameProfitRatios: [{ gameId: wzry, gameName: '王者荣耀', profitRatio: 0.28 }],
      setSettleAuthority: true,
      isHbpush: false,
      subAgentCount: 0,
    });
    const first = await t.call(queryAgentInfoPage, {}, { cookie });
    expect(first.object?.[0]?.agentName).toBe('珠海网咖联盟');
    expect(await t.login('13712340001', { password: 'Start2026' })).toMatch(/^ac_sid=/);
    const [account] = await t.rows(
      sql`select login_password_set from accounts where mobile_phone = '13712340001'`,
    );
    expect(account?.login_password_set).toBe(false);
  });

  it('creates below an agent of the subtree, several levels deeper', async () => {
    const res = await t.call(
      createAgent,
      newAgent({
        parentId: await h.idOf(L3),
        agentLevel: 5,
        agentName: '赵磊',
        areaInfo: ['440000-440300-440303'],
        proportion: 0.3,
        baseProfitRatio: 0.1,
      }),
      { cookie: await h.as(L2) },
    );
    expect(res.object).toMatchObject({ agentLevel: 5, parentName: '鹏城电竞网咖联盟' });
  });

  it.each<[string, Partial<CreateAgentRequest>, string, string]>([
    ['a level not below the parent', { agentLevel: 2 }, '1000', '下级代理的等级必须低于上级'],
    ['areas outside the parent', { areaInfo: ['330000-330100'] }, '1000', '代理地区必须在上级代理的地区之内'],
    ['no area below level 1', { areaInfo: [] }, '1000', '请选择代理地区'],
    ['an unknown area', { areaInfo: ['440000-440300-999999'] }, '1000', '地区不存在'],
    [
      'a flag the parent lacks',
      { flags: { isHbpush: true } },
      '1000',
      '上级代理没有「手动发红包」权限，不能授予下级代理',
    ],
    ['a proportion above the parent', { proportion: 0.71 }, '1000', '分润占比不能高于上级代理（70%）'],
    [
      'a base ratio above the parent',
      { baseProfitRatio: 0.26 },
      '1000',
      '基础分润比例不能高于上级代理（25%）',
    ],
    ['a phone already registered', { mobilePhone: L5 }, '4001', '该手机号已注册'],
    ['an invalid phone', { mobilePhone: '23712340001' }, '1000', '手机号不正确'],
    ['a ratio over 100 %', { proportion: 1.2 }, '1000', '比例不能大于 100%'],
    ['a ratio with too many decimals', { proportion: 0.123456 }, '1000', '比例最多保留两位小数'],
    ['a level below 5', { agentLevel: 6 }, '1000', '请求参数错误：agentLevel 数值过大：期望 number <=5'],
    ['an empty name', { agentName: '  ' }, '1000', '请输入代理名称'],
    ['a password that is not a digest', { password: 'Start2026' }, '1000', '密码格式不正确'],
  ])('refuses %s and changes nothing', async (_name, overrides, code, message) => {
    const cookie = await h.as(L2);
    const before = await t.snapshot();
    const res = await t.callUnchecked(createAgent, newAgent(overrides), { cookie });
    expect(res.responseCode).toBe(code);
    expect(res.responseMsg).toContain(message);
    expect(await t.snapshot()).toEqual(before);
  });

  it('keeps each game ratio under the parent’s, falling back to its base ratio', async () => {
    const cookie = await h.as(L2);
    const before = await t.snapshot();
    const over = await t.call(
      createAgent,
      newAgent({ gameProfitRatios: [{ gameId: await h.gameId('王者荣耀'), profitRatio: 0.31 }] }),
      { cookie },
    );
    expect(over.responseMsg).toBe('「王者荣耀」的分润比例不能高于上级代理（30%）');
    // 英雄联盟 has no special ratio at 粤海: its bound is 粤海's base ratio, 25 %.
    const fallback = await t.call(
      createAgent,
      newAgent({ gameProfitRatios: [{ gameId: await h.gameId('英雄联盟'), profitRatio: 0.26 }] }),
      { cookie },
    );
    expect(fallback.responseMsg).toBe('「英雄联盟」的分润比例不能高于上级代理（25%）');
    const twice = await t.call(
      createAgent,
      newAgent({
        gameProfitRatios: [
          { gameId: 1, profitRatio: 0.1 },
          { gameId: 1, profitRatio: 0.1 },
        ],
      }),
      { cookie },
    );
    expect(twice.responseMsg).toBe('游戏重复');
    expect(await t.snapshot()).toEqual(before);
  });

  it('answers 1004 for a parent outside the subtree and writes nothing', async () => {
    const cookie = await h.as(L2);
    const parentId = await h.idNamed('钱塘网络科技');
    const before = await t.snapshot();
    const res = await t.call(createAgent, newAgent({ parentId }), { cookie });
    expect(res).toMatchObject({ responseCode: '1004', responseMsg: '代理不存在' });
    expect(await t.snapshot()).toEqual(before);
  });

  it('refuses unknown keys such as a status, and promoters altogether', async () => {
    const res = await t.callUnchecked(
      createAgent,
      { ...newAgent(), status: 'active' },
      { cookie: await h.as(L2) },
    );
    expect(res.responseCode).toBe('1000');
    const promoter = await t.call(createAgent, newAgent({ agentLevel: 5 }), { cookie: await h.as(L5) });
    expect(promoter.responseCode).toBe('1003');
  });
});

describe('POST /api/agent/updateAgent', () => {
  it('changes name, areas, ratios, game ratios, flags and remark within the parent’s bounds', async () => {
    const id = await h.idOf(L3);
    const res = await t.call(
      updateAgent,
      await currentOf(id, {
        agentName: '鹏城电竞',
        areaInfo: ['440000-440300', '440000-440400'],
        proportion: 0.65,
        remark: '深圳、珠海市级代理',
        flags: { hasMemberFinanceMenu: true },
      }),
      { cookie: await h.as(L2) },
    );
    expect(res.responseCode).toBe('0000');
    expect(res.object).toMatchObject({
      agentName: '鹏城电竞',
      areaNames: ['广东省-深圳市', '广东省-珠海市'],
      proportion: 0.65,
      hasMemberFinanceMenu: true,
      setSettleAuthority: false,
      agentLevel: 3,
    });
    const [row] = await t.rows(sql`select agent_level, parent_id from agents where id = ${id}`);
    expect(row).toEqual({ agent_level: 3, parent_id: await h.idOf(L2) });
  });

  it.each<[string, Partial<UpdateAgentRequest>, string]>([
    [
      'a proportion under a sub-agent’s',
      { proportion: 0.45 },
      '下级代理「南山科技园网咖」的分润占比（50%）高于修改后的值（45%）',
    ],
    [
      'a base ratio under a sub-agent’s',
      { baseProfitRatio: 0.1 },
      '下级代理「南山科技园网咖」的基础分润比例（15%）高于修改后的值（10%）',
    ],
    [
      'areas that leave a sub-agent out',
      { areaInfo: ['440000-440300-440304'] },
      '下级代理「南山科技园网咖」的地区不在修改后的地区之内',
    ],
    ['a proportion above the parent', { proportion: 0.75 }, '分润占比不能高于上级代理（70%）'],
    ['a flag the parent lacks', { flags: { isHbpush: true } }, '上级代理没有「手动发红包」权限'],
  ])('refuses %s, naming the reason, and changes nothing', async (_name, overrides, message) => {
    const id = await h.idOf(L3);
    const cookie = await h.as(L2);
    const body = await currentOf(id, overrides);
    const before = await t.snapshot();
    const res = await t.call(updateAgent, body, { cookie });
    expect(res.responseCode).toBe('1000');
    expect(res.responseMsg).toContain(message);
    expect(await t.snapshot()).toEqual(before);
  });

  it('refuses a game ratio under a sub-agent’s', async () => {
    const body = await currentOf(await h.idOf(L3), {
      gameProfitRatios: [{ gameId: await h.gameId('王者荣耀'), profitRatio: 0.17 }],
    });
    const res = await t.call(updateAgent, body, { cookie: await h.as(L2) });
    expect(res.responseMsg).toBe(
      '下级代理「南山科技园网咖」的「王者荣耀」分润比例（18%）高于修改后的值（17%），请先调整该下级代理',
    );
  });

  it('refuses to take away a flag a sub-agent holds', async () => {
    const id = await h.idOf(L1);
    const res = await t.call(updateAgent, await currentOf(id, { flags: { isHbpush: false } }), {
      cookie: await h.as(OPERATOR),
    });
    expect(res.responseMsg).toBe('下级代理「天府游娱」拥有「手动发红包」权限，不能取消，请先调整该下级代理');
  });

  it('refuses level and parent (not part of the request), the caller itself and agents outside', async () => {
    const cookie = await h.as(L3);
    const nanshan = await h.idOf(L4);
    const before = await t.snapshot();
    const withLevel = await t.callUnchecked(
      updateAgent,
      { ...(await currentOf(nanshan)), agentLevel: 3 },
      { cookie },
    );
    expect(withLevel.responseCode).toBe('1000');
    const withParent = await t.callUnchecked(
      updateAgent,
      { ...(await currentOf(nanshan)), parentId: 1 },
      { cookie },
    );
    expect(withParent.responseCode).toBe('1000');
    const self = await t.call(updateAgent, await currentOf(await h.idOf(L3)), { cookie });
    expect(self).toMatchObject({ responseCode: '1000', responseMsg: '不能修改自己的代理信息' });
    for (const other of [await h.idOf(L2), await h.idNamed('羊城电竞'), 999_999]) {
      const res = await t.call(updateAgent, newUpdate(other), { cookie });
      expect(res).toMatchObject({ responseCode: '1004', responseMsg: '代理不存在' });
    }
    expect(await t.snapshot()).toEqual(before);
  });
});

describe('POST /api/agent/deleteAgent/{id}', () => {
  it('refuses while the agent has sub-agents, and changes nothing', async () => {
    const cookie = await h.as(L3);
    const id = await h.idOf(L4);
    const before = await t.snapshot();
    const res = await h.callAt(deleteAgent, { id }, {}, cookie);
    expect(res).toMatchObject({ responseCode: '4002', responseMsg: '该代理下还有下级代理，不能删除' });
    expect(await t.snapshot()).toEqual(before);
  });

  it('deletes a leaf: gone from the list, its sessions removed, its login disabled', async () => {
    const victim = await h.idOf(L5);
    const victimCookie = await h.as(L5);
    const cookie = await h.as(L3);
    const res = await h.callAt(deleteAgent, { id: victim }, {}, cookie);
    expect(res).toMatchObject({ responseCode: '0000', object: true });
    const names = (await t.call(queryAgentInfoPage, {}, { cookie })).object?.map((a) => a.agentName);
    expect(names).not.toContain('陈晓明');
    expect(
      (await t.call(queryAgentInfoPage, { agentName: '南山' }, { cookie })).object?.[0]?.subAgentCount,
    ).toBe(1);
    const [row] = await t.rows(
      sql`select a.status as agent, c.status as account, (select count(*)::int from sessions s where s.account_id = c.id) as sessions
        from agents a join accounts c on c.id = a.user_id where a.id = ${victim}`,
    );
    expect(row).toEqual({ agent: 'deleted', account: 'disabled', sessions: 0 });
    expect((await h.callAt(queryAgentDetail, { id: victim }, {}, victimCookie)).responseCode).toBe('9996');
    const again = await h.callAt(deleteAgent, { id: victim }, {}, cookie);
    expect(again).toMatchObject({ responseCode: '1004', responseMsg: '代理不存在' });
    expect((await h.callAt(queryAgentDetail, { id: victim }, {}, cookie)).responseCode).toBe('1004');
  });

  it('answers 1004 outside the subtree and refuses the caller itself', async () => {
    const cookie = await h.as(L3);
    const before = await t.snapshot();
    expect((await h.callAt(deleteAgent, { id: await h.idNamed('黄伟') }, {}, cookie)).responseCode).toBe(
      '1004',
    );
    expect((await h.callAt(deleteAgent, { id: await h.idOf(L2) }, {}, cookie)).responseCode).toBe('1004');
    expect((await h.callAt(deleteAgent, { id: await h.idOf(L3) }, {}, cookie)).responseMsg).toBe(
      '不能删除自己',
    );
    expect((await h.callAt(deleteAgent, { id: 'x' as unknown as number }, {}, cookie)).responseCode).toBe(
      '1000',
    );
    expect(await t.snapshot()).toEqual(before);
  });
});

describe('POST /api/agent/query/{id}', () => {
  it('gives the popover of a sub-agent: areas as names, ratios, remark', async () => {
    const res = await h.callAt(queryAgentDetail, { id: await h.idOf(L4) }, {}, await h.as(L3));
    expect(res).toMatchObject({
      responseCode: '0000',
      object: {
        agentName: '南山科技园网咖',
        agentLevel: 4,
        areaInfo: JSON.stringify({ '440000-440300-440305': '广东省-深圳市-南山区' }),
        proportion: 0.5,
        showProportion: true,
        orderProfitRatioRes: {
          baseProfitRatio: 0.15,
          gameProfitRatios: [{ gameName: '王者荣耀', profitRatio: 0.18 }],
        },
        remark: '南山区代理',
      },
    });
  });

  it('hides the proportion of an agent with hasPriceAddRangeFlag; answers 1004 outside', async () => {
    const operator = await h.as(OPERATOR);
    const own = await h.callAt(queryAgentDetail, { id: await h.idOf(OPERATOR) }, {}, operator);
    expect(own.object?.showProportion).toBe(false);
    const cookie = await h.as(L3);
    for (const id of [await h.idOf(L2), await h.idNamed('黄伟'), 999_999]) {
      expect(await h.callAt(queryAgentDetail, { id }, {}, cookie)).toMatchObject({
        responseCode: '1004',
        responseMsg: '代理不存在',
      });
    }
  });
});

describe('POST /api/agent/queryAgentAreaDetail', () => {
  it('gives the caller’s areas, or those of a parent in its subtree', async () => {
    const cookie = await h.as(L3);
    const own = await t.call(queryAgentAreaDetail, {}, { cookie });
    expect(own.object?.map((p) => p.id)).toEqual([440000]);
    expect(own.object?.[0]?.children?.map((c) => c.id)).toEqual([440300]);
    const nanshan = await t.call(queryAgentAreaDetail, { parentId: await h.idOf(L4) }, { cookie });
    expect(nanshan.object?.[0]?.children?.[0]?.children).toEqual([{ id: 440305, label: '南山区' }]);
    const national = await t.call(queryAgentAreaDetail, {}, { cookie: await h.as(L1) });
    expect(national.object).toHaveLength(34);
    const outside = await t.call(queryAgentAreaDetail, { parentId: await h.idOf(L2) }, { cookie });
    expect(outside.responseCode).toBe('1004');
  });
});

describe('POST /api/agent/querySubAgentTaskStatus', () => {
  it('gives the onboarding tasks of sub-agents; any id outside answers 1004', async () => {
    const cookie = await h.as(L3);
    const ids = [await h.idOf(L4), await h.idOf(L5)];
    const res = await t.call(querySubAgentTaskStatus, { agentIds: ids }, { cookie });
    expect(res.object?.map((s) => s.agentId)).toEqual(ids);
    expect(res.object?.[0]?.tasks.find((task) => task.type === 2)).toEqual({ type: 2, finished: false });
    const mixed = await t.call(querySubAgentTaskStatus, { agentIds: [...ids, await h.idOf(L2)] }, { cookie });
    expect(mixed).toMatchObject({ responseCode: '1004', object: null });
    expect((await t.callUnchecked(querySubAgentTaskStatus, { agentIds: [] }, { cookie })).responseCode).toBe(
      '1000',
    );
  });
});

describe('POST /api/agent/isXuanHaoExistUser/{mobilePhone}', () => {
  it('tells whether a phone is registered; refuses an invalid phone', async () => {
    const cookie = await h.as(L3);
    expect((await h.callAt(isXuanHaoExistUser, { mobilePhone: L5 }, {}, cookie)).object).toBe(true);
    expect((await h.callAt(isXuanHaoExistUser, { mobilePhone: '13712345678' }, {}, cookie)).object).toBe(
      false,
    );
    const bad = await h.callAt(isXuanHaoExistUser, { mobilePhone: '12345' }, {}, cookie);
    expect(bad).toMatchObject({ responseCode: '1000', responseMsg: '手机号不正确' });
    expect((await h.callAt(isXuanHaoExistUser, { mobilePhone: L5 }, {}, undefined)).responseCode).toBe(
      '9996',
    );
  });
});

describe('POST /api/agent/getOrderProfitRatios', () => {
  it('gives the caller’s ratios with every game (its base where it has no special one) and flags', async () => {
    const res = await t.call(getOrderProfitRatios, {}, { cookie: await h.as(L3) });
    expect(res.object).toMatchObject({ proportion: 0.6, baseProfitRatio: 0.2 });
    expect(res.object?.gameProfitRatios.map((g) => g.gameName)).toEqual([...GAME_CATALOGUE]);
    const byName = new Map(res.object?.gameProfitRatios.map((g) => [g.gameName, g.profitRatio]));
    expect(byName.get('王者荣耀')).toBe(0.25);
    expect(byName.get('原神')).toBe(0.2);
    expect(res.object?.flags.isHbpush).toBe(false);
  });

  it('gives a sub-agent’s; answers 1004 outside', async () => {
    const cookie = await h.as(L3);
    const sub = await t.call(getOrderProfitRatios, { agentId: await h.idOf(L4) }, { cookie });
    expect(sub.object?.proportion).toBe(0.5);
    const outside = await t.call(getOrderProfitRatios, { agentId: await h.idOf(L2) }, { cookie });
    expect(outside).toMatchObject({ responseCode: '1004', responseMsg: '代理不存在' });
  });
});
