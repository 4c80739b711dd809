import { adjustBalance } from '@agent-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope';
import { mount } from '../../http/mount';
import type { AdjustmentsService } from './adjustments.service';

export const adjustmentsRoutes: FastifyPluginAsync<{ adjustments: AdjustmentsService }> = async (
  app,
  { adjustments },
) => {
  mount(app, adjustBalance, async (body, { auth }) => ok(await adjustments.adjust(auth, body)));
};
