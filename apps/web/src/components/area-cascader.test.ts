import type { RegionNode } from '@agent-console/contract/agent';
import { describe, expect, it } from 'vitest';
import { areaKeyOf, areaNameOf, areaPathOf } from './area-cascader';

const tree: RegionNode[] = [
  {
    id: 440000,
    label: '广东省',
    children: [{ id: 440300, label: '深圳市', children: [{ id: 440305, label: '南山区' }] }],
  },
  { id: 710000, label: '台湾省' },
];

describe('area keys', () => {
  it('joins the chosen codes from the province down, at any level', () => {
    expect(areaKeyOf([440000])).toBe('440000');
    expect(areaKeyOf([440000, 440300])).toBe('440000-440300');
    expect(areaKeyOf(['440000', 440300, 440305])).toBe('440000-440300-440305');
  });

  it('splits a key back into the cascader path', () => {
    expect(areaPathOf('440000-440300')).toEqual([440000, 440300]);
    expect(areaPathOf('')).toEqual([]);
  });

  it('names a key from the tree, or null when the tree lacks it', () => {
    expect(areaNameOf(tree, '440000-440300-440305')).toBe('广东省-深圳市-南山区');
    expect(areaNameOf(tree, '710000')).toBe('台湾省');
    expect(areaNameOf(tree, '440000-440100')).toBeNull();
  });
});
