import type { AgentTreeNode } from '@agent-console/contract';
import { describe, expect, it } from 'vitest';
import { agentTreeLabel, toAgentTreeData } from './agent-tree-select';

const structuredPid: AgentTreeNode[] = [
  {
    id: -1,
    label: '全部',
    children: [
      { id: 3, label: '本级' },
      { id: 4, label: '南山代理', children: [{ id: 5, label: '推广员甲' }] },
      { id: 6, label: '福田代理', children: [] },
    ],
  },
];

describe('toAgentTreeData', () => {
  it('maps structuredPid to tree select data: root -1 "全部", then "本级" and the sub-agents', () => {
    expect(toAgentTreeData(structuredPid)).toEqual([
      {
        title: '全部',
        value: -1,
        key: -1,
        children: [
          { title: '本级', value: 3, key: 3 },
          { title: '南山代理', value: 4, key: 4, children: [{ title: '推广员甲', value: 5, key: 5 }] },
          { title: '福田代理', value: 6, key: 6 },
        ],
      },
    ]);
  });

  it('leaves the root out when one agent must be chosen', () => {
    expect(toAgentTreeData(structuredPid, { withoutRoot: true }).map((n) => n.title)).toEqual([
      '本级',
      '南山代理',
      '福田代理',
    ]);
  });

  it('finds the label of an id anywhere in the tree', () => {
    expect(agentTreeLabel(structuredPid, 5)).toBe('推广员甲');
    expect(agentTreeLabel(structuredPid, 3)).toBe('本级');
    expect(agentTreeLabel(structuredPid, 99)).toBeNull();
  });
});
