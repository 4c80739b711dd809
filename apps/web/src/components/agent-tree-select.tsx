import { AGENT_TREE_ROOT_ID, type AgentTreeNode } from '@agent-console/contract/agent';
import type { AgentTreeMatch } from '@agent-console/contract/agent-tree';
import {
  keepPreviousData,
  type QueryObserverResult,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { Spin, TreeSelect } from 'antd';
import { type ReactElement, useCallback, useEffect, useMemo, useState } from 'react';
import { agentTreeLevelQuery, agentTreePathQuery, agentTreeSearchQuery } from './agent-tree-select-api';
import {
  type AgentTreeLevel,
  type AgentTreeOption,
  agentTreeData,
  indexAgentTree,
  keysWithChildren,
  pathOf,
} from './agent-tree-select-model';
import './agent-tree-select.css';
import { AGENT_PLACEHOLDER } from './field-placeholders';

/** How long typing pauses before the select searches on the server. */
export const AGENT_SEARCH_DEBOUNCE_MS = 300;

type Key = number | string;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const loadedLevels = (results: QueryObserverResult<AgentTreeLevel>[]): AgentTreeLevel[] =>
  results.flatMap((r) => (r.data ? [r.data] : []));

const isAgentId = (key: Key): key is number => typeof key === 'number' && key > 0;

const NO_MATCHES: readonly AgentTreeMatch[] = [];

export interface AgentTreeSelectProps {
  /** structuredPid: the root -1 全部 and 本级. */
  tree: readonly AgentTreeNode[];
  /** The caller's agent id (本级): its sub-agents are shown beside it. */
  selfId: number;
  value?: number | undefined;
  onChange?: (id: number | undefined) => void;
  /** For choosing one agent (a parent): no "全部". */
  withoutRoot?: boolean;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  id?: string;
  className?: string;
  /** Focused and open as it mounts (it replaces its stand-in: components/lazy-fields). */
  autoFocus?: boolean;
  defaultOpen?: boolean;
}

/**
 * The agent filter of every screen (spec sections 3 and 6): the root -1 "全部", then "本级" (the
 * agent itself) and its sub-agents, loaded on demand. `tree` is the agent info's structuredPid (the
 * top); a node's sub-agents load when it is opened, typing searches loaded nodes at once and the
 * server after a pause (matches are drawn in place, under the agents above them), and a value not
 * loaded yet (a filter restored from a URL) is looked up so that it shows its name.
 */
export function AgentTreeSelect({
  tree,
  selfId,
  value,
  onChange,
  withoutRoot = false,
  placeholder = AGENT_PLACEHOLDER,
  disabled,
  allowClear = true,
  id,
  className,
  autoFocus,
  defaultOpen,
}: AgentTreeSelectProps) {
  const queryClient = useQueryClient();

  // The nodes whose sub-agents are wanted: the caller's at once, the others when opened.
  const [wanted, setWanted] = useState<readonly number[]>([selfId]);
  const want = useCallback(
    (parentId: number) => setWanted((w) => (w.includes(parentId) ? w : [...w, parentId])),
    [],
  );
  const levels = useQueries({ queries: wanted.map(agentTreeLevelQuery), combine: loadedLevels });

  const [search, setSearch] = useState('');
  const searching = search.trim() !== '';
  const keyword = useDebounced(search.trim(), AGENT_SEARCH_DEBOUNCE_MS);
  const found = useQuery({
    ...agentTreeSearchQuery(keyword),
    enabled: searching && keyword !== '',
    placeholderData: keepPreviousData,
  });
  const matches = (searching ? found.data?.items : undefined) ?? NO_MATCHES;

  // Agents chosen from search results keep their place (and name) after the search ends.
  const [chosen, setChosen] = useState<readonly AgentTreeMatch[]>([]);
  const known = useMemo(() => indexAgentTree(selfId, levels, chosen), [selfId, levels, chosen]);
  const lookUp =
    value !== undefined && value !== AGENT_TREE_ROOT_ID && value !== selfId && !known.labels.has(value);
  const valueMatch = useQuery({ ...agentTreePathQuery(value ?? 0), enabled: lookUp }).data;

  const index = useMemo(
    () =>
      indexAgentTree(selfId, levels, [
        ...chosen,
        ...(valueMatch && valueMatch.id === value ? [valueMatch] : []),
        ...matches,
      ]),
    [selfId, levels, chosen, valueMatch, value, matches],
  );
  const treeData = useMemo(() => agentTreeData(tree, index, { withoutRoot }), [tree, index, withoutRoot]);

  // Expanded nodes: the root, what the user opened, and the path to the value; while searching,
  // everything drawn (less what the user closed during this search).
  const [expanded, setExpanded] = useState<readonly Key[]>(withoutRoot ? [] : [AGENT_TREE_ROOT_ID]);
  const [closedInSearch, setClosedInSearch] = useState<ReadonlySet<Key>>(new Set());
  const drawnParents = useMemo(() => keysWithChildren(treeData), [treeData]);
  const valuePath = value === undefined ? null : pathOf(index, value);
  const valuePathKey = valuePath?.join(',') ?? '';
  useEffect(() => {
    if (valuePathKey === '') return;
    const path = valuePathKey.split(',').map(Number);
    setExpanded((keys) => [...new Set([...keys, ...(withoutRoot ? [] : [AGENT_TREE_ROOT_ID]), ...path])]);
  }, [valuePathKey, withoutRoot]);

  const onTreeExpand = (keys: Key[]) => {
    if (searching) {
      setClosedInSearch(new Set(drawnParents.filter((k) => !keys.includes(k))));
      return;
    }
    // A node drawn with only the path of a found agent has its whole level loaded when opened.
    for (const key of keys)
      if (isAgentId(key) && !expanded.includes(key) && !index.loaded.has(key)) want(key);
    setExpanded(keys);
  };

  // antd calls this for a node with sub-agents and none drawn yet.
  const loadData = useCallback(
    async (node: { value?: unknown }) => {
      const parentId = Number(node.value);
      if (!Number.isSafeInteger(parentId) || parentId <= 0) return;
      want(parentId);
      await queryClient.fetchQuery(agentTreeLevelQuery(parentId));
    },
    [queryClient, want],
  );

  const onSearch = (text: string) => {
    setSearch(text);
    setClosedInSearch(new Set());
  };

  const onSelectChange = (next: number | undefined) => {
    const match = next === undefined ? undefined : matches.find((m) => m.id === next);
    if (match) setChosen((list) => [...list.filter((m) => m.id !== match.id), match]);
    setSearch('');
    onChange?.(next ?? undefined);
  };

  const total = found.data?.total ?? 0;
  const shown = found.data?.items.length ?? 0;
  const popupRender = (menu: ReactElement) => (
    <>
      {menu}
      {searching && total > shown ? (
        <div className="agent-tree-select-footer">
          共 {total} 个匹配，仅列出前 {shown} 个，请输入更完整的名称
        </div>
      ) : null}
    </>
  );

  return (
    <TreeSelect<number | undefined, AgentTreeOption>
      id={id}
      className={className}
      autoFocus={autoFocus}
      defaultOpen={defaultOpen}
      treeData={treeData}
      value={value}
      onChange={onSelectChange}
      showSearch={{
        searchValue: search,
        onSearch,
        filterTreeNode: (input, node) =>
          String(node.title ?? '')
            .toLowerCase()
            .includes(input.trim().toLowerCase()),
      }}
      loadData={loadData}
      treeExpandedKeys={searching ? drawnParents.filter((k) => !closedInSearch.has(k)) : (expanded as Key[])}
      onTreeExpand={onTreeExpand}
      notFoundContent={
        searching && found.isFetching ? (
          <span className="agent-tree-select-searching">
            <Spin size="small" /> 搜索中…
          </span>
        ) : (
          '无匹配的代理'
        )
      }
      popupRender={popupRender}
      allowClear={allowClear}
      disabled={disabled}
      placeholder={placeholder}
      popupMatchSelectWidth={false}
      listHeight={320}
    />
  );
}
