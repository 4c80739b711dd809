import type { AgentTreeNode } from '@agent-console/contract/agent';
import type { AgentTreeMatch } from '@agent-console/contract/agent-tree';
import { describe, expect, it } from 'vitest';
import {
  type AgentTreeOption,
  agentTreeData,
  agentTreeLabel,
  hiddenHint,
  indexAgentTree,
  keysWithChildren,
  pathOf,
  withoutTreeRoot,
} from './agent-tree-select-model';

const SELF = 3;
const structuredPid: AgentTreeNode[] = [{ id: -1, label: '全部', children: [{ id: SELF, label: '本级' }] }];

const ownLevel = {
  parentId: SELF,
  items: [
    { id: 4, label: '南山代理', isLeaf: false },
    { id: 6, label: '福田代理', isLeaf: true },
  ],
  total: 2,
};

/** The titles of the data as an outline: "title" or ["title", children]. */
type Outline = string | [string, Outline[]];
const outline = (options: readonly AgentTreeOption[]): Outline[] =>
  options.map((o) => (o.children ? [o.title, outline(o.children)] : o.title));

describe('agentTreeData', () => {
  it('draws structuredPid\'s top with the loaded sub-agents beside "本级"', () => {
    const data = agentTreeData(structuredPid, indexAgentTree(SELF, [ownLevel], []));
    expect(data).toEqual([
      {
        title: '全部',
        value: -1,
        key: -1,
        children: [
          { title: '本级', value: 3, key: 3, isLeaf: true },
          // Sub-agents not loaded yet: an expander, no children (antd calls loadData when opened).
          { title: '南山代理', value: 4, key: 4, isLeaf: false },
          { title: '福田代理', value: 6, key: 6, isLeaf: true },
        ],
      },
    ]);
  });

  it('draws only the top before anything has loaded', () => {
    expect(outline(agentTreeData(structuredPid, indexAgentTree(SELF, [], [])))).toEqual([['全部', ['本级']]]);
  });

  it('leaves the root out when one agent must be chosen', () => {
    const data = agentTreeData(structuredPid, indexAgentTree(SELF, [ownLevel], []), { withoutRoot: true });
    expect(outline(data)).toEqual(['本级', '南山代理', '福田代理']);
  });

  it('draws a loaded level under its node', () => {
    const index = indexAgentTree(
      SELF,
      [ownLevel, { parentId: 4, items: [{ id: 5, label: '推广员甲', isLeaf: true }], total: 1 }],
      [],
    );
    expect(outline(agentTreeData(structuredPid, index))).toEqual([
      ['全部', ['本级', ['南山代理', ['推广员甲']], '福田代理']],
    ]);
  });

  it('says how many sub-agents a level leaves out, in a node that cannot be chosen', () => {
    const index = indexAgentTree(SELF, [{ ...ownLevel, total: 502 }], []);
    const [root] = agentTreeData(structuredPid, index);
    expect(root?.children?.at(-1)).toEqual({
      title: hiddenHint(500),
      value: 'hidden-3',
      key: 'hidden-3',
      isLeaf: true,
      selectable: false,
      disabled: true,
    });
    expect(hiddenHint(500)).toBe('另有 500 个下级代理未列出，请输入名称搜索');
  });

  it('draws an agent found by name in place, under the agents above it, before their levels load', () => {
    const found: AgentTreeMatch = {
      id: 9,
      label: '陈晓明',
      isLeaf: true,
      ancestors: [
        { id: 4, label: '南山代理' },
        { id: 8, label: '科技园网咖' },
      ],
    };
    const index = indexAgentTree(SELF, [ownLevel], [found]);
    expect(outline(agentTreeData(structuredPid, index))).toEqual([
      ['全部', ['本级', ['南山代理', [['科技园网咖', ['陈晓明']]]], '福田代理']],
    ]);
    // 南山代理's own level has not loaded: opening it loads all of its sub-agents.
    expect(index.loaded.has(4)).toBe(false);
    expect(pathOf(index, 9)).toEqual([4, 8]);
  });

  it('keeps the loaded order and names when a found agent is already drawn', () => {
    const found: AgentTreeMatch = { id: 6, label: '旧名', isLeaf: true, ancestors: [] };
    const index = indexAgentTree(SELF, [ownLevel], [found]);
    expect(outline(agentTreeData(structuredPid, index))).toEqual([
      ['全部', ['本级', '南山代理', '福田代理']],
    ]);
  });
});

describe('pathOf', () => {
  it('answers the agents between the caller and an id, or null when unknown', () => {
    const index = indexAgentTree(
      SELF,
      [ownLevel, { parentId: 4, items: [{ id: 5, label: '甲', isLeaf: true }], total: 1 }],
      [],
    );
    expect(pathOf(index, 5)).toEqual([4]);
    expect(pathOf(index, 4)).toEqual([]);
    expect(pathOf(index, SELF)).toEqual([]);
    expect(pathOf(index, -1)).toEqual([]);
    expect(pathOf(index, 99)).toBeNull();
  });
});

describe('keysWithChildren', () => {
  it('lists the nodes drawn with children', () => {
    const index = indexAgentTree(
      SELF,
      [ownLevel, { parentId: 4, items: [{ id: 5, label: '甲', isLeaf: true }], total: 1 }],
      [],
    );
    expect(keysWithChildren(agentTreeData(structuredPid, index))).toEqual([-1, 4]);
  });
});

describe('agentTreeLabel', () => {
  it('finds the label of an id in structuredPid', () => {
    expect(agentTreeLabel(structuredPid, SELF)).toBe('本级');
    expect(agentTreeLabel(structuredPid, -1)).toBe('全部');
    expect(agentTreeLabel(structuredPid, 99)).toBeNull();
  });
});

describe('withoutTreeRoot', () => {
  it('leaves the root (全部) out of the query and keeps any other node', () => {
    expect(withoutTreeRoot({ pid: -1, status: 50 })).toEqual({ status: 50 });
    expect(withoutTreeRoot({ pid: 7 })).toEqual({ pid: 7 });
    expect(withoutTreeRoot({ status: 50 })).toEqual({ status: 50 });
  });
});
