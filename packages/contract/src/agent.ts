import * as z from 'zod/mini';
import { PUBLIC, SIGNED_IN } from './access';
import { EmptyRequest, endpoint } from './endpoint';

/** A region tree node: numeric GB/T 2260 code, name, and its cities or districts. */
export interface RegionNode {
  id: number;
  label: string;
  children?: RegionNode[];
}
export const RegionNode: z.ZodMiniType<RegionNode> = z.lazy(() =>
  z.object({ id: z.int(), label: z.string(), children: z.optional(z.array(RegionNode)) }),
);

/**
 * A node of the agent tree used by every agent filter: root -1 "全部", then "本级" (the agent
 * itself) and its sub-agents. The agent info carries the root and 本级 only; the sub-agents are
 * loaded on demand (agent-tree.ts).
 */
export interface AgentTreeNode {
  id: number;
  label: string;
  children?: AgentTreeNode[];
}
export const AgentTreeNode: z.ZodMiniType<AgentTreeNode> = z.lazy(() =>
  z.object({ id: z.int(), label: z.string(), children: z.optional(z.array(AgentTreeNode)) }),
);
export const AGENT_TREE_ROOT_ID = -1;
export const AGENT_TREE_ROOT_LABEL = '全部';
export const AGENT_TREE_SELF_LABEL = '本级';

/**
 * An area key: region codes from the province down, joined by '-': "440000", "440000-440300" or
 * "440000-440300-440305". An agent's areaInfo is the JSON text of an array of them; an empty array
 * means the whole country.
 */
export const AreaKey = z.string().check(z.regex(/^\d{6}(-\d{6}){0,2}$/, '地区格式不正确'));

export const AgentInfo = z.object({
  id: z.int(),
  userId: z.int(),
  parentId: z.nullable(z.int()),
  agentLevel: z.int().check(z.minimum(0), z.maximum(5)),
  agentName: z.string(),
  /** Masked: 138****0000. */
  mobilePhone: z.string(),
  completeMobilePhone: z.string(),
  /** JSON text of the agent's area keys. */
  areaInfo: z.string(),
  /** Area keys as names, for display: "广东省-深圳市-南山区". */
  areaNames: z.array(z.string()),
  /**
   * The agent tree's top (spec section 3), bounded whatever the tree's size: the root -1 全部 with
   * one child, 本级 (the agent's own id). The sub-agents below come from `queryAgentTreeNodes`.
   */
  structuredPid: z.array(AgentTreeNode),
  /** JSON text of the channel options the agent may filter by. */
  structuredChannelOption: z.string(),
  hasPriceAddRangeFlag: z.boolean(),
  isHbpush: z.boolean(),
  setTopAuthority: z.boolean(),
  addPricePermission: z.boolean(),
  xuanhaoApp: z.boolean(),
  hasMemberFinanceMenu: z.boolean(),
  setSettleAuthority: z.boolean(),
  createTime: z.string(),
});
export type AgentInfo = z.infer<typeof AgentInfo>;

export const queryAgentInfo = endpoint({
  path: '/api/agent/query',
  access: SIGNED_IN,
  request: EmptyRequest,
  object: AgentInfo,
});

/**
 * The caller's region tree for area filters (spec section 3, structuredAreaInfo): the whole tree
 * for levels 0-1 (spec section 6), the tree trimmed to the agent's areas deeper. Its own call, not
 * a field of the agent info that every page loads: the whole tree weighs about 125 KB.
 */
export const queryStructuredAreaInfo = endpoint({
  path: '/api/agent/queryStructuredAreaInfo',
  access: SIGNED_IN,
  request: EmptyRequest,
  object: z.array(RegionNode),
});

export const SiteInfo = z.object({
  /** URL of the logo image, or null for the default mark. */
  logo: z.nullable(z.string()),
  /** Null when not configured: the console falls back to its default name. */
  name: z.nullable(z.string()),
});
export type SiteInfo = z.infer<typeof SiteInfo>;

/** Public: the login page shows it too. */
export const customSiteInfo = endpoint({
  path: '/api/agent/custom-site-info',
  access: PUBLIC,
  request: EmptyRequest,
  object: SiteInfo,
});
