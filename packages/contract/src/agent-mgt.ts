import * as z from 'zod/mini';
import { SIGNED_IN } from './access';
import { AreaKey, RegionNode } from './agent';
import { EmptyRequest, endpoint } from './endpoint';
import { defineList, exportEndpoint, FilterTime, listEndpoint, totalsEndpoint } from './list';
import { AGENT_MGT_ACCESS } from './roles';
import { UnfinishedTask } from './task';
import { Id, IdParam, PasswordDigest, Phone } from './validators';

/** A ratio on the wire: a decimal fraction from 0 to 1 with at most 4 decimals (0.01 %). Shown ×100. */
export const Ratio = z.number({ error: '请输入比例' }).check(
  z.minimum(0, '比例不能小于 0%'),
  z.maximum(1, '比例不能大于 100%'),
  z.refine((n) => Math.abs(Math.round(n * 10000) - n * 10000) < 1e-6, '比例最多保留两位小数（百分比）'),
);

export const GameProfitRatio = z.object({
  gameId: Id,
  gameName: z.string(),
  profitRatio: Ratio,
});
export type GameProfitRatio = z.infer<typeof GameProfitRatio>;

export const GameProfitRatioInput = z.strictObject({
  gameId: Id,
  profitRatio: Ratio,
});

/** The permission flags an agent may hand down (never one its creator lacks). */
export const AgentFlags = z.object({
  setTopAuthority: z.boolean(),
  addPricePermission: z.boolean(),
  isHbpush: z.boolean(),
  xuanhaoApp: z.boolean(),
  hasMemberFinanceMenu: z.boolean(),
  setSettleAuthority: z.boolean(),
  hasPriceAddRangeFlag: z.boolean(),
});
export type AgentFlags = z.infer<typeof AgentFlags>;

export const AGENT_FLAG_KEYS = [
  'setTopAuthority',
  'addPricePermission',
  'isHbpush',
  'xuanhaoApp',
  'hasMemberFinanceMenu',
  'setSettleAuthority',
  'hasPriceAddRangeFlag',
] as const satisfies readonly (keyof AgentFlags)[];

/** How the console names each permission, in the form and in the server's refusals (spec section 6). */
export const AGENT_FLAG_LABELS: Readonly<Record<keyof AgentFlags, string>> = {
  setTopAuthority: '商品置顶',
  addPricePermission: '加价',
  isHbpush: '手动发红包',
  xuanhaoApp: '选号APP',
  hasMemberFinanceMenu: '资金明细',
  setSettleAuthority: '设备结算',
  hasPriceAddRangeFlag: '加价区间',
};

export const AgentListItem = z.object({
  id: z.int(),
  userId: z.int(),
  parentId: z.nullable(z.int()),
  parentName: z.nullable(z.string()),
  agentName: z.string(),
  agentLevel: z.int(),
  /** Masked. */
  mobilePhone: z.string(),
  /** JSON text of area keys. */
  areaInfo: z.string(),
  areaNames: z.array(z.string()),
  proportion: z.number(),
  baseProfitRatio: z.number(),
  gameProfitRatios: z.array(GameProfitRatio),
  subAgentCount: z.int(),
  netBarCount: z.int(),
  remark: z.string(),
  createTime: z.string(),
  ...AgentFlags.shape,
});
export type AgentListItem = z.infer<typeof AgentListItem>;

/**
 * The agent list (/agent-mgt): the caller's sub-agents, never itself. `pid` is a node of the agent
 * tree: the agents below it (its whole subtree); -1 (全部) or absent: all of the caller's.
 */
export const agentList = defineList({
  filters: {
    agentName: z.optional(z.string().check(z.trim(), z.maxLength(50))),
    /** The whole phone or its last digits. */
    mobilePhone: z.optional(z.string().check(z.trim(), z.maxLength(11))),
    agentLevel: z.optional(z.int().check(z.minimum(0), z.maximum(5))),
    /** An area key: agents with an area inside it (or covering it). */
    areaKey: z.optional(AreaKey),
    pid: z.optional(z.int()),
    /** Created from, China time. */
    startTime: z.optional(FilterTime),
    endTime: z.optional(FilterTime),
  },
  row: AgentListItem,
  sort: ['createTime', 'id'],
  defaultSort: { field: 'createTime', order: 'desc' },
  owner: 'id',
  owns: { pid: 'agent' },
});
export const AgentListQuery = agentList.request;
export type AgentListQuery = z.input<typeof AgentListQuery>;

export const queryAgentInfoPage = listEndpoint({
  path: '/api/agent/queryAgentInfoPage',
  list: agentList,
  access: AGENT_MGT_ACCESS,
});

/** The figures over the whole filtered list: how many agents, per level. */
export const AgentListTotals = z.object({
  agentCount: z.int().check(z.nonnegative()),
  byLevel: z.array(z.object({ agentLevel: z.int(), count: z.int().check(z.nonnegative()) })),
  subAgentCount: z.int().check(z.nonnegative()),
});
export type AgentListTotals = z.infer<typeof AgentListTotals>;

export const queryAgentInfoTotal = totalsEndpoint({
  path: '/api/agent/queryAgentInfoTotal',
  list: agentList,
  totals: AgentListTotals,
  access: AGENT_MGT_ACCESS,
});

export const exportAgentInfoPage = exportEndpoint({
  path: '/api/agent/exportAgentInfoPage',
  list: agentList,
  access: AGENT_MGT_ACCESS,
  fileName: '代理列表',
});

const AgentFields = {
  agentName: z
    .string()
    .check(z.trim(), z.minLength(1, '请输入代理名称'), z.maxLength(50, '代理名称最多50个字')),
  /** Area keys inside the parent's areas; at least one below level 1. */
  areaInfo: z.array(AreaKey).check(z.maxLength(200)),
  proportion: Ratio,
  baseProfitRatio: Ratio,
  gameProfitRatios: z.array(GameProfitRatioInput).check(z.maxLength(100)),
  remark: z._default(z.string().check(z.trim(), z.maxLength(200, '备注最多200个字')), ''),
  flags: z._default(z.strictObject(z.partial(AgentFlags).shape), {}),
};

export const CreateAgentRequest = z.strictObject({
  mobilePhone: Phone,
  /** The initial login password (MD5 digest); the new agent is asked to change it (task 2). */
  password: PasswordDigest,
  agentLevel: z.int().check(z.minimum(1), z.maximum(5)),
  /** The parent: the caller (default) or an agent of its subtree above the new level. */
  parentId: z.optional(Id),
  ...AgentFields,
});
export type CreateAgentRequest = z.input<typeof CreateAgentRequest>;

export const createAgent = endpoint({
  path: '/api/agent/createAgent',
  access: AGENT_MGT_ACCESS,
  owns: { parentId: 'agent' },
  request: CreateAgentRequest,
  object: AgentListItem,
});

/** Level and parent never change; the other fields follow the same rules as at creation. */
export const UpdateAgentRequest = z.strictObject({ id: Id, ...AgentFields });
export type UpdateAgentRequest = z.input<typeof UpdateAgentRequest>;

export const updateAgent = endpoint({
  path: '/api/agent/updateAgent',
  access: AGENT_MGT_ACCESS,
  owns: { id: 'agent' },
  request: UpdateAgentRequest,
  object: AgentListItem,
});

/** Refused with a reason while the agent has sub-agents, net bars or money. */
export const deleteAgent = endpoint({
  path: '/api/agent/deleteAgent/:id',
  access: AGENT_MGT_ACCESS,
  owns: { id: 'agent' },
  params: z.object({ id: IdParam }),
  request: EmptyRequest,
  object: z.boolean(),
});

/** The agent detail popover (spec section 3). */
export const AgentDetail = z.object({
  id: z.int(),
  agentName: z.string(),
  agentLevel: z.int(),
  /** JSON map of area key to its names: {"440000-440300":"广东省-深圳市"}. */
  areaInfo: z.string(),
  proportion: z.number(),
  /** False when hasPriceAddRangeFlag hides the profit block (spec section 6). */
  showProportion: z.boolean(),
  orderProfitRatioRes: z.object({
    baseProfitRatio: z.number(),
    gameProfitRatios: z.array(z.object({ gameName: z.string(), profitRatio: z.number() })),
  }),
  remark: z.string(),
});
export type AgentDetail = z.infer<typeof AgentDetail>;

export const queryAgentDetail = endpoint({
  path: '/api/agent/query/:id',
  access: SIGNED_IN,
  owns: { id: 'agent' },
  params: z.object({ id: IdParam }),
  request: EmptyRequest,
  object: AgentDetail,
});

/** The areas that may be given to a new agent under `parentId` (default: the caller): the parent's trimmed tree. */
export const queryAgentAreaDetail = endpoint({
  path: '/api/agent/queryAgentAreaDetail',
  access: SIGNED_IN,
  owns: { parentId: 'agent' },
  request: z.strictObject({ parentId: z.optional(Id) }),
  object: z.array(RegionNode),
});

export const SubAgentTaskStatus = z.object({ agentId: z.int(), tasks: z.array(UnfinishedTask) });
export const querySubAgentTaskStatus = endpoint({
  path: '/api/agent/querySubAgentTaskStatus',
  access: SIGNED_IN,
  owns: { agentIds: 'agent' },
  request: z.strictObject({ agentIds: z.array(Id).check(z.minLength(1), z.maxLength(200)) }),
  object: z.array(SubAgentTaskStatus),
});

/** Whether a phone already belongs to a registered user (the create form checks it). */
export const isXuanHaoExistUser = endpoint({
  path: '/api/agent/isXuanHaoExistUser/:mobilePhone',
  access: SIGNED_IN,
  params: z.object({ mobilePhone: Phone }),
  request: EmptyRequest,
  object: z.boolean(),
});

/** The ratios of `agentId` (default: the caller) with every game: the upper bounds of its children's. */
export const getOrderProfitRatios = endpoint({
  path: '/api/agent/getOrderProfitRatios',
  access: SIGNED_IN,
  owns: { agentId: 'agent' },
  request: z.strictObject({ agentId: z.optional(Id) }),
  object: z.object({
    proportion: z.number(),
    baseProfitRatio: z.number(),
    gameProfitRatios: z.array(GameProfitRatio),
    flags: AgentFlags,
  }),
});
