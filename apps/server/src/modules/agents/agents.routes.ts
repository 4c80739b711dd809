import {
  createAgent,
  deleteAgent,
  getOrderProfitRatios,
  isXuanHaoExistUser,
  queryAgentAreaDetail,
  queryAgentDetail,
  queryAgentInfo,
  queryAgentInfoPage,
  querySubAgentTaskStatus,
  ROUTE_ROLES,
  updateAgent,
} from '@agent-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok, okPage } from '../../http/envelope';
import { mount } from '../../http/mount';
import type { Scopes } from '../../http/scope';
import type { TasksService } from '../tasks/tasks.service';
import type { AgentsService } from './agents.service';

/** Agent management (spec section 7): levels 0-4, as the /agent-mgt screen. */
const MANAGE = { roles: ROUTE_ROLES['/agent-mgt'] };

export const agentsRoutes: FastifyPluginAsync<{
  agents: AgentsService;
  scopes: Scopes;
  tasks: TasksService;
}> = async (app, { agents, scopes, tasks }) => {
  mount(app, queryAgentInfo, async (_body, { auth }) => ok(await agents.agentInfo(auth.accountId)));

  mount(
    app,
    queryAgentInfoPage,
    async (body, { auth }) => {
      const { items, total } = await agents.list(scopes.of(auth), body);
      return okPage(items, total);
    },
    MANAGE,
  );
  mount(app, createAgent, async (body, { auth }) => ok(await agents.create(scopes.of(auth), body)), MANAGE);
  mount(app, updateAgent, async (body, { auth }) => ok(await agents.update(scopes.of(auth), body)), MANAGE);
  mount(
    app,
    deleteAgent,
    async (_body, { auth, params }) => ok(await agents.remove(scopes.of(auth), params.id)),
    MANAGE,
  );
  // The popover and the ratio bounds are read by any agent about itself or its subtree.
  mount(app, queryAgentDetail, async (_body, { auth, params }) =>
    ok(await agents.detail(scopes.of(auth), params.id)),
  );
  mount(app, queryAgentAreaDetail, async (body, { auth }) =>
    ok(await agents.areaDetail(scopes.of(auth), body.parentId)),
  );
  mount(app, getOrderProfitRatios, async (body, { auth }) =>
    ok(await agents.profitRatios(scopes.of(auth), body.agentId)),
  );
  mount(app, querySubAgentTaskStatus, async (body, { auth }) => {
    const targets = await agents.scopedAgents(scopes.of(auth), body.agentIds);
    const result = [];
    for (const agent of targets) result.push({ agentId: agent.id, tasks: await tasks.tasksOf(agent.userId) });
    return ok(result);
  });
  mount(app, isXuanHaoExistUser, async (_body, { params }) =>
    ok(await agents.phoneExists(params.mobilePhone)),
  );
};
