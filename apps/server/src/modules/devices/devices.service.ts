import {
  AGENT_TREE_ROOT_ID,
  Codes,
  type DeviceDetailItem,
  DeviceMessages,
  type DeviceMonthStat,
  type DeviceMonthTotals,
  type deviceDetailList,
  type deviceMonthStatList,
  type ListQueryOf,
} from '@agent-console/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../shared/app-error';
import type { AuthContext } from '../../shared/auth-context';
import type { Clock } from '../../shared/clock';
import { chinaDayOf, formatChinaTime } from '../../shared/time';
import type { AgentsService } from '../agents/agents.service';
import type { Scope } from '../agents/scope';
import type { FinanceService } from '../finance/finance.service';
import type { SettingsService } from '../settings/settings.service';
import type {
  DeviceDetailRow,
  DeviceRule,
  DevicesRepository,
  MonthStatFilters,
  MonthStatRow,
  SubtreeNode,
} from './devices.repository';

type StatQuery = ListQueryOf<typeof deviceMonthStatList>;
type DetailQuery = ListQueryOf<typeof deviceDetailList>;
type Page = { pageNum: number; pageSize: number };

const invalid = (message: string) => new AppError(Codes.INVALID_PARAMS, message);
const refuse = (message: string) => new AppError(Codes.INVALID_STATE, message);
/** "YYYY-MM" → the month's first day, as the rollup keeps it. */
const firstDay = (month: string) => `${month}-01`;

/**
 * 有效设备统计 (issue 10 §4): per signing agent and China month, the devices of its net bars, those
 * valid under the operator's rule, and the settlement the operator books once per agent month.
 * Reads the monthly rollup `device_months` (ingestion keeps it), never the device days.
 */
export function createDevicesService(deps: {
  db: Database;
  repo: DevicesRepository;
  agents: Pick<AgentsService, 'findActiveByIds'>;
  settings: Pick<SettingsService, 'deviceSetting'>;
  finance: Pick<FinanceService, 'post'>;
  clock: Clock;
}) {
  const { db, repo, agents, settings, finance, clock } = deps;

  const rule = async (): Promise<DeviceRule> => {
    const s = await settings.deviceSetting();
    return { minDays: s.minDays, amountFen: s.amountPerDevice };
  };

  /** A month is closed once its last China day is over: only then may it be settled. */
  const isClosed = (month: string) => chinaDayOf(clock()).day.slice(0, 7) > month.slice(0, 7);

  /** A node of the agent tree (already checked to be the caller's): undefined for the root, the caller or level 0. */
  async function nodeOf(scope: Scope, pid: number | undefined): Promise<SubtreeNode | undefined> {
    if (pid === undefined || pid === AGENT_TREE_ROOT_ID || pid === scope.agentId) return undefined;
    const [agent] = await agents.findActiveByIds([pid]);
    if (!agent) throw new AppError(Codes.NOT_FOUND, '代理不存在');
    return agent.agentLevel === 0 ? undefined : { id: agent.id, level: agent.agentLevel };
  }

  async function statFilters(scope: Scope, q: StatQuery): Promise<MonthStatFilters> {
    if (q.startMonth !== undefined && q.endMonth !== undefined && q.startMonth > q.endMonth)
      throw invalid(DeviceMessages.monthRange);
    return {
      fromMonth: q.startMonth === undefined ? undefined : firstDay(q.startMonth),
      toMonth: q.endMonth === undefined ? undefined : firstDay(q.endMonth),
      under: await nodeOf(scope, q.pid),
      status: q.status,
      sort: { field: q.orderBy ?? 'month', order: q.order ?? 'desc' },
    };
  }

  const toItem = (r: MonthStatRow): DeviceMonthStat => ({
    key: `${r.agentId}-${r.month.slice(0, 7)}`,
    agentId: r.agentId,
    agentName: r.agentName,
    agentLevel: r.agentLevel,
    month: r.month.slice(0, 7),
    netBarCount: r.netBarCount,
    deviceCount: r.deviceCount,
    validDeviceCount: r.validDeviceCount,
    minDays: r.minDays,
    amountPerDevice: r.amountPerDeviceFen,
    settlementAmount: r.settlementAmountFen,
    status: r.settlement ? 1 : 0,
    closed: isClosed(r.month),
    settledValidDeviceCount: r.settlement?.validDeviceCount ?? null,
    settleTime: r.settlement ? formatChinaTime(r.settlement.settledAt) : null,
    settledByName: r.settlement?.settledByName ?? null,
  });

  const toDetail =
    (minDays: number) =>
    (r: DeviceDetailRow): DeviceDetailItem => ({
      id: r.id,
      agentId: r.agentId,
      netBarId: r.netBarId,
      netBarName: r.netBarName,
      deviceCode: r.deviceCode,
      month: r.month.slice(0, 7),
      activeDays: r.activeDays,
      reportedDays: r.reportedDays,
      valid: r.activeDays >= minDays,
    });

  /** The device list's filters; a settled month's devices count with the rule frozen on it. */
  async function detailFilters(q: DetailQuery) {
    let minDays = (await rule()).minDays;
    if (q.agentId !== undefined && q.month !== undefined) {
      const settled = await repo.settlementOf(q.agentId, firstDay(q.month));
      if (settled) minDays = settled.minDays;
    }
    return {
      agentId: q.agentId,
      month: q.month === undefined ? undefined : firstDay(q.month),
      netBarId: q.netBarId,
      valid: q.valid,
      minDays,
      sort: { field: q.orderBy ?? 'netBar', order: q.order ?? 'asc' },
    } as const;
  }

  return {
    /** `/api/da/device/month/statistic`: a page of the caller's subtree's agent months. */
    async statPage(scope: Scope, q: StatQuery & Page) {
      const { rows, total } = await repo.statPage(scope, await statFilters(scope, q), await rule(), q);
      return { items: rows.map(toItem), total };
    },

    async statTotals(scope: Scope, q: StatQuery): Promise<DeviceMonthTotals> {
      const t = await repo.statTotals(scope, await statFilters(scope, q), await rule());
      return {
        rowCount: t.rowCount,
        netBarCount: t.netBarCount,
        deviceCount: t.deviceCount,
        validDeviceCount: t.validDeviceCount,
        settlementAmount: t.settlementAmountFen,
        settledAmount: t.settledAmountFen,
        unsettledAmount: t.settlementAmountFen - t.settledAmountFen,
      };
    },

    async *statExport(scope: Scope, q: StatQuery): AsyncGenerator<DeviceMonthStat[]> {
      const f = await statFilters(scope, q);
      const r = await rule();
      for await (const rows of repo.statBatches(scope, f, r)) yield rows.map(toItem);
    },

    /** `/api/da/device/detail`: the devices (per net bar and month) with their active days. */
    async detailPage(scope: Scope, q: DetailQuery & Page) {
      const f = await detailFilters(q);
      const { rows, total } = await repo.detailPage(scope, f, q);
      return { items: rows.map(toDetail(f.minDays)), total };
    },

    /**
     * `/api/da/device/settlement/changeStatus` (level 0 with `setSettleAuthority`). Unsettled →
     * settled writes the settlement row (figures and rule frozen) and its `device_settlement` ledger
     * entry crediting the agent, in one transaction, once: a second call, concurrent or not, finds
     * the unique (agent, month) key taken and changes nothing (`4002 该月已结算`). Settled →
     * unsettled is refused: a settlement is final; a correction is the operator's adjustment.
     */
    async changeStatus(
      caller: AuthContext,
      input: { agentId: number; month: string; status: 0 | 1 },
    ): Promise<DeviceMonthStat> {
      const month = firstDay(input.month);
      const existing = await repo.settlementOf(input.agentId, month);
      if (input.status === 0) {
        if (existing) throw refuse(DeviceMessages.noReturn);
      } else {
        if (existing) throw refuse(DeviceMessages.alreadySettled);
        if (!isClosed(month)) throw refuse(DeviceMessages.notClosed);
        const r = await rule();
        await db.transaction(async (tx) => {
          const figures = await repo.monthFigures(tx, input.agentId, month, r.minDays);
          if (figures.deviceCount === 0) throw refuse(DeviceMessages.noDevices);
          if (figures.validDeviceCount === 0) throw refuse(DeviceMessages.noValidDevice);
          const amountFen = figures.validDeviceCount * r.amountFen;
          const row = await repo.insertSettlement(tx, {
            agentId: input.agentId,
            month,
            ...figures,
            minDays: r.minDays,
            amountPerDeviceFen: r.amountFen,
            amountFen,
            settledAt: clock(),
            settledBy: caller.agentId,
          });
          if (!row) throw refuse(DeviceMessages.alreadySettled);
          await finance.post(tx, [
            {
              agentId: input.agentId,
              kind: 'device_settlement',
              availableDeltaFen: amountFen,
              frozenDeltaFen: 0,
              deviceSettlementId: row.id,
              reason: `有效设备结算 ${input.month}：${figures.validDeviceCount}台`,
              actorAgentId: caller.agentId,
            },
          ]);
        });
      }
      const row = await repo.statRow(input.agentId, month, await rule());
      if (!row) throw refuse(DeviceMessages.noDevices);
      return toItem(row);
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
