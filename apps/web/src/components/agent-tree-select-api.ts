import {
  queryAgentTreeNodes,
  queryAgentTreePath,
  searchAgentTreeNodes,
} from '@agent-console/contract/agent-tree';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import type { AgentTreeLevel } from './agent-tree-select-model';

/*
 * The agent selectors' calls (issue 7, §5). Silent like list loads: a select that cannot load a
 * level shows what it has; the screens say what matters (e.g. an agent no longer available).
 */

/** The sub-agents of one node of the caller's subtree. */
export const agentTreeLevelQuery = (parentId: number) =>
  queryOptions({
    queryKey: [queryAgentTreeNodes.path, parentId],
    queryFn: async ({ signal }): Promise<AgentTreeLevel> => {
      const { object, totalCount } = await call(queryAgentTreeNodes, { parentId }, { silent: true, signal });
      return { parentId, items: object, total: totalCount ?? object.length };
    },
    staleTime: 60_000,
  });

/** The caller's sub-agents whose name contains `keyword`, each with its path (at most 50). */
export const agentTreeSearchQuery = (keyword: string) =>
  queryOptions({
    queryKey: [searchAgentTreeNodes.path, keyword],
    queryFn: async ({ signal }) => {
      const { object, totalCount } = await call(searchAgentTreeNodes, { keyword }, { silent: true, signal });
      return { items: object, total: totalCount ?? object.length };
    },
    staleTime: 30_000,
  });

/** One agent of the caller's subtree with its path; fails with 1004 for any other id. */
export const agentTreePathQuery = (id: number) =>
  queryOptions({
    queryKey: [queryAgentTreePath.path, id],
    queryFn: async ({ signal }) => (await call(queryAgentTreePath, { id }, { silent: true, signal })).object,
    staleTime: 60_000,
  });

/** Every call of the tree: what a change of the agents makes stale. */
export const AGENT_TREE_PATHS = [
  queryAgentTreeNodes.path,
  searchAgentTreeNodes.path,
  queryAgentTreePath.path,
];
