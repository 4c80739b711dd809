import { queryUnfinishedTask } from '@agent-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope';
import { mount } from '../../http/mount';
import type { TasksService } from './tasks.service';

export const tasksRoutes: FastifyPluginAsync<{ tasks: TasksService }> = async (app, { tasks }) => {
  mount(app, queryUnfinishedTask, async (_body, { auth }) => ok(await tasks.tasksOf(auth.accountId)));
};
