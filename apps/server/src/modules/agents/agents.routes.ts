import { queryAgentInfo } from '@agent-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope';
import { mount } from '../../http/mount';
import type { AgentsService } from './agents.service';

export const agentsRoutes: FastifyPluginAsync<{ agents: AgentsService }> = async (app, { agents }) => {
  mount(app, queryAgentInfo, async (_body, { auth }) => ok(await agents.agentInfo(auth.accountId)));
};
