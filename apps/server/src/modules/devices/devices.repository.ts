import type { SortOrder } from '@agent-console/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ChainColumns } from '../../db/agent-chain';
import { type Database, rowsOf, type Tx } from '../../db/client';
import { equals } from '../../db/filters';
import { inKeyOrder, keyBatches, type ListSource, pageOfKeys } from '../../db/list';
import { agents } from '../../db/schema/agents';
import {
  type DeviceSettlementRow,
  deviceAgentMonths,
  deviceMonths,
  deviceSettlements,
} from '../../db/schema/devices';
import { netBars } from '../../db/schema/net-bars';
import { inChainScope, type ScopeRef } from '../../db/scoping';

/** A node of the agent tree a filter names: the records of its subtree. */
export interface SubtreeNode {
  id: number;
  level: number;
}

/** The rule a month is counted with: the days a device must be active, the amount per valid device. */
export interface DeviceRule {
  minDays: number;
  amountFen: number;
}

/** The statistics' filters, checked by the service. Months are first days ("YYYY-MM-01"). */
export interface MonthStatFilters {
  fromMonth?: string | undefined;
  toMonth?: string | undefined;
  under?: SubtreeNode | undefined;
  /** One agent (the settlement's own row). */
  agentId?: number | undefined;
  month?: string | undefined;
  status?: 0 | 1 | undefined;
  sort: { field: 'month' | 'validDeviceCount'; order: SortOrder };
}

export interface MonthStatRow {
  agentId: number;
  agentName: string;
  agentLevel: number;
  month: string;
  netBarCount: number;
  deviceCount: number;
  validDeviceCount: number;
  minDays: number;
  amountPerDeviceFen: number;
  settlementAmountFen: number;
  settlement: {
    validDeviceCount: number;
    settledAt: Date;
    settledByName: string;
  } | null;
}

export interface MonthTotalsRow {
  rowCount: number;
  netBarCount: number;
  deviceCount: number;
  validDeviceCount: number;
  settlementAmountFen: number;
  settledAmountFen: number;
}

export interface DeviceDetailFilters {
  agentId?: number | undefined;
  month?: string | undefined;
  netBarId?: number | undefined;
  valid?: boolean | undefined;
  /** The days a device must be active to count. */
  minDays: number;
  sort: { field: 'activeDays' | 'netBar'; order: SortOrder };
}

export interface DeviceDetailRow {
  id: number;
  agentId: number;
  netBarId: number;
  netBarName: string;
  deviceCode: string;
  month: string;
  activeDays: number;
  reportedDays: number;
}

const monthText = (v: unknown) => String(v instanceof Date ? v.toISOString() : v).slice(0, 10);

/** The records of a node's subtree: the chain column of its level holds it. */
const underNode = (t: ChainColumns, node: SubtreeNode | undefined): SQL | undefined =>
  node ? inChainScope({ agentId: node.id, agentLevel: node.level, wholeTree: false }, t) : undefined;

export function createDevicesRepository(db: Database) {
  const dm = deviceMonths;
  const am = deviceAgentMonths;

  /** The devices of an agent month active on at least `minDays` days: the buckets from there up. */
  const validDevices = (minDays: SQL) =>
    sql`(select coalesce(sum(v), 0) from unnest(${am.devicesByDays}[(${minDays} + 1):]) as v)::int`;

  /**
   * The agent months of the filters (the agent-month rollup: an index range), each with its
   * settlement when there is one; a settled month counts with the rule frozen on it.
   */
  function grouped(scope: ScopeRef, f: MonthStatFilters, rule: DeviceRule): SQL {
    const where = and(
      inChainScope(scope, am),
      underNode(am, f.under),
      equals(am.agentId, f.agentId),
      equals(am.month, f.month),
      f.fromMonth === undefined ? undefined : sql`${am.month} >= ${f.fromMonth}`,
      f.toMonth === undefined ? undefined : sql`${am.month} <= ${f.toMonth}`,
      f.status === undefined ? undefined : f.status === 1 ? sql`s.id is not null` : sql`s.id is null`,
    );
    return sql`(
      select ${am.agentId} as agent_id, ${am.month} as month, ${am.netBarCount} as net_bar_count,
        ${am.deviceCount} as device_count,
        ${validDevices(sql`coalesce(s.min_days, ${rule.minDays})`)} as valid_count, s.id as settlement_id
      from ${am}
        left join ${deviceSettlements} s on s.agent_id = ${am.agentId} and s.month = ${am.month}
      where ${where ?? sql`true`}
    )`;
  }

  const amountOf = (rule: DeviceRule) =>
    sql`coalesce(s.amount_fen, g.valid_count::bigint * ${rule.amountFen})`;

  async function statRows(
    scope: ScopeRef,
    f: MonthStatFilters,
    rule: DeviceRule,
    page: { limit: number; offset: number },
  ): Promise<MonthStatRow[]> {
    const dir = sql.raw(f.sort.order === 'asc' ? 'asc' : 'desc');
    const orderBy =
      f.sort.field === 'month'
        ? sql`g.month ${dir}, g.agent_id ${dir}`
        : sql`g.valid_count ${dir}, g.month ${dir}, g.agent_id ${dir}`;
    const rows = rowsOf(
      await db.q().execute(sql`
        select g.*, a.agent_name, a.agent_level,
          coalesce(s.min_days, ${rule.minDays})::int as min_days,
          coalesce(s.amount_per_device_fen, ${rule.amountFen})::bigint as amount_per_device_fen,
          ${amountOf(rule)}::bigint as settlement_amount_fen,
          s.valid_device_count as settled_valid_count, s.settled_at, sb.agent_name as settled_by_name
        from ${grouped(scope, f, rule)} g
          join ${agents} a on a.id = g.agent_id
          left join ${deviceSettlements} s on s.id = g.settlement_id
          left join ${agents} sb on sb.id = s.settled_by
        order by ${orderBy}
        limit ${page.limit} offset ${page.offset}`),
    );
    return rows.map((r) => ({
      agentId: Number(r.agent_id),
      agentName: String(r.agent_name),
      agentLevel: Number(r.agent_level),
      month: monthText(r.month),
      netBarCount: Number(r.net_bar_count),
      deviceCount: Number(r.device_count),
      validDeviceCount: Number(r.valid_count),
      minDays: Number(r.min_days),
      amountPerDeviceFen: Number(r.amount_per_device_fen),
      settlementAmountFen: Number(r.settlement_amount_fen),
      settlement:
        r.settlement_id === null || r.settlement_id === undefined
          ? null
          : {
              validDeviceCount: Number(r.settled_valid_count),
              settledAt: new Date(r.settled_at as string | Date),
              settledByName: String(r.settled_by_name),
            },
    }));
  }

  /** The device list's base rows (the list pipeline, db/list.ts). */
  function detailSource(scope: ScopeRef, f: DeviceDetailFilters): ListSource {
    return {
      from: sql`${dm}`,
      where: [
        inChainScope(scope, dm),
        equals(dm.agentId, f.agentId),
        equals(dm.month, f.month),
        equals(dm.netBarId, f.netBarId),
        f.valid === undefined
          ? undefined
          : f.valid
            ? sql`${dm.activeDays} >= ${f.minDays}`
            : sql`${dm.activeDays} < ${f.minDays}`,
      ],
      key: dm.id,
      sort: { column: f.sort.field === 'activeDays' ? dm.activeDays : dm.netBarId, order: f.sort.order },
    };
  }

  async function detailRowsByKeys(keys: readonly number[]): Promise<DeviceDetailRow[]> {
    if (keys.length === 0) return [];
    const rows = await db
      .q()
      .select({
        id: dm.id,
        agentId: dm.agentId,
        netBarId: dm.netBarId,
        netBarName: netBars.name,
        deviceCode: dm.deviceCode,
        month: dm.month,
        activeDays: dm.activeDays,
        reportedDays: dm.reportedDays,
      })
      .from(dm)
      .innerJoin(netBars, eq(netBars.id, dm.netBarId))
      .where(inArray(dm.id, [...keys]));
    return inKeyOrder(keys, rows, (r) => r.id);
  }

  return {
    /** One page of agent months and how many there are. */
    async statPage(
      scope: ScopeRef,
      f: MonthStatFilters,
      rule: DeviceRule,
      page: { pageNum: number; pageSize: number },
    ): Promise<{ rows: MonthStatRow[]; total: number }> {
      const [count] = rowsOf(
        await db.q().execute(sql`select count(*)::int as n from ${grouped(scope, f, rule)} g`),
      );
      const total = Number(count?.n ?? 0);
      const offset = (page.pageNum - 1) * page.pageSize;
      if (offset >= total) return { rows: [], total };
      return { rows: await statRows(scope, f, rule, { limit: page.pageSize, offset }), total };
    },

    /** Every agent month of the filters, a batch at a time (the export). */
    async *statBatches(
      scope: ScopeRef,
      f: MonthStatFilters,
      rule: DeviceRule,
    ): AsyncGenerator<MonthStatRow[]> {
      const size = 1000;
      for (let offset = 0; ; offset += size) {
        const rows = await statRows(scope, f, rule, { limit: size, offset });
        if (rows.length > 0) yield rows;
        if (rows.length < size) return;
      }
    },

    /** The figures of the whole filtered set. */
    async statTotals(scope: ScopeRef, f: MonthStatFilters, rule: DeviceRule): Promise<MonthTotalsRow> {
      const [r] = rowsOf(
        await db.q().execute(sql`
          select count(*)::int as row_count,
            coalesce(sum(g.net_bar_count), 0)::int as net_bar_count,
            coalesce(sum(g.device_count), 0)::int as device_count,
            coalesce(sum(g.valid_count), 0)::int as valid_count,
            coalesce(sum(${amountOf(rule)}), 0)::bigint as amount_fen,
            coalesce(sum(s.amount_fen), 0)::bigint as settled_fen
          from ${grouped(scope, f, rule)} g
            left join ${deviceSettlements} s on s.id = g.settlement_id`),
      );
      return {
        rowCount: Number(r?.row_count ?? 0),
        netBarCount: Number(r?.net_bar_count ?? 0),
        deviceCount: Number(r?.device_count ?? 0),
        validDeviceCount: Number(r?.valid_count ?? 0),
        settlementAmountFen: Number(r?.amount_fen ?? 0),
        settledAmountFen: Number(r?.settled_fen ?? 0),
      };
    },

    /** One agent's month as the list shows it (null when it has no device that month). */
    async statRow(agentId: number, month: string, rule: DeviceRule): Promise<MonthStatRow | null> {
      const whole: ScopeRef = { agentId, agentLevel: 0, wholeTree: true };
      const [row] = await statRows(whole, { agentId, month, sort: { field: 'month', order: 'desc' } }, rule, {
        limit: 1,
        offset: 0,
      });
      return row ?? null;
    },

    /** One page of devices (the detail) and how many match. */
    async detailPage(scope: ScopeRef, f: DeviceDetailFilters, page: { pageNum: number; pageSize: number }) {
      const { keys, total } = await pageOfKeys(db.q(), detailSource(scope, f), page);
      return { rows: await detailRowsByKeys(keys), total };
    },

    async *detailBatches(scope: ScopeRef, f: DeviceDetailFilters): AsyncGenerator<DeviceDetailRow[]> {
      for await (const keys of keyBatches(db.q(), detailSource(scope, f))) yield await detailRowsByKeys(keys);
    },

    async settlementOf(agentId: number, month: string): Promise<DeviceSettlementRow | null> {
      const [row] = await db
        .q()
        .select()
        .from(deviceSettlements)
        .where(and(eq(deviceSettlements.agentId, agentId), eq(deviceSettlements.month, month)));
      return row ?? null;
    },

    /** The figures an agent's month is settled with, read in the settling transaction. */
    async monthFigures(tx: Tx, agentId: number, month: string, minDays: number) {
      const [r] = rowsOf(
        await tx.execute(sql`
          select ${am.netBarCount} as net_bar_count, ${am.deviceCount} as device_count,
            ${validDevices(sql`${minDays}::int`)} as valid_count
          from ${am} where ${am.agentId} = ${agentId} and ${am.month} = ${month}`),
      );
      return {
        netBarCount: Number(r?.net_bar_count ?? 0),
        deviceCount: Number(r?.device_count ?? 0),
        validDeviceCount: Number(r?.valid_count ?? 0),
      };
    },

    /**
     * Writes the settlement of an agent's month, once: the unique (agent, month) key makes a second
     * one (also a concurrent one, which waits for the first to commit) insert nothing: null.
     */
    async insertSettlement(
      tx: Tx,
      row: typeof deviceSettlements.$inferInsert,
    ): Promise<DeviceSettlementRow | null> {
      const [inserted] = await tx
        .insert(deviceSettlements)
        .values(row)
        .onConflictDoNothing({ target: [deviceSettlements.agentId, deviceSettlements.month] })
        .returning();
      return inserted ?? null;
    },
  };
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
