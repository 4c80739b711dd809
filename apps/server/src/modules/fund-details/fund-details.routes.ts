import { exportFundDetails, queryFundDetails, totalFundDetails } from '@agent-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok, okPage } from '../../http/envelope';
import { mountExport } from '../../http/export';
import { mount } from '../../http/mount';
import type { Clock } from '../../shared/clock';
import { FUND_DETAIL_EXPORT_COLUMNS } from './fund-details.export';
import type { FundDetailsService } from './fund-details.service';

/** 资金明细 (spec section 7: /api/finance/details/query, /api/finance/details, /api/finance/details/export). */
export const fundDetailsRoutes: FastifyPluginAsync<{
  fundDetails: FundDetailsService;
  clock: Clock;
}> = async (app, { fundDetails, clock }) => {
  mount(app, queryFundDetails, async (body, { scope }) => {
    const { items, total } = await fundDetails.page(scope, body);
    return okPage(items, total);
  });
  mount(app, totalFundDetails, async (body, { scope }) => ok(await fundDetails.totals(scope, body)));
  mountExport(
    app,
    exportFundDetails,
    {
      columns: FUND_DETAIL_EXPORT_COLUMNS,
      batches: (scope, query) => fundDetails.exportBatches(scope, query),
    },
    clock,
  );
};
