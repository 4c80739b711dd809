import { AGENT_TREE_ROOT_ID, type AgentTreeNode } from '@agent-console/contract';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';

export interface AgentTreeOption {
  title: string;
  value: number;
  key: number;
  children?: AgentTreeOption[];
}

/** structuredPid as TreeSelect data; with `withoutRoot` the "全部" root is left out (its children become the top). */
export function toAgentTreeData(
  nodes: readonly AgentTreeNode[],
  { withoutRoot = false }: { withoutRoot?: boolean } = {},
): AgentTreeOption[] {
  const map = (list: readonly AgentTreeNode[]): AgentTreeOption[] =>
    list.map((n) => ({
      title: n.label,
      value: n.id,
      key: n.id,
      ...(n.children && n.children.length > 0 ? { children: map(n.children) } : {}),
    }));
  if (!withoutRoot) return map(nodes);
  return map(nodes.flatMap((n) => (n.id === AGENT_TREE_ROOT_ID ? (n.children ?? []) : [n])));
}

/** The label of an id in structuredPid ("本级", a sub-agent's name), or null. */
export function agentTreeLabel(nodes: readonly AgentTreeNode[], id: number): string | null {
  for (const n of nodes) {
    if (n.id === id) return n.label;
    const inner = agentTreeLabel(n.children ?? [], id);
    if (inner !== null) return inner;
  }
  return null;
}

/**
 * The agent filter of every screen (spec sections 3 and 6): structuredPid, the root -1 "全部", then
 * "本级" (the agent itself) and its sub-agents; searchable by name.
 */
export function AgentTreeSelect({
  tree,
  value,
  onChange,
  withoutRoot = false,
  placeholder = '请选择代理',
  disabled,
  allowClear = true,
  id,
  className,
}: {
  tree: readonly AgentTreeNode[];
  value?: number | undefined;
  onChange?: (id: number | undefined) => void;
  /** For choosing one agent (a parent): no "全部". */
  withoutRoot?: boolean;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  id?: string;
  className?: string;
}) {
  const treeData = useMemo(() => toAgentTreeData(tree, { withoutRoot }), [tree, withoutRoot]);
  const expanded = useMemo(() => treeData.slice(0, 1).map((n) => n.value), [treeData]);
  return (
    <TreeSelect<number>
      id={id}
      className={className}
      treeData={treeData}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear={allowClear}
      disabled={disabled}
      placeholder={placeholder}
      treeDefaultExpandedKeys={expanded}
      popupMatchSelectWidth={false}
      listHeight={320}
    />
  );
}
