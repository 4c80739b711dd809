import {
  AgentLevelLabels,
  changeDeviceSettlementStatus,
  type DeviceMonthStat,
  DeviceSettleStatusLabels,
  exportDeviceMonthStatistic,
  queryDeviceDetail,
  queryDeviceMonthStatistic,
  totalDeviceMonthStatistic,
} from '@agent-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok, okPage } from '../../http/envelope';
import { type ExportColumn, mountExport } from '../../http/export';
import { mount } from '../../http/mount';
import type { Clock } from '../../shared/clock';
import type { DevicesService } from './devices.service';

/** The columns of the 有效设备统计 export, in the screen's order; amounts in yuan. */
export const DEVICE_STAT_EXPORT_COLUMNS: readonly ExportColumn<DeviceMonthStat>[] = [
  { header: '月份', kind: 'text', width: 10, value: (r) => r.month },
  { header: '代理', kind: 'text', width: 20, value: (r) => r.agentName },
  {
    header: '代理级别',
    kind: 'text',
    value: (r) =>
      (AgentLevelLabels as Readonly<Record<number, string>>)[r.agentLevel] ?? String(r.agentLevel),
  },
  { header: '网吧数', kind: 'int', value: (r) => r.netBarCount },
  { header: '设备数', kind: 'int', value: (r) => r.deviceCount },
  { header: '有效设备数', kind: 'int', value: (r) => r.validDeviceCount },
  { header: '有效天数标准', kind: 'int', value: (r) => r.minDays },
  { header: '每台金额(元)', kind: 'yuan', value: (r) => r.amountPerDevice },
  { header: '结算金额(元)', kind: 'yuan', value: (r) => r.settlementAmount },
  { header: '结算状态', kind: 'text', value: (r) => DeviceSettleStatusLabels[r.status] },
  { header: '结算时间', kind: 'text', width: 20, value: (r) => r.settleTime ?? '' },
  { header: '结算人', kind: 'text', width: 16, value: (r) => r.settledByName ?? '' },
];

/** 有效设备统计 (spec section 7: /api/da/device/month/statistic, /detail, /settlement/changeStatus). */
export const devicesRoutes: FastifyPluginAsync<{ devices: DevicesService; clock: Clock }> = async (
  app,
  { devices, clock },
) => {
  mount(
    app,
    queryDeviceMonthStatistic,
    async (body, { scope }) => {
      const { items, total } = await devices.statPage(scope, body);
      return okPage(items, total);
    },
    { expensive: true },
  );
  mount(
    app,
    totalDeviceMonthStatistic,
    async (body, { scope }) => ok(await devices.statTotals(scope, body)),
    {
      expensive: true,
    },
  );
  mountExport(
    app,
    exportDeviceMonthStatistic,
    { columns: DEVICE_STAT_EXPORT_COLUMNS, batches: (scope, query) => devices.statExport(scope, query) },
    clock,
  );
  mount(
    app,
    queryDeviceDetail,
    async (body, { scope }) => {
      const { items, total } = await devices.detailPage(scope, body);
      return okPage(items, total);
    },
    { expensive: true },
  );
  mount(app, changeDeviceSettlementStatus, async (body, { auth }) =>
    ok(await devices.changeStatus(auth, body)),
  );
};
