import {
  AGENT_TREE_CHILDREN_MAX,
  AGENT_TREE_SEARCH_MAX,
  type AnyEndpoint,
  deleteAgent,
  queryAgentInfo,
  queryAgentTreeNodes,
  queryAgentTreePath,
  searchAgentTreeNodes,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentMgtHelpers } from '../../../test/agent-mgt-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { demoPasswordHash } from '../../demo/seed-demo-world';
import { createAgentsRepository } from './agents.repository';

/**
 * Issue 7, §5: the agent info carries only the top of the agent tree (全部, 本级), whatever the
 * tree's size; the selectors load the rest on demand: a node's sub-agents, a search by name, one
 * agent's path. Every answer stays inside the caller's subtree.
 */

const t = useTestApp();
const h = agentMgtHelpers(t);

/** The demo chain: 粤海网络科技 (level 2) → 鹏城电竞网咖联盟 (3) → 南山科技园网咖 (4) → 陈晓明 (5). */
const LEVEL0 = '13800000000';
const LEVEL2 = '13800000002';
const LEVEL3 = '13800000003';
const PROMOTER = '13800000005';

const bytesOf = async (ep: AnyEndpoint, body: unknown, cookie: string) => {
  const res = await t.inject({
    method: 'POST',
    url: ep.path,
    payload: body as Record<string, unknown>,
    headers: { 'content-type': 'application/json', cookie },
  });
  expect(ep.response.parse(res.json())).toMatchObject({ responseCode: '0000' });
  return res.rawPayload.length;
};

/**
 * Bulk agents through the repository (as the demo seeding does): `direct` level 3 agents under the
 * level 2 agent of the chain named 批量代理…, and `deep` promoters under the first of them.
 */
async function addAgents(direct: number, deep: number): Promise<{ first: number }> {
  const repo = createAgentsRepository(t.db);
  const passwordHash = await demoPasswordHash();
  const parentId = await h.idOf(LEVEL2);
  const row = (n: number, parent: number, level: number) => ({
    account: { mobilePhone: `132${String(n).padStart(8, '0')}`, loginPasswordHash: passwordHash },
    agent: {
      parentId: parent,
      agentLevel: level,
      agentName: `批量代理${String(n).padStart(5, '0')}`,
      areaInfo: ['440000'],
    },
  });
  const created = await repo.insertAccountsAndAgents(
    Array.from({ length: direct }, (_, i) => row(i, parentId, 3)),
  );
  const first = created[0]?.agent.id;
  if (first === undefined) throw new Error('no agents created');
  if (deep > 0)
    await repo.insertAccountsAndAgents(Array.from({ length: deep }, (_, i) => row(direct + i, first, 5)));
  return { first };
}

describe('POST /api/agent/query (the agent tree part)', () => {
  it.each([LEVEL0, LEVEL2, PROMOTER])('gives %s only the top of the tree: 全部, then 本级', async (phone) => {
    const cookie = await t.login(phone);
    const info = (await t.call(queryAgentInfo, {}, { cookie })).object;
    expect(info?.structuredPid).toEqual([
      { id: -1, label: '全部', children: [{ id: info?.id, label: '本级' }] },
    ]);
  });

  it('stays small and the same size however many agents the tree holds', async () => {
    const callers = await Promise.all([LEVEL0, LEVEL2].map((phone) => t.login(phone)));
    const before = await Promise.all(callers.map((cookie) => bytesOf(queryAgentInfo, {}, cookie)));
    for (const size of before) expect(size).toBeLessThanOrEqual(20_000);
    await addAgents(1500, 500);
    const after = await Promise.all(callers.map((cookie) => bytesOf(queryAgentInfo, {}, cookie)));
    expect(after).toEqual(before);
    // The levels the selectors load stay bounded too.
    const [, level2] = callers;
    if (!level2) throw new Error('no session');
    expect(await bytesOf(queryAgentTreeNodes, { parentId: await h.idOf(LEVEL2) }, level2)).toBeLessThan(
      50_000,
    );
    expect(await bytesOf(searchAgentTreeNodes, { keyword: '批量' }, level2)).toBeLessThan(20_000);
  });
});

describe('POST /api/agent/queryAgentTreeNodes', () => {
  it('answers the sub-agents of the caller by id, each saying whether it has sub-agents', async () => {
    const cookie = await t.login(LEVEL3);
    const res = await t.call(queryAgentTreeNodes, { parentId: await h.idOf(LEVEL3) }, { cookie });
    expect(res.responseCode).toBe('0000');
    expect(res.object).toEqual([
      { id: await h.idNamed('南山科技园网咖'), label: '南山科技园网咖', isLeaf: false },
      { id: await h.idNamed('福田网咖联盟'), label: '福田网咖联盟', isLeaf: true },
      { id: await h.idNamed('宝安网娱'), label: '宝安网娱', isLeaf: true },
    ]);
    expect(res.totalCount).toBe(3);
  });

  it('answers the sub-agents of a node deeper in the subtree, and none for a leaf', async () => {
    const cookie = await t.login(LEVEL2);
    const nanshan = await h.idNamed('南山科技园网咖');
    const res = await t.call(queryAgentTreeNodes, { parentId: nanshan }, { cookie });
    expect(res.object?.map((n) => [n.label, n.isLeaf])).toEqual([
      ['陈晓明', true],
      ['林志强', true],
    ]);
    const leaf = await t.call(queryAgentTreeNodes, { parentId: await h.idNamed('陈晓明') }, { cookie });
    expect(leaf).toMatchObject({ responseCode: '0000', object: [], totalCount: 0 });
  });

  it('leaves deleted agents out', async () => {
    const cookie = await t.login(LEVEL3);
    const futian = await h.idNamed('福田网咖联盟');
    await h.callAt(deleteAgent, { id: futian }, {}, cookie);
    const res = await t.call(queryAgentTreeNodes, { parentId: await h.idOf(LEVEL3) }, { cookie });
    expect(res.object?.map((n) => n.label)).toEqual(['南山科技园网咖', '宝安网娱']);
    expect(res.totalCount).toBe(2);
  });

  it(`answers at most ${AGENT_TREE_CHILDREN_MAX} sub-agents, by id, and how many there are`, async () => {
    const cookie = await t.login(LEVEL2);
    await addAgents(AGENT_TREE_CHILDREN_MAX + 100, 3);
    const parentId = await h.idOf(LEVEL2);
    const res = await t.call(queryAgentTreeNodes, { parentId }, { cookie });
    const children = await t.rows(
      sql`select id from agents where parent_id = ${parentId} and status = 'active' order by id`,
    );
    expect(children.length).toBeGreaterThan(AGENT_TREE_CHILDREN_MAX + 100);
    expect(res.object?.map((n) => n.id)).toEqual(
      children.slice(0, AGENT_TREE_CHILDREN_MAX).map((r) => Number(r.id)),
    );
    expect(res.totalCount).toBe(children.length);
    // The first bulk agent has the 3 promoters below it.
    expect(res.object?.find((n) => n.label === '批量代理00000')?.isLeaf).toBe(false);
  });

  it('refuses a node outside the subtree, unknown or deleted with 1004 代理不存在', async () => {
    const cookie = await t.login(LEVEL3);
    const deleted = await h.idNamed('宝安网娱');
    await h.callAt(deleteAgent, { id: deleted }, {}, cookie);
    for (const parentId of [
      await h.idOf(LEVEL2), // the caller's parent
      await h.idNamed('羊城电竞'), // a sibling
      await h.idNamed('天河电竞馆'), // below a sibling
      deleted,
      2_000_000,
    ]) {
      const res = await t.call(queryAgentTreeNodes, { parentId }, { cookie });
      expect([parentId, res.responseCode, res.responseMsg, res.object]).toEqual([
        parentId,
        '1004',
        '代理不存在',
        null,
      ]);
    }
  });

  it('refuses the root -1 and anything but one positive id (1000)', async () => {
    const cookie = await t.login(LEVEL3);
    for (const body of [{ parentId: -1 }, { parentId: 0 }, {}, { parentId: '7' }, { parentId: 7, x: 1 }]) {
      expect((await t.callUnchecked(queryAgentTreeNodes, body, { cookie })).responseCode).toBe('1000');
    }
  });

  it('gives a promoter nothing below itself', async () => {
    const cookie = await t.login(PROMOTER);
    const res = await t.call(queryAgentTreeNodes, { parentId: await h.idOf(PROMOTER) }, { cookie });
    expect(res).toMatchObject({ responseCode: '0000', object: [], totalCount: 0 });
  });
});

describe('POST /api/agent/searchAgentTreeNodes', () => {
  it('finds sub-agents by a part of the name, with the agents between the caller and them', async () => {
    const cookie = await t.login(LEVEL2);
    const pengcheng = await h.idNamed('鹏城电竞网咖联盟');
    const nanshan = await h.idNamed('南山科技园网咖');
    const res = await t.call(searchAgentTreeNodes, { keyword: '鹏城' }, { cookie });
    expect(res.object).toEqual([{ id: pengcheng, label: '鹏城电竞网咖联盟', isLeaf: false, ancestors: [] }]);
    expect(res.totalCount).toBe(1);

    const deep = await t.call(searchAgentTreeNodes, { keyword: '晓明' }, { cookie });
    expect(deep.object).toEqual([
      {
        id: await h.idNamed('陈晓明'),
        label: '陈晓明',
        isLeaf: true,
        ancestors: [
          { id: pengcheng, label: '鹏城电竞网咖联盟' },
          { id: nanshan, label: '南山科技园网咖' },
        ],
      },
    ]);
  });

  it('answers the shallowest matches first and never the caller itself', async () => {
    const cookie = await t.login(LEVEL3);
    const res = await t.call(searchAgentTreeNodes, { keyword: '网' }, { cookie });
    // 鹏城电竞网咖联盟 is the caller: not a match of its own search.
    expect(res.object?.map((n) => n.label)).toEqual(['南山科技园网咖', '福田网咖联盟', '宝安网娱']);
    expect(res.object?.every((n) => n.ancestors.length === 0)).toBe(true);
  });

  it("never answers agents outside the caller's subtree", async () => {
    const cookie = await t.login(LEVEL3);
    for (const keyword of ['羊城', '天河', '粤海', '华夏', '星途', '黄伟']) {
      const res = await t.call(searchAgentTreeNodes, { keyword }, { cookie });
      expect([keyword, res.responseCode, res.object, res.totalCount]).toEqual([keyword, '0000', [], 0]);
    }
  });

  it('gives the operator paths that start below itself', async () => {
    const cookie = await t.login(LEVEL0);
    const res = await t.call(searchAgentTreeNodes, { keyword: '陈晓明' }, { cookie });
    expect(res.object?.[0]?.ancestors.map((a) => a.label)).toEqual([
      '华夏互娱科技',
      '粤海网络科技',
      '鹏城电竞网咖联盟',
      '南山科技园网咖',
    ]);
  });

  it('matches without regard to case and takes % and _ literally', async () => {
    const cookie = await t.login(LEVEL2);
    const pengcheng = await h.idNamed('鹏城电竞网咖联盟');
    await t.rows(sql`update agents set agent_name = 'Pengcheng_100%' where id = ${pengcheng}`);
    expect((await t.call(searchAgentTreeNodes, { keyword: 'pENG' }, { cookie })).object?.[0]?.id).toBe(
      pengcheng,
    );
    expect((await t.call(searchAgentTreeNodes, { keyword: '_100%' }, { cookie })).object?.[0]?.id).toBe(
      pengcheng,
    );
    expect((await t.call(searchAgentTreeNodes, { keyword: 'g%1' }, { cookie })).object).toEqual([]);
  });

  it(`answers at most ${AGENT_TREE_SEARCH_MAX} matches and how many there are`, async () => {
    const cookie = await t.login(LEVEL2);
    await addAgents(80, 20);
    const res = await t.call(searchAgentTreeNodes, { keyword: '批量代理' }, { cookie });
    expect(res.object).toHaveLength(AGENT_TREE_SEARCH_MAX);
    expect(res.totalCount).toBe(100);
    // Shallowest first: the 80 direct sub-agents before the promoters below one of them.
    expect(res.object?.every((n) => n.ancestors.length === 0)).toBe(true);
  });

  it('refuses an empty keyword (1000)', async () => {
    const cookie = await t.login(LEVEL2);
    for (const body of [{ keyword: '' }, { keyword: '   ' }, {}, { keyword: 'x'.repeat(51) }]) {
      expect((await t.callUnchecked(searchAgentTreeNodes, body, { cookie })).responseCode).toBe('1000');
    }
  });
});

describe('POST /api/agent/queryAgentTreePath', () => {
  it('answers one agent of the subtree with its name and path (a filter restored from a URL)', async () => {
    const cookie = await t.login(LEVEL2);
    const res = await t.call(queryAgentTreePath, { id: await h.idNamed('林志强') }, { cookie });
    expect(res.object).toEqual({
      id: await h.idNamed('林志强'),
      label: '林志强',
      isLeaf: true,
      ancestors: [
        { id: await h.idNamed('鹏城电竞网咖联盟'), label: '鹏城电竞网咖联盟' },
        { id: await h.idNamed('南山科技园网咖'), label: '南山科技园网咖' },
      ],
    });
  });

  it('answers the caller itself with no path', async () => {
    const cookie = await t.login(LEVEL3);
    const self = await h.idOf(LEVEL3);
    const res = await t.call(queryAgentTreePath, { id: self }, { cookie });
    expect(res.object).toEqual({ id: self, label: '鹏城电竞网咖联盟', isLeaf: false, ancestors: [] });
  });

  it('refuses an agent outside the subtree, unknown or deleted with 1004 代理不存在', async () => {
    const cookie = await t.login(LEVEL3);
    for (const id of [await h.idOf(LEVEL2), await h.idNamed('羊城电竞'), 2_000_000]) {
      const res = await t.call(queryAgentTreePath, { id }, { cookie });
      expect([id, res.responseCode, res.responseMsg]).toEqual([id, '1004', '代理不存在']);
    }
  });
});
