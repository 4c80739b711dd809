import {
  AGENT_TREE_CHILDREN_MAX,
  AGENT_TREE_ROOT_ID,
  AGENT_TREE_ROOT_LABEL,
  AGENT_TREE_SEARCH_MAX,
  AGENT_TREE_SELF_LABEL,
  type AgentDetail,
  type AgentInfo,
  type AgentListItem,
  type AgentListTotals,
  type AgentTreeItem,
  type AgentTreeMatch,
  type agentList,
  Codes,
  type CreateAgentRequest,
  type GameProfitRatio,
  maskPhone,
  type RegionNode,
  type UpdateAgentRequest,
} from '@agent-console/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { hashPasswordDigest } from '../../shared/passwords';
import { chinaRange, formatChinaTime } from '../../shared/time';
import type { GamesService } from '../games/games.service';
import type { Regions } from '../regions/region-tree';
import type { UsersService } from '../users/users.service';
import {
  type AgentFlags,
  firstViolation,
  MAX_AGENT_LEVEL,
  NO_FLAGS,
  type Placement,
  RATIO_SCALE,
  ratioToStored,
  ratioToWire,
  violationAgainstParent,
  violationOfChild,
  WHOLE_TREE_MAX_LEVEL,
} from './agent-rules';
import type {
  AgentListFilters,
  AgentPageRow,
  AgentRow,
  AgentsRepository,
  GameRatioRow,
  TreeNodeRow,
} from './agents.repository';
import { agentNotFound, type Scope } from './scope';

export { type AgentFlags, RATIO_SCALE } from './agent-rules';

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
  /** Special ratios per game, in 1/10000. */
  gameRatios?: { gameId: number; profitRatio: number }[];
  remark?: string;
  flags?: Partial<AgentFlags>;
}

type ListQuery = z.output<typeof agentList.query>;
type CreateBody = z.output<typeof CreateAgentRequest>;
type UpdateBody = z.output<typeof UpdateAgentRequest>;

const invalid = (message: string) => new AppError(Codes.INVALID_PARAMS, message);

/** Whether an update changes what shares are computed from (a new ratio history snapshot). */
const ratiosChanged = (a: Placement, b: Placement) =>
  a.proportion !== b.proportion ||
  a.baseProfitRatio !== b.baseProfitRatio ||
  a.gameRatios.size !== b.gameRatios.size ||
  [...a.gameRatios].some(([game, ratio]) => b.gameRatios.get(game) !== ratio);

const isRatio = (n: number) => Number.isInteger(n) && n >= 0 && n <= RATIO_SCALE;

const flagsOf = (a: AgentRow): AgentFlags => ({
  setTopAuthority: a.setTopAuthority,
  addPricePermission: a.addPricePermission,
  isHbpush: a.isHbpush,
  xuanhaoApp: a.xuanhaoApp,
  hasMemberFinanceMenu: a.hasMemberFinanceMenu,
  setSettleAuthority: a.setSettleAuthority,
  hasPriceAddRangeFlag: a.hasPriceAddRangeFlag,
});

export function createAgentsService(deps: {
  db: Database;
  repo: AgentsRepository;
  users: UsersService;
  games: GamesService;
  regions: Regions;
  clock: Clock;
}) {
  const { db, repo, users, games, regions, clock } = deps;

  async function placementOf(agent: AgentRow): Promise<Placement> {
    const ratios = await repo.gameRatios([agent.id]);
    return {
      agentLevel: agent.agentLevel,
      areaInfo: agent.areaInfo,
      proportion: agent.proportion,
      baseProfitRatio: agent.baseProfitRatio,
      gameRatios: new Map(ratios.map((r) => [r.gameId, r.profitRatio])),
      flags: flagsOf(agent),
    };
  }

  /** The names of the games (for messages); checks that every id exists and none repeats. */
  async function checkGames(ratios: readonly { gameId: number; profitRatio: number }[]) {
    const ids = ratios.map((r) => r.gameId);
    if (new Set(ids).size !== ids.length) throw invalid('游戏重复');
    for (const r of ratios) if (!isRatio(r.profitRatio)) throw invalid('分润比例须在 0 到 100% 之间');
    const all = await games.list();
    const names = new Map(all.map((g) => [g.id, g.name]));
    for (const id of ids) if (!names.has(id)) throw invalid(`游戏不存在：${id}`);
    return (id: number) => names.get(id) ?? String(id);
  }

  /** The rules of an agent's own fields, whatever its parent. */
  function checkOwnFields(input: {
    agentName: string;
    agentLevel: number;
    areaInfo: readonly string[];
    proportion: number;
    baseProfitRatio: number;
    remark: string;
  }) {
    const name = input.agentName.trim();
    if (name.length === 0 || name.length > 50) throw invalid('代理名称为1-50个字');
    if (!Number.isInteger(input.agentLevel) || input.agentLevel < 0 || input.agentLevel > MAX_AGENT_LEVEL) {
      throw invalid('代理等级不正确');
    }
    for (const key of input.areaInfo) if (!regions.isValidKey(key)) throw invalid(`地区不存在：${key}`);
    if (new Set(input.areaInfo).size !== input.areaInfo.length) throw invalid('地区重复');
    if (input.agentLevel > WHOLE_TREE_MAX_LEVEL && input.areaInfo.length === 0)
      throw invalid('请选择代理地区');
    if (!isRatio(input.proportion) || !isRatio(input.baseProfitRatio)) {
      throw invalid('分润比例须在 0 到 100% 之间');
    }
    if (input.remark.length > 200) throw invalid('备注最多200个字');
  }

  async function checkPlacement(input: CreateAgentInput): Promise<void> {
    const own = {
      agentName: input.agentName,
      agentLevel: input.agentLevel,
      areaInfo: input.areaInfo,
      proportion: input.proportion ?? 0,
      baseProfitRatio: input.baseProfitRatio ?? 0,
      remark: input.remark ?? '',
    };
    checkOwnFields(own);
    const gameName = await checkGames(input.gameRatios ?? []);

    if (input.agentLevel === 0) {
      if (input.parentId !== null) throw invalid('全国总代理没有上级');
      if (await repo.findOperator()) throw new AppError(Codes.DUPLICATE, '全国总代理已存在');
      return;
    }
    if (input.parentId === null) throw invalid('请选择上级代理');
    await repo.lock(input.parentId);
    const parent = await repo.findById(input.parentId);
    if (parent?.status !== 'active') throw invalid('上级代理不存在');
    const violation = firstViolation(
      {
        ...own,
        gameRatios: new Map((input.gameRatios ?? []).map((r) => [r.gameId, r.profitRatio])),
        flags: { ...NO_FLAGS, ...input.flags },
      },
      await placementOf(parent),
    );
    if (violation) throw invalid(violationAgainstParent(violation, gameName));
  }

  const treeItem = (row: TreeNodeRow): AgentTreeItem => ({
    id: row.id,
    label: row.agentName,
    isLeaf: !row.hasChildren,
  });

  /** Tree items with the agents between the caller and each (its ancestors below the caller). */
  async function treeMatches(scope: Scope, rows: readonly TreeNodeRow[]): Promise<AgentTreeMatch[]> {
    const ancestors = await repo.treeAncestors(
      scope,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      ...treeItem(row),
      ancestors: (ancestors.get(row.id) ?? []).map((a) => ({ id: a.id, label: a.agentName })),
    }));
  }

  const areaNamesOf = (keys: readonly string[]) => keys.flatMap((k) => regions.names(k) ?? []);

  const wireRatios = (rows: readonly GameRatioRow[]): GameProfitRatio[] =>
    rows.map((r) => ({ gameId: r.gameId, gameName: r.gameName, profitRatio: ratioToWire(r.profitRatio) }));

  /** List items of agents (any order kept), with the counts the list shows. */
  async function listItems(rows: readonly AgentPageRow[]): Promise<AgentListItem[]> {
    const ratios = await repo.gameRatios(rows.map((r) => r.agent.id));
    const byAgent = new Map<number, GameRatioRow[]>();
    for (const r of ratios) byAgent.set(r.agentId, [...(byAgent.get(r.agentId) ?? []), r]);
    return rows.map(({ agent, mobilePhone, parentName, subAgentCount }) => ({
      id: agent.id,
      userId: agent.userId,
      parentId: agent.parentId,
      parentName,
      agentName: agent.agentName,
      agentLevel: agent.agentLevel,
      mobilePhone: maskPhone(mobilePhone),
      areaInfo: JSON.stringify(agent.areaInfo),
      areaNames: areaNamesOf(agent.areaInfo),
      proportion: ratioToWire(agent.proportion),
      baseProfitRatio: ratioToWire(agent.baseProfitRatio),
      gameProfitRatios: wireRatios(byAgent.get(agent.id) ?? []),
      subAgentCount,
      // Net bars arrive with the net-bar issue; until a net_bars table exists an agent has none.
      netBarCount: 0,
      remark: agent.remark,
      createTime: formatChinaTime(agent.createdAt),
      ...flagsOf(agent),
    }));
  }

  async function listItemOf(id: number): Promise<AgentListItem> {
    const agent = await repo.findById(id);
    if (!agent) throw agentNotFound();
    const [phones, parent, subAgentCount] = await Promise.all([
      repo.phonesOf([agent.userId]),
      agent.parentId === null ? Promise.resolve(null) : repo.findById(agent.parentId),
      repo.countActiveChildren(agent.id),
    ]);
    const [item] = await listItems([
      {
        agent,
        mobilePhone: phones.get(agent.userId) ?? '',
        parentName: parent?.agentName ?? null,
        subAgentCount,
      },
    ]);
    if (!item) throw agentNotFound();
    return item;
  }

  const storedRatios = (list: readonly { gameId: number; profitRatio: number }[]) =>
    list.map((r) => ({ gameId: r.gameId, profitRatio: ratioToStored(r.profitRatio) }));

  /** The list's filters, checked: an area that exists, a range whose start is not after its end. */
  function listFilters(scope: Scope, query: ListQuery): AgentListFilters {
    if (query.areaKey !== undefined && !regions.isValidKey(query.areaKey))
      throw invalid(`地区不存在：${query.areaKey}`);
    const { pid } = query;
    return {
      agentName: query.agentName || undefined,
      mobilePhone: query.mobilePhone || undefined,
      agentLevel: query.agentLevel,
      areaKey: query.areaKey,
      // The root (全部) and the caller itself mean the whole scope; any other node was checked to be the caller's.
      under: pid === undefined || pid === AGENT_TREE_ROOT_ID || pid === scope.agentId ? undefined : pid,
      created: chinaRange(query.startTime, query.endTime),
      sort: { field: query.orderBy ?? 'createTime', order: query.order ?? 'desc' },
    };
  }

  const service = {
    /** Creates the account and its agent in one transaction (trusted callers: the API checks scope first). */
    async createAgent(input: CreateAgentInput): Promise<AgentRow> {
      return db.transaction(async () => {
        await checkPlacement(input);
        const account = await users.createAccount({
          mobilePhone: input.mobilePhone,
          loginPasswordHash: input.loginPasswordHash,
        });
        const agent = await repo.insert({
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
        await repo.replaceGameRatios(agent.id, input.gameRatios ?? []);
        await repo.recordRatios([agent.id], agent.createdAt);
        return agent;
      });
    },

    findByUserId: (userId: number) => repo.findByUserId(userId),
    findOperator: () => repo.findOperator(),

    /** queryAgentInfoPage: the caller's sub-agents (never itself) matching the filters, newest first. */
    async list(
      scope: Scope,
      query: ListQuery & { pageNum: number; pageSize: number },
    ): Promise<{ items: AgentListItem[]; total: number }> {
      const { rows, total } = await repo.page(scope, listFilters(scope, query), query);
      return { items: await listItems(rows), total };
    },

    /** queryAgentInfoTotal: the figures of the whole filtered list. */
    async totals(scope: Scope, query: ListQuery): Promise<AgentListTotals> {
      const { byLevel, subAgentCount } = await repo.totals(scope, listFilters(scope, query));
      return { agentCount: byLevel.reduce((n, l) => n + l.count, 0), byLevel, subAgentCount };
    },

    /** exportAgentInfoPage: the whole filtered list, a batch at a time. */
    async *exportBatches(scope: Scope, query: ListQuery): AsyncGenerator<AgentListItem[]> {
      for await (const rows of repo.batches(scope, listFilters(scope, query))) yield await listItems(rows);
    },

    /** createAgent: a sub-agent below the caller or below an agent of its subtree. */
    async create(scope: Scope, body: CreateBody): Promise<AgentListItem> {
      // The contract's `owns` had the parent checked to be the caller's (http/mount).
      const parentId = body.parentId ?? scope.agentId;
      const agent = await service.createAgent({
        parentId,
        agentLevel: body.agentLevel,
        agentName: body.agentName,
        mobilePhone: body.mobilePhone,
        loginPasswordHash: await hashPasswordDigest(body.password),
        areaInfo: body.areaInfo,
        proportion: ratioToStored(body.proportion),
        baseProfitRatio: ratioToStored(body.baseProfitRatio),
        gameRatios: storedRatios(body.gameProfitRatios),
        remark: body.remark,
        flags: body.flags,
      });
      return listItemOf(agent.id);
    },

    /**
     * updateAgent: the same rules as at creation against the parent, and no active sub-agent may
     * end up above the agent (refused naming the sub-agent). Level and parent never change; flags
     * left out keep their value.
     */
    async update(scope: Scope, body: UpdateBody): Promise<AgentListItem> {
      if (body.id === scope.agentId) throw invalid('不能修改自己的代理信息');
      // The reply is read after the commit: listItemOf runs its queries side by side, which a
      // transaction's one connection cannot (pg warns "client.query() when the client is already
      // executing a query", and a later pg refuses it).
      const id = await db.transaction(async () => {
        // The parent's row, then the agent's, stay locked until the commit (ancestors before
        // descendants, as creating and deleting lock, so no two of these can deadlock): the
        // parent's bounds cannot be lowered while the agent is checked against them, and no
        // sub-agent is created under the agent, nor updated against it, while its bounds change.
        const parentId = (await repo.findById(body.id))?.parentId;
        if (parentId) await repo.lock(parentId);
        await repo.lock(body.id);
        const agent = await repo.findById(body.id);
        if (agent?.status !== 'active' || agent.parentId === null) throw agentNotFound();
        const before = await placementOf(agent);
        const next: Placement = {
          agentLevel: agent.agentLevel,
          areaInfo: body.areaInfo,
          proportion: ratioToStored(body.proportion),
          baseProfitRatio: ratioToStored(body.baseProfitRatio),
          gameRatios: new Map(storedRatios(body.gameProfitRatios).map((r) => [r.gameId, r.profitRatio])),
          flags: { ...flagsOf(agent), ...body.flags },
        };
        checkOwnFields({ ...next, agentName: body.agentName, remark: body.remark });
        const gameName = await checkGames(storedRatios(body.gameProfitRatios));
        const parent = await repo.findById(agent.parentId);
        if (!parent) throw agentNotFound();
        const up = firstViolation(next, await placementOf(parent));
        if (up) throw invalid(violationAgainstParent(up, gameName));
        for (const child of await repo.activeChildren(agent.id)) {
          const down = firstViolation(await placementOf(child), next);
          if (down) throw invalid(violationOfChild(down, child.agentName, gameName));
        }
        await repo.update(agent.id, {
          agentName: body.agentName.trim(),
          areaInfo: body.areaInfo,
          proportion: next.proportion,
          baseProfitRatio: next.baseProfitRatio,
          remark: body.remark,
          ...next.flags,
        });
        await repo.replaceGameRatios(agent.id, storedRatios(body.gameProfitRatios));
        if (ratiosChanged(before, next)) await repo.recordRatios([agent.id], clock());
        return agent.id;
      });
      return listItemOf(id);
    },

    /**
     * deleteAgent: refused while the agent has active sub-agents. Net bars and balances have no
     * tables yet (later issues add their checks here). Soft delete: the row stays (its id remains
     * referable by history), the account is disabled and its sessions removed.
     */
    async remove(scope: Scope, id: number): Promise<true> {
      if (id === scope.agentId) throw invalid('不能删除自己');
      return db.transaction(async () => {
        await repo.lock(id);
        const agent = await repo.findById(id);
        if (agent?.status !== 'active') throw agentNotFound();
        if ((await repo.countActiveChildren(id)) > 0)
          throw new AppError(Codes.INVALID_STATE, '该代理下还有下级代理，不能删除');
        await repo.softDelete(agent);
        return true as const;
      });
    },

    /** query/{id}: the detail popover of the caller or one of its sub-agents. */
    async detail(id: number): Promise<AgentDetail> {
      const agent = await repo.findById(id);
      if (!agent) throw agentNotFound();
      const ratios = await repo.gameRatios([id]);
      const areaMap: Record<string, string> = {};
      for (const key of agent.areaInfo) areaMap[key] = regions.names(key) ?? key;
      return {
        id: agent.id,
        agentName: agent.agentName,
        agentLevel: agent.agentLevel,
        areaInfo: JSON.stringify(areaMap),
        proportion: ratioToWire(agent.proportion),
        showProportion: !agent.hasPriceAddRangeFlag,
        orderProfitRatioRes: {
          baseProfitRatio: ratioToWire(agent.baseProfitRatio),
          gameProfitRatios: ratios.map((r) => ({
            gameName: r.gameName,
            profitRatio: ratioToWire(r.profitRatio),
          })),
        },
        remark: agent.remark,
      };
    },

    /** queryAgentAreaDetail: the region tree a new agent under `parentId` (default: the caller) may cover. */
    async areaDetail(scope: Scope, parentId: number | undefined): Promise<RegionNode[]> {
      const id = parentId ?? scope.agentId;
      const agent = await repo.findById(id);
      if (!agent) throw agentNotFound();
      return agent.areaInfo.length === 0 ? regions.tree.slice() : regions.trim(agent.areaInfo);
    },

    /** The active agents of these ids. */
    findActiveByIds: (ids: readonly number[]): Promise<AgentRow[]> => repo.findActiveByIds(ids),
    /** The chains (level 0 down to the agent, with levels) of these active agents: what business rows freeze. */
    chainsOf: (ids: readonly number[]) => repo.chainsOf(ids),

    /** isXuanHaoExistUser: whether a phone already belongs to an account. */
    async phoneExists(phone: string): Promise<boolean> {
      return (await users.findByPhone(phone)) !== null;
    },

    /** getOrderProfitRatios: the agent's ratios with every game (the upper bounds of its children's) and flags. */
    async profitRatios(scope: Scope, agentId: number | undefined) {
      const id = agentId ?? scope.agentId;
      const agent = await repo.findById(id);
      if (!agent) throw agentNotFound();
      const [all, own] = await Promise.all([games.list(), repo.gameRatios([id])]);
      const special = new Map(own.map((r) => [r.gameId, r.profitRatio]));
      return {
        proportion: ratioToWire(agent.proportion),
        baseProfitRatio: ratioToWire(agent.baseProfitRatio),
        gameProfitRatios: all.map((g) => ({
          gameId: g.id,
          gameName: g.name,
          profitRatio: ratioToWire(special.get(g.id) ?? agent.baseProfitRatio),
        })),
        flags: flagsOf(agent),
      };
    },

    /** queryAgentTreeNodes: the sub-agents of a node of the caller's subtree (checked by the contract's `owns`). */
    async treeChildren(scope: Scope, parentId: number): Promise<{ items: AgentTreeItem[]; total: number }> {
      const { rows, total } = await repo.treeChildren(scope, parentId, AGENT_TREE_CHILDREN_MAX);
      return { items: rows.map(treeItem), total };
    },

    /** searchAgentTreeNodes: the caller's sub-agents by name, each with its path, and how many match. */
    async treeSearch(scope: Scope, keyword: string): Promise<{ items: AgentTreeMatch[]; total: number }> {
      const { rows, total } = await repo.treeSearch(scope, keyword, AGENT_TREE_SEARCH_MAX);
      return { items: await treeMatches(scope, rows), total };
    },

    /** queryAgentTreePath: one agent of the caller's subtree (checked by the contract's `owns`) with its path. */
    async treePath(scope: Scope, id: number): Promise<AgentTreeMatch> {
      const [match] = await treeMatches(scope, await repo.treeNodes(scope, [id]));
      if (!match) throw agentNotFound();
      return match;
    },

    /** queryStructuredAreaInfo: the caller's region tree, whole for levels 0-1, trimmed to its areas deeper. */
    async structuredAreaInfo(scope: Scope): Promise<RegionNode[]> {
      const agent = await repo.findById(scope.agentId);
      if (!agent) throw agentNotFound();
      return agent.agentLevel <= WHOLE_TREE_MAX_LEVEL ? regions.tree.slice() : regions.trim(agent.areaInfo);
    },

    /** The caller's agent as the console needs it (contract AgentInfo). */
    async agentInfo(accountId: number): Promise<AgentInfo> {
      const [agent, account] = await Promise.all([repo.findByUserId(accountId), users.findById(accountId)]);
      if (!agent || !account) throw new AppError(Codes.NOT_LOGGED_IN);
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
        areaNames: areaNamesOf(areaKeys),
        // The tree's top only, whatever the tree's size: its sub-agents load on demand (agent tree calls).
        structuredPid: [
          {
            id: AGENT_TREE_ROOT_ID,
            label: AGENT_TREE_ROOT_LABEL,
            children: [{ id: agent.id, label: AGENT_TREE_SELF_LABEL }],
          },
        ],
        structuredChannelOption: '[]',
        ...flagsOf(agent),
        createTime: formatChinaTime(agent.createdAt),
      };
    },
  };
  return service;
}

export type AgentsService = ReturnType<typeof createAgentsService>;
