import {
  approveWithdrawal,
  markWithdrawalFailed,
  markWithdrawalPaid,
  queryOwnFinance,
  queryWithdrawAudit,
  queryWithdrawChannels,
  queryWithdrawRecords,
  queryWithdrawReviews,
  rejectWithdrawal,
  withdrawApply,
  withdrawCancel,
} from '@agent-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok, okPage } from '../../http/envelope';
import { mount } from '../../http/mount';
import type { WithdrawalsService } from './withdrawals.service';

export const withdrawalsRoutes: FastifyPluginAsync<{ withdrawals: WithdrawalsService }> = async (
  app,
  { withdrawals },
) => {
  mount(app, queryOwnFinance, async (_body, { auth }) => ok(await withdrawals.ownFinance(auth)));
  mount(app, queryWithdrawChannels, async (_body, { auth, params }) =>
    ok(await withdrawals.channels(auth, params.channel)),
  );
  mount(app, withdrawApply, async (body, { auth }) => ok(await withdrawals.apply(auth, body)));
  mount(app, queryWithdrawRecords, async (body, { auth }) => {
    const { items, total } = await withdrawals.records(auth, body, body);
    return okPage(items, total);
  });
  mount(app, withdrawCancel, async (body, { auth }) => ok(await withdrawals.cancel(auth, body.id)));

  mount(app, queryWithdrawReviews, async (body) => {
    const { items, total } = await withdrawals.reviews(body, body);
    return okPage(items, total);
  });
  mount(app, approveWithdrawal, async (body, { auth }) => ok(await withdrawals.approve(auth, body.id)));
  mount(app, rejectWithdrawal, async (body, { auth }) =>
    ok(await withdrawals.reject(auth, body.id, body.reason)),
  );
  mount(app, markWithdrawalPaid, async (body, { auth }) =>
    ok(await withdrawals.markPaid(auth, body.id, body.payoutRef)),
  );
  mount(app, markWithdrawalFailed, async (body, { auth }) =>
    ok(await withdrawals.markFailed(auth, body.id, body.reason)),
  );
  mount(app, queryWithdrawAudit, async (body) => ok(await withdrawals.audit(body.id)));
};
