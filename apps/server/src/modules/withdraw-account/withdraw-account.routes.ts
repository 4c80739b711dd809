import { addUserBindAccount, queryWithdrawAccount } from '@agent-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope';
import { mount } from '../../http/mount';
import type { WithdrawAccountService } from './withdraw-account.service';

export const withdrawAccountRoutes: FastifyPluginAsync<{ withdrawAccount: WithdrawAccountService }> = async (
  app,
  { withdrawAccount },
) => {
  mount(app, queryWithdrawAccount, async (_body, { auth }) =>
    ok(await withdrawAccount.query(auth.accountId)),
  );
  mount(app, addUserBindAccount, async (body, { auth }) => ok(await withdrawAccount.save(auth, body)));
};
