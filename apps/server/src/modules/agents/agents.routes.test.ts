import { queryAgentInfo, queryStructuredAreaInfo } from '@agent-console/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { loadRegions } from '../regions/region-tree';

const t = useTestApp();
const regions = loadRegions();

const areasOf = async (phone: string) => {
  const res = await t.call(queryStructuredAreaInfo, {}, { cookie: await t.login(phone) });
  if (!res.object) throw new Error(`no region tree: ${res.responseCode} ${res.responseMsg}`);
  return res.object;
};

const infoOf = async (phone: string) => {
  const res = await t.call(queryAgentInfo, {}, { cookie: await t.login(phone) });
  if (!res.object) throw new Error(`no agent info: ${res.responseCode} ${res.responseMsg}`);
  return res.object;
};

describe('POST /api/agent/query', () => {
  it("returns the operator's agent with every flag", async () => {
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
    // The region tree has its own call (queryStructuredAreaInfo below): about 125 KB for levels 0-1.
    expect(info).not.toHaveProperty('structuredAreaInfo');
  });

  it("names a city agent's area", async () => {
    const info = await infoOf('13800000003');
    expect(info.areaInfo).toBe('["440000-440300"]');
    expect(info.areaNames).toEqual(['广东省-深圳市']);
  });

  // The agent tree (structuredPid and the calls that load it): agent-tree.routes.test.ts.

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

describe('POST /api/agent/queryStructuredAreaInfo', () => {
  it('gives the operator the whole region tree', async () => {
    expect(await areasOf('13800000000')).toHaveLength(34);
  });

  it('shows a level 1 agent the whole region tree', async () => {
    expect(await areasOf('13800000001')).toEqual(regions.tree);
  });

  it("trims a city agent's region tree to its city", async () => {
    const areas = await areasOf('13800000003');
    expect(areas).toHaveLength(1);
    const [guangdong] = areas;
    expect(guangdong?.id).toBe(440000);
    expect(guangdong?.children?.map((c) => c.id)).toEqual([440300]);
    expect(guangdong?.children?.[0]?.children?.map((d) => d.label)).toContain('南山区');
  });

  it("trims a district agent's region tree to its district", async () => {
    expect(await areasOf('13800000004')).toEqual([
      {
        id: 440000,
        label: '广东省',
        children: [{ id: 440300, label: '深圳市', children: [{ id: 440305, label: '南山区' }] }],
      },
    ]);
  });

  it('answers 9996 without a session', async () => {
    expect((await t.call(queryStructuredAreaInfo, {})).responseCode).toBe('9996');
  });
});
