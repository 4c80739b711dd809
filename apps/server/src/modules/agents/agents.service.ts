import {
  AGENT_TREE_ROOT_ID,
  AGENT_TREE_ROOT_LABEL,
  AGENT_TREE_SELF_LABEL,
  type AgentInfo,
  type AgentTreeNode,
  Codes,
  maskPhone,
} from '@agent-console/contract';
import type { Database } from '../../db/client';
import type { AgentRow } from '../../db/schema/agents';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { formatChinaTime } from '../../shared/time';
import { areasWithin, type Regions } from '../regions/region-tree';
import type { UsersService } from '../users/users.service';
import type { AgentsRepository, SubtreeAgent } from './agents.repository';

/** Ratios are stored as integers in 1/10000 (basis points): 10000 = 100 %. */
export const RATIO_SCALE = 10_000;

export interface AgentFlags {
  setTopAuthority: boolean;
  addPricePermission: boolean;
  isHbpush: boolean;
  xuanhaoApp: boolean;
  hasMemberFinanceMenu: boolean;
  setSettleAuthority: boolean;
  hasPriceAddRangeFlag: boolean;
}

export interface CreateAgentInput {
  /** Null only for the level 0 operator. */
  parentId: number | null;
  agentLevel: number;
  agentName: string;
  mobilePhone: string;
  /** The initial login password, already hashed (see shared/passwords). */
  loginPasswordHash: string;
  /** Area keys inside the parent's areas; empty (whole country) only for levels 0 and 1. */
  areaInfo: string[];
  /** Share of what the parent receives, in 1/10000. */
  proportion?: number;
  /** In 1/10000. */
  baseProfitRatio?: number;
  remark?: string;
  flags?: Partial<AgentFlags>;
}

const invalid = (message: string) => new AppError(Codes.INVALID_PARAMS, message);

const isRatio = (n: number) => Number.isInteger(n) && n >= 0 && n <= RATIO_SCALE;

/** Level ≤ 1 sees the whole region tree; deeper levels only their own areas (spec section 6). */
const WHOLE_TREE_MAX_LEVEL = 1;

export function createAgentsService(deps: {
  db: Database;
  repo: AgentsRepository;
  users: UsersService;
  regions: Regions;
  clock: Clock;
}) {
  const { db, repo, users, regions, clock } = deps;

  async function checkPlacement(input: CreateAgentInput): Promise<void> {
    const name = input.agentName.trim();
    if (name.length === 0 || name.length > 50) throw invalid('代理名称为1-50个字');
    if (!Number.isInteger(input.agentLevel) || input.agentLevel < 0 || input.agentLevel > 5) {
      throw invalid('代理等级不正确');
    }
    for (const key of input.areaInfo) if (!regions.isValidKey(key)) throw invalid(`地区不存在：${key}`);
    if (new Set(input.areaInfo).size !== input.areaInfo.length) throw invalid('地区重复');
    if (input.agentLevel > WHOLE_TREE_MAX_LEVEL && input.areaInfo.length === 0)
      throw invalid('请选择代理地区');
    if (!isRatio(input.proportion ?? 0) || !isRatio(input.baseProfitRatio ?? 0)) {
      throw invalid('分润比例须在 0 到 100% 之间');
    }
    if ((input.remark ?? '').length > 200) throw invalid('备注最多200个字');

    if (input.agentLevel === 0) {
      if (input.parentId !== null) throw invalid('全国总代理没有上级');
      if (await repo.findOperator()) throw invalid('全国总代理已存在');
      return;
    }
    if (input.parentId === null) throw invalid('请选择上级代理');
    const parent = await repo.findById(input.parentId);
    if (parent?.status !== 'active') throw invalid('上级代理不存在');
    if (input.agentLevel <= parent.agentLevel) throw invalid('下级代理的等级必须低于上级');
    if (!areasWithin(input.areaInfo, parent.areaInfo)) throw invalid('代理地区必须在上级代理的地区之内');
  }

  /** Every sub-agent of `parentId` as a tree node, each with its own sub-agents as children. */
  function subtreeNodes(parentId: number, byParent: Map<number, SubtreeAgent[]>): AgentTreeNode[] {
    return (byParent.get(parentId) ?? []).map((a) => {
      const children = subtreeNodes(a.id, byParent);
      return children.length > 0
        ? { id: a.id, label: a.agentName, children }
        : { id: a.id, label: a.agentName };
    });
  }

  return {
    /** Creates the account and its agent in one transaction. */
    async createAgent(input: CreateAgentInput): Promise<AgentRow> {
      return db.transaction(async () => {
        await checkPlacement(input);
        const account = await users.createAccount({
          mobilePhone: input.mobilePhone,
          loginPasswordHash: input.loginPasswordHash,
        });
        return repo.insert({
          userId: account.id,
          parentId: input.parentId,
          agentLevel: input.agentLevel,
          agentName: input.agentName.trim(),
          areaInfo: input.areaInfo,
          proportion: input.proportion ?? 0,
          baseProfitRatio: input.baseProfitRatio ?? 0,
          remark: input.remark ?? '',
          ...input.flags,
          createdAt: clock(),
        });
      });
    },

    findByUserId: (userId: number) => repo.findByUserId(userId),
    findOperator: () => repo.findOperator(),

    /** The caller's agent as the console needs it (contract AgentInfo). */
    async agentInfo(accountId: number): Promise<AgentInfo> {
      const [agent, account] = await Promise.all([repo.findByUserId(accountId), users.findById(accountId)]);
      if (!agent || !account) throw new AppError(Codes.NOT_LOGGED_IN);
      const descendants = await repo.descendants(agent.id);
      const byParent = new Map<number, SubtreeAgent[]>();
      for (const d of descendants) byParent.set(d.parentId, [...(byParent.get(d.parentId) ?? []), d]);

      const areaKeys = agent.areaInfo;
      return {
        id: agent.id,
        userId: account.id,
        parentId: agent.parentId,
        agentLevel: agent.agentLevel,
        agentName: agent.agentName,
        mobilePhone: maskPhone(account.mobilePhone),
        completeMobilePhone: account.mobilePhone,
        areaInfo: JSON.stringify(areaKeys),
        areaNames: areaKeys.flatMap((k) => regions.names(k) ?? []),
        structuredAreaInfo:
          agent.agentLevel <= WHOLE_TREE_MAX_LEVEL ? regions.tree.slice() : regions.trim(areaKeys),
        structuredPid: [
          {
            id: AGENT_TREE_ROOT_ID,
            label: AGENT_TREE_ROOT_LABEL,
            children: [{ id: agent.id, label: AGENT_TREE_SELF_LABEL }, ...subtreeNodes(agent.id, byParent)],
          },
        ],
        structuredChannelOption: '[]',
        hasPriceAddRangeFlag: agent.hasPriceAddRangeFlag,
        isHbpush: agent.isHbpush,
        setTopAuthority: agent.setTopAuthority,
        addPricePermission: agent.addPricePermission,
        xuanhaoApp: agent.xuanhaoApp,
        hasMemberFinanceMenu: agent.hasMemberFinanceMenu,
        setSettleAuthority: agent.setSettleAuthority,
        createTime: formatChinaTime(agent.createdAt),
      };
    },
  };
}

export type AgentsService = ReturnType<typeof createAgentsService>;
