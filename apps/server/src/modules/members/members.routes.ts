import { exportMemberFinance, queryMemberFinance, queryMemberFinanceTotal } from '@agent-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok, okPage } from '../../http/envelope';
import { mountExport } from '../../http/export';
import { mount } from '../../http/mount';
import type { Clock } from '../../shared/clock';
import { MEMBER_FINANCE_EXPORT_COLUMNS } from './members.export';
import type { MembersService } from './members.service';

/** 财务管理 › 成员财务: the list, its totals (amountData) and its export. */
export const membersRoutes: FastifyPluginAsync<{ members: MembersService; clock: Clock }> = async (
  app,
  { members, clock },
) => {
  mount(app, queryMemberFinance, async (body, { scope }) => {
    const { items, total } = await members.list(scope, body);
    return okPage(items, total);
  });
  mount(app, queryMemberFinanceTotal, async (body, { scope }) => ok(await members.totals(scope, body)));
  mountExport(
    app,
    exportMemberFinance,
    {
      columns: MEMBER_FINANCE_EXPORT_COLUMNS,
      batches: (scope, query) => members.exportBatches(scope, query),
    },
    clock,
  );
};
