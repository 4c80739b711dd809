import { AGENT_TREE_ROOT_ID, type AgentTreeNode } from '@agent-console/contract/agent';
import type { AgentTreeItem, AgentTreeMatch } from '@agent-console/contract/agent-tree';

/**
 * What the agent select knows of the tree, and the TreeSelect data drawn from it. The agent info
 * gives the top (structuredPid: 全部, 本级); levels arrive as the user opens nodes, and agents found
 * by name or by id arrive with their path, so they can be drawn in place before their levels load.
 */

/** A node of antd's TreeSelect. Agent nodes have the agent id as value; hint nodes a string. */
export interface AgentTreeOption {
  title: string;
  value: number | string;
  key: number | string;
  isLeaf?: boolean;
  selectable?: boolean;
  disabled?: boolean;
  children?: AgentTreeOption[];
}

/** The sub-agents of one node as `queryAgentTreeNodes` answered them, and how many it has. */
export interface AgentTreeLevel {
  parentId: number;
  items: readonly AgentTreeItem[];
  total: number;
}

export interface AgentTreeIndex {
  readonly selfId: number;
  readonly labels: ReadonlyMap<number, string>;
  /** Whether an agent has no sub-agents (as the server said). */
  readonly leaf: ReadonlyMap<number, boolean>;
  /** The known sub-agents of a node, in order: a loaded level, then agents found through it. */
  readonly children: ReadonlyMap<number, readonly number[]>;
  readonly parent: ReadonlyMap<number, number>;
  /** The nodes whose level has loaded (not only a path found through them). */
  readonly loaded: ReadonlySet<number>;
  /** Nodes with more sub-agents than their loaded level holds: how many are not listed. */
  readonly hidden: ReadonlyMap<number, number>;
}

/** The index of loaded levels and found agents (levels win: they are the server's latest word). */
export function indexAgentTree(
  selfId: number,
  levels: readonly AgentTreeLevel[],
  found: readonly AgentTreeMatch[],
): AgentTreeIndex {
  const labels = new Map<number, string>();
  const leaf = new Map<number, boolean>();
  const children = new Map<number, number[]>();
  const parent = new Map<number, number>();
  const loaded = new Set<number>();
  const hidden = new Map<number, number>();
  const link = (parentId: number, id: number) => {
    if (parent.has(id)) return;
    parent.set(id, parentId);
    const list = children.get(parentId);
    if (list) list.push(id);
    else children.set(parentId, [id]);
  };

  for (const level of levels) {
    loaded.add(level.parentId);
    leaf.set(level.parentId, level.items.length === 0 && level.total === 0);
    for (const item of level.items) {
      labels.set(item.id, item.label);
      leaf.set(item.id, item.isLeaf);
      link(level.parentId, item.id);
    }
    if (level.total > level.items.length) hidden.set(level.parentId, level.total - level.items.length);
  }
  for (const match of found) {
    let above = selfId;
    for (const a of match.ancestors) {
      if (!labels.has(a.id)) labels.set(a.id, a.label);
      if (!loaded.has(a.id)) leaf.set(a.id, false);
      link(above, a.id);
      above = a.id;
    }
    if (match.id === selfId) continue;
    if (!labels.has(match.id)) labels.set(match.id, match.label);
    if (!leaf.has(match.id)) leaf.set(match.id, match.isLeaf);
    link(above, match.id);
  }
  return { selfId, labels, leaf, children, parent, loaded, hidden };
}

/** The agents between the caller and `id` (top first, neither included); null when `id` is not known. */
export function pathOf(index: AgentTreeIndex, id: number): number[] | null {
  if (id === index.selfId || id === AGENT_TREE_ROOT_ID) return [];
  const path: number[] = [];
  let at = index.parent.get(id);
  while (at !== undefined && at !== index.selfId) {
    path.unshift(at);
    at = index.parent.get(at);
  }
  return at === index.selfId ? path : null;
}

/** The text of the node that says a level lists only part of its sub-agents. */
export const hiddenHint = (n: number) => `另有 ${n} 个下级代理未列出，请输入名称搜索`;

function optionOf(index: AgentTreeIndex, id: number): AgentTreeOption {
  const title = index.labels.get(id) ?? String(id);
  const kids = childOptions(index, id);
  if (kids.length > 0) return { title, value: id, key: id, children: kids };
  // No expander for a leaf; a node with sub-agents not loaded yet gets one (antd then calls loadData).
  return { title, value: id, key: id, isLeaf: index.leaf.get(id) ?? true };
}

function childOptions(index: AgentTreeIndex, id: number): AgentTreeOption[] {
  const options = (index.children.get(id) ?? []).map((c) => optionOf(index, c));
  const hidden = index.hidden.get(id);
  if (hidden !== undefined && options.length > 0) {
    const key = `hidden-${id}`;
    options.push({
      title: hiddenHint(hidden),
      value: key,
      key,
      isLeaf: true,
      selectable: false,
      disabled: true,
    });
  }
  return options;
}

/**
 * The TreeSelect data: structuredPid as given (root -1 全部, 本级), the caller's sub-agents beside
 * 本级 (its siblings in structuredPid's shape), each agent with the sub-agents known so far. With
 * `withoutRoot`, 全部 is left out and its children are the top.
 */
export function agentTreeData(
  seed: readonly AgentTreeNode[],
  index: AgentTreeIndex,
  { withoutRoot = false }: { withoutRoot?: boolean } = {},
): AgentTreeOption[] {
  const mapSeed = (list: readonly AgentTreeNode[]): AgentTreeOption[] => {
    const options = list.map((n): AgentTreeOption => {
      const kids = mapSeed(n.children ?? []);
      return kids.length > 0
        ? { title: n.label, value: n.id, key: n.id, children: kids }
        : { title: n.label, value: n.id, key: n.id, isLeaf: true };
    });
    return list.some((n) => n.id === index.selfId)
      ? [...options, ...childOptions(index, index.selfId)]
      : options;
  };
  const top = withoutRoot
    ? seed.flatMap((n) => (n.id === AGENT_TREE_ROOT_ID ? (n.children ?? []) : [n]))
    : seed;
  return mapSeed(top);
}

/** Every key of the data that has children drawn (what a search shows expanded). */
export function keysWithChildren(options: readonly AgentTreeOption[]): (number | string)[] {
  return options.flatMap((o) => (o.children?.length ? [o.key, ...keysWithChildren(o.children)] : []));
}

/** The label of an id in structuredPid ("全部", "本级"), or null. */
export function agentTreeLabel(nodes: readonly AgentTreeNode[], id: number): string | null {
  for (const n of nodes) {
    if (n.id === id) return n.label;
    const inner = agentTreeLabel(n.children ?? [], id);
    if (inner !== null) return inner;
  }
  return null;
}

/** The tree's root (全部) means no node: it is left out of the query (`pid`). */
export const withoutTreeRoot = (query: Record<string, unknown>): Record<string, unknown> => {
  const { pid, ...rest } = query;
  return pid === undefined || pid === AGENT_TREE_ROOT_ID ? rest : { ...rest, pid };
};
