import {
  barOrderStatisticsTime,
  exportOrderBar,
  exportUsersPage,
  queryBarOrderStatisticsPage,
  queryOrderBarDetail,
  queryOrderBarPage,
  queryPickerNames,
  queryUsersPage,
  queryUsersTotal,
  searchChannelOptions,
  searchNetBarOptions,
  totalBarOrderStatistics,
  totalOrderBarRecord,
} from '@agent-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok, okPage } from '../../http/envelope';
import { mountExport } from '../../http/export';
import { mount } from '../../http/mount';
import type { Clock } from '../../shared/clock';
import { ORDER_EXPORT_COLUMNS, USER_EXPORT_COLUMNS } from './orders.export';
import type { OrdersService } from './orders.service';

/** 订单明细 and 用户明细 (spec section 7: /api/order/barRetail/*, /api/channel/queryUsersPage) and the pickers. */
export const ordersRoutes: FastifyPluginAsync<{ orders: OrdersService; clock: Clock }> = async (
  app,
  { orders, clock },
) => {
  mount(app, queryOrderBarPage, async (body, { scope }) => {
    const { items, total } = await orders.orderPage(scope, body);
    return okPage(items, total);
  });
  mount(app, totalOrderBarRecord, async (body, { scope }) => ok(await orders.orderTotals(scope, body)));
  mountExport(
    app,
    exportOrderBar,
    { columns: ORDER_EXPORT_COLUMNS, batches: (scope, query) => orders.orderExport(scope, query) },
    clock,
  );
  mount(app, queryOrderBarDetail, async (body, { scope }) => ok(await orders.orderDetail(scope, body.id)));
  mount(
    app,
    queryBarOrderStatisticsPage,
    async (body, { scope }) => {
      const { items, total } = await orders.statsPage(scope, body);
      return okPage(items, total);
    },
    { expensive: true },
  );
  mount(app, totalBarOrderStatistics, async (body, { scope }) => ok(await orders.statsTotals(scope, body)), {
    expensive: true,
  });
  mount(app, barOrderStatisticsTime, async (_body, { scope, params }) =>
    ok(await orders.statsTime(scope, params.timeType)),
  );

  mount(app, queryUsersPage, async (body, { scope }) => {
    const { items, total } = await orders.userPage(scope, body);
    return okPage(items, total);
  });
  mount(app, queryUsersTotal, async (body, { scope }) => ok(await orders.userTotals(scope, body)));
  mountExport(
    app,
    exportUsersPage,
    { columns: USER_EXPORT_COLUMNS, batches: (scope, query) => orders.userExport(scope, query) },
    clock,
  );

  mount(
    app,
    searchNetBarOptions,
    async (body, { scope }) => ok(await orders.netBarOptions(scope, body.keyword)),
    {
      expensive: true,
    },
  );
  mount(
    app,
    searchChannelOptions,
    async (body, { scope }) => ok(await orders.channelOptions(scope, body.keyword, body.netBarId)),
    { expensive: true },
  );
  mount(app, queryPickerNames, async (body) => ok(await orders.pickerNames(body)));
};
