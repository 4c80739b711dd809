import * as z from 'zod/mini';
import { SIGNED_IN } from './access';
import { endpoint } from './endpoint';

/*
 * The agent tree of the agent selectors, loaded on demand (issue 7, §5). The agent info's
 * `structuredPid` carries only the root -1 全部 and 本级 (the caller); the selectors ask for the
 * sub-agents of a node when it is opened, search by name on the server, and look one agent up by
 * id (a filter restored from a URL). Every answer stays inside the caller's subtree.
 */

/** The most sub-agents one `queryAgentTreeNodes` answers; `totalCount` tells how many there are. */
export const AGENT_TREE_CHILDREN_MAX = 500;
/** The most agents one search answers; `totalCount` tells how many match. */
export const AGENT_TREE_SEARCH_MAX = 50;

/** An agent as a selector shows it: its id, its name, and whether it has no active sub-agents. */
export const AgentTreeItem = z.object({
  id: z.int(),
  label: z.string(),
  /** True when the agent has no active sub-agents (the select draws no expander). */
  isLeaf: z.boolean(),
});
export type AgentTreeItem = z.infer<typeof AgentTreeItem>;

/**
 * An agent found by name or by id, with the agents between the caller and it: `ancestors` goes
 * from a direct sub-agent of the caller down to the agent's parent (empty for a direct sub-agent
 * and for the caller itself), so the select can show it in place.
 */
export const AgentTreeMatch = z.extend(AgentTreeItem, {
  ancestors: z.array(z.object({ id: z.int(), label: z.string() })).check(z.maxLength(5)),
});
export type AgentTreeMatch = z.infer<typeof AgentTreeMatch>;

/** The active sub-agents of a node of the caller's subtree (the caller itself included), by id. */
export const queryAgentTreeNodes = endpoint({
  path: '/api/agent/queryAgentTreeNodes',
  access: SIGNED_IN,
  owns: { parentId: 'agent' },
  request: z.strictObject({ parentId: z.int().check(z.positive()) }),
  object: z.array(AgentTreeItem).check(z.maxLength(AGENT_TREE_CHILDREN_MAX)),
});

/**
 * The caller's sub-agents whose name contains the keyword (case-insensitive), shallowest first, at
 * most `AGENT_TREE_SEARCH_MAX`; `totalCount` is the number of all matches.
 */
export const searchAgentTreeNodes = endpoint({
  path: '/api/agent/searchAgentTreeNodes',
  access: SIGNED_IN,
  request: z.strictObject({
    keyword: z.string().check(z.trim(), z.minLength(1, '请输入代理名称'), z.maxLength(50)),
  }),
  object: z.array(AgentTreeMatch).check(z.maxLength(AGENT_TREE_SEARCH_MAX)),
});

/** One agent of the caller's subtree by id, with its path (a selector's value restored from a URL). */
export const queryAgentTreePath = endpoint({
  path: '/api/agent/queryAgentTreePath',
  access: SIGNED_IN,
  owns: { id: 'agent' },
  request: z.strictObject({ id: z.int().check(z.positive()) }),
  object: AgentTreeMatch,
});
