import { type AgentTreeNode, queryAgentInfo } from '@agent-console/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { DEMO_AGENTS, generateDemoAgents } from '../../demo/demo-world';
import { loadRegions } from '../regions/region-tree';

const t = useTestApp();
const regions = loadRegions();

const infoOf = async (phone: string) => {
  const res = await t.call(queryAgentInfo, {}, { cookie: await t.login(phone) });
  if (!res.object) throw new Error(`no agent info: ${res.responseCode} ${res.responseMsg}`);
  return res.object;
};

const ids = (nodes: readonly AgentTreeNode[] | undefined): number[] =>
  (nodes ?? []).flatMap((n) => [n.id, ...ids(n.children)]);

describe('POST /api/agent/query', () => {
  it("returns the operator's agent with every flag and the whole region tree", async () => {
    const info = await infoOf('13800000000');
    expect(info).toMatchObject({
      id: 1,
      userId: 10000,
      parentId: null,
      agentLevel: 0,
      agentName: '星途总代',
      mobilePhone: '138****0000',
      completeMobilePhone: '13800000000',
      areaInfo: '[]',
      areaNames: [],
      structuredChannelOption: '[]',
      hasPriceAddRangeFlag: true,
      isHbpush: true,
      setTopAuthority: true,
      addPricePermission: true,
      xuanhaoApp: true,
      hasMemberFinanceMenu: true,
      setSettleAuthority: true,
      createTime: '2026-03-02 10:00:00',
    });
    expect(info.structuredAreaInfo).toHaveLength(34);
  });

  it('gives the operator the whole agent tree under 全部, itself as 本级 first', async () => {
    const info = await infoOf('13800000000');
    const [root] = info.structuredPid;
    expect(info.structuredPid).toHaveLength(1);
    expect(root).toMatchObject({ id: -1, label: '全部' });
    expect(root?.children?.[0]).toEqual({ id: 1, label: '本级' });
    expect(root?.children?.slice(1).map((c) => c.label)).toEqual(['华夏互娱科技', '东方星娱网络']);
    expect(new Set(ids(root?.children)).size).toBe(DEMO_AGENTS.length + generateDemoAgents(regions).length);
  });

  it('shows a level 1 agent the whole region tree', async () => {
    const info = await infoOf('13800000001');
    expect(info.agentLevel).toBe(1);
    expect(info.structuredAreaInfo).toEqual(regions.tree);
  });

  it("trims a city agent's region tree to its city and names its area", async () => {
    const info = await infoOf('13800000003');
    expect(info.areaInfo).toBe('["440000-440300"]');
    expect(info.areaNames).toEqual(['广东省-深圳市']);
    expect(info.structuredAreaInfo).toHaveLength(1);
    const [guangdong] = info.structuredAreaInfo;
    expect(guangdong?.id).toBe(440000);
    expect(guangdong?.children?.map((c) => c.id)).toEqual([440300]);
    expect(guangdong?.children?.[0]?.children?.map((d) => d.label)).toContain('南山区');
  });

  it("trims a district agent's region tree to its district", async () => {
    const info = await infoOf('13800000004');
    expect(info.areaNames).toEqual(['广东省-深圳市-南山区']);
    expect(info.structuredAreaInfo).toEqual([
      {
        id: 440000,
        label: '广东省',
        children: [{ id: 440300, label: '深圳市', children: [{ id: 440305, label: '南山区' }] }],
      },
    ]);
  });

  it('lists direct sub-agents with their own sub-agents as children', async () => {
    const info = await infoOf('13800000003');
    expect(info.structuredPid).toEqual([
      {
        id: -1,
        label: '全部',
        children: [
          { id: info.id, label: '本级' },
          {
            id: expect.any(Number),
            label: '南山科技园网咖',
            children: [
              { id: expect.any(Number), label: '陈晓明' },
              { id: expect.any(Number), label: '林志强' },
            ],
          },
          { id: expect.any(Number), label: '福田网咖联盟' },
          { id: expect.any(Number), label: '宝安网娱' },
        ],
      },
    ]);
  });

  it('gives a promoter only itself in the agent tree', async () => {
    const info = await infoOf('13800000005');
    expect(info.agentLevel).toBe(5);
    expect(info.structuredPid).toEqual([
      { id: -1, label: '全部', children: [{ id: info.id, label: '本级' }] },
    ]);
  });

  it('returns the stored permission flags of a sub-agent', async () => {
    const info = await infoOf('13800000001');
    expect(info).toMatchObject({
      isHbpush: true,
      xuanhaoApp: true,
      hasMemberFinanceMenu: true,
      setSettleAuthority: true,
      setTopAuthority: false,
      addPricePermission: false,
      hasPriceAddRangeFlag: false,
    });
  });

  it('answers 9996 without a session', async () => {
    expect((await t.call(queryAgentInfo, {})).responseCode).toBe('9996');
  });
});
