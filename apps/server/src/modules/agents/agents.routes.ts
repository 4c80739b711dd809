import {
  createAgent,
  deleteAgent,
  exportAgentInfoPage,
  getOrderProfitRatios,
  isXuanHaoExistUser,
  queryAgentAreaDetail,
  queryAgentDetail,
  queryAgentInfo,
  queryAgentInfoPage,
  queryAgentInfoTotal,
  queryAgentTreeNodes,
  queryAgentTreePath,
  queryStructuredAreaInfo,
  querySubAgentTaskStatus,
  searchAgentTreeNodes,
  updateAgent,
} from '@agent-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok, okPage } from '../../http/envelope';
import { mountExport } from '../../http/export';
import { mount } from '../../http/mount';
import type { Clock } from '../../shared/clock';
import type { TasksService } from '../tasks/tasks.service';
import { AGENT_EXPORT_COLUMNS } from './agents.export';
import type { AgentsService } from './agents.service';

/** Agent calls (spec section 7). Access and the ids each call may name are declared in the contract. */
export const agentsRoutes: FastifyPluginAsync<{
  agents: AgentsService;
  tasks: TasksService;
  clock: Clock;
}> = async (app, { agents, tasks, clock }) => {
  mount(app, queryAgentInfo, async (_body, { auth }) => ok(await agents.agentInfo(auth.accountId)));
  mount(app, queryStructuredAreaInfo, async (_body, { scope }) => ok(await agents.structuredAreaInfo(scope)));
  // The agent selectors' tree, on demand: a level, a search by name, one agent's path.
  // Expensive (a few at once per session, see expensive-calls.ts), like the lists.
  mount(
    app,
    queryAgentTreeNodes,
    async (body, { scope }) => {
      const { items, total } = await agents.treeChildren(scope, body.parentId);
      return okPage(items, total);
    },
    { expensive: true },
  );
  mount(
    app,
    searchAgentTreeNodes,
    async (body, { scope }) => {
      const { items, total } = await agents.treeSearch(scope, body.keyword);
      return okPage(items, total);
    },
    { expensive: true },
  );
  mount(app, queryAgentTreePath, async (body, { scope }) => ok(await agents.treePath(scope, body.id)));

  mount(app, queryAgentInfoPage, async (body, { scope }) => {
    const { items, total } = await agents.list(scope, body);
    return okPage(items, total);
  });
  mount(app, queryAgentInfoTotal, async (body, { scope }) => ok(await agents.totals(scope, body)));
  mountExport(
    app,
    exportAgentInfoPage,
    { columns: AGENT_EXPORT_COLUMNS, batches: (scope, query) => agents.exportBatches(scope, query) },
    clock,
  );
  mount(app, createAgent, async (body, { scope }) => ok(await agents.create(scope, body)));
  mount(app, updateAgent, async (body, { scope }) => ok(await agents.update(scope, body)));
  mount(app, deleteAgent, async (_body, { scope, params }) => ok(await agents.remove(scope, params.id)));
  // The popover and the ratio bounds are read by any agent about itself or its subtree.
  mount(app, queryAgentDetail, async (_body, { params }) => ok(await agents.detail(params.id)));
  mount(app, queryAgentAreaDetail, async (body, { scope }) =>
    ok(await agents.areaDetail(scope, body.parentId)),
  );
  mount(app, getOrderProfitRatios, async (body, { scope }) =>
    ok(await agents.profitRatios(scope, body.agentId)),
  );
  mount(app, querySubAgentTaskStatus, async (body) =>
    ok(await tasks.tasksOfAgents(await agents.findActiveByIds(body.agentIds))),
  );
  mount(app, isXuanHaoExistUser, async (_body, { params }) =>
    ok(await agents.phoneExists(params.mobilePhone)),
  );
};
