import { describe, expect, it } from 'vitest';
import { areasWithin, buildRegionTree, createRegions, loadRegions } from './region-tree';

describe('loadRegions', () => {
  const regions = loadRegions();

  it('has the 34 top-level entries with numeric ids', () => {
    expect(regions.tree).toHaveLength(34);
    for (const p of regions.tree) expect(Number.isInteger(p.id)).toBe(true);
  });

  it('includes Hong Kong, Macao and Taiwan', () => {
    const labels = regions.tree.map((p) => p.label);
    expect(labels).toEqual(expect.arrayContaining(['香港特别行政区', '澳门特别行政区', '台湾省']));
    expect(regions.tree.find((p) => p.id === 710000)?.children).toBeUndefined();
  });

  it('gives municipalities one city level with the province code + 100', () => {
    const beijing = regions.tree.find((p) => p.id === 110000);
    expect(beijing?.children).toEqual([expect.objectContaining({ id: 110100, label: '北京市' })]);
    expect(beijing?.children?.[0]?.children?.some((d) => d.id === 110108 && d.label === '海淀区')).toBe(true);
    const hongKong = regions.tree.find((p) => p.id === 810000);
    expect(hongKong?.children?.[0]?.id).toBe(810100);
  });

  it("drops the standard's 市辖区 placeholders and names directly administered counties plainly", () => {
    const shenzhen = regions.tree.find((p) => p.id === 440000)?.children?.find((c) => c.id === 440300);
    expect(shenzhen?.children?.some((d) => d.label === '市辖区')).toBe(false);
    const henan = regions.tree.find((p) => p.id === 410000);
    expect(henan?.children?.find((c) => c.id === 419000)?.label).toBe('省直辖县级行政区划');
    const xinjiang = regions.tree.find((p) => p.id === 650000);
    expect(xinjiang?.children?.find((c) => c.id === 659000)?.label).toBe('自治区直辖县级行政区划');
  });

  it('keeps every branch at most three levels deep', () => {
    const depth = (nodes: readonly { children?: unknown[] }[]): number =>
      nodes.length === 0
        ? 0
        : 1 + Math.max(...nodes.map((n) => depth((n.children ?? []) as { children?: unknown[] }[])));
    expect(depth(regions.tree)).toBe(3);
  });

  it('names an area key from the province down', () => {
    expect(regions.names('440000-440300-440305')).toBe('广东省-深圳市-南山区');
    expect(regions.names('440000')).toBe('广东省');
    expect(regions.names('110000-110100-110108')).toBe('北京市-海淀区');
  });

  it('refuses keys that are not a path of the tree', () => {
    expect(regions.isValidKey('440000-440300')).toBe(true);
    expect(regions.isValidKey('440000-110100')).toBe(false);
    expect(regions.isValidKey('440300')).toBe(false);
    expect(regions.isValidKey('999999')).toBe(false);
    expect(regions.isValidKey('44000')).toBe(false);
    expect(regions.names('440000-110100')).toBeNull();
  });

  it('trims the tree to the given areas, keeping whole subtrees below each key', () => {
    const trimmed = regions.trim(['440000-440300-440305', '440000-440100', '330000']);
    expect(trimmed.map((p) => p.id)).toEqual([330000, 440000]);
    const zhejiang = trimmed[0];
    expect(zhejiang?.children?.length).toBe(regions.tree.find((p) => p.id === 330000)?.children?.length);
    const guangdong = trimmed[1];
    expect(guangdong?.children?.map((c) => c.id)).toEqual([440100, 440300]);
    const guangzhou = guangdong?.children?.[0];
    expect(guangzhou?.children?.length).toBeGreaterThan(5);
    expect(guangdong?.children?.[1]?.children).toEqual([{ id: 440305, label: '南山区' }]);
  });

  it('trims to the whole tree for an empty list and to nothing for unknown keys', () => {
    expect(regions.trim([])).toHaveLength(34);
    expect(regions.trim(['999999'])).toEqual([]);
  });

  it('does not change the full tree when trimming', () => {
    const before = JSON.stringify(regions.tree);
    regions.trim(['440000-440300-440305']);
    expect(JSON.stringify(regions.tree)).toBe(before);
  });
});

describe('buildRegionTree', () => {
  it('inserts a city node only where districts sit right below the province', () => {
    const tree = buildRegionTree([
      { code: '110000', name: '北京市', children: [{ code: '110101', name: '东城区' }] },
      { code: '440000', name: '广东省', children: [{ code: '441900', name: '东莞市', children: [] }] },
    ]);
    expect(tree).toEqual([
      {
        id: 110000,
        label: '北京市',
        children: [{ id: 110100, label: '北京市', children: [{ id: 110101, label: '东城区' }] }],
      },
      { id: 440000, label: '广东省', children: [{ id: 441900, label: '东莞市' }] },
    ]);
    expect(createRegions(tree).names('440000-441900')).toBe('广东省-东莞市');
  });
});

describe('areasWithin', () => {
  it('accepts areas inside the outer ones and anything inside the whole country', () => {
    expect(areasWithin(['440000-440300'], ['440000'])).toBe(true);
    expect(areasWithin(['440000-440300-440305'], ['440000-440300'])).toBe(true);
    expect(areasWithin(['330000'], [])).toBe(true);
  });

  it('refuses areas outside and the whole country inside a limited area', () => {
    expect(areasWithin(['330000-330100'], ['440000'])).toBe(false);
    expect(areasWithin(['4400001'], ['440000'])).toBe(false);
    expect(areasWithin([], ['440000'])).toBe(false);
  });
});
