import { queryUserInfo } from '@agent-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope';
import { mount } from '../../http/mount';
import type { UsersService } from './users.service';

export const usersRoutes: FastifyPluginAsync<{ users: UsersService }> = async (app, { users }) => {
  mount(app, queryUserInfo, async (_body, { auth }) => ok(await users.userInfo(auth.accountId)));
};
