import type { SortOrder } from '@agent-console/contract';
import { COMPLETED_ORDER_STATUSES, PAID_ORDER_STATUSES } from '@agent-console/contract';
import { type AnyColumn, and, asc, Column, eq, getTableName, inArray, is, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ChainColumns } from '../../db/agent-chain';
import { type Database, rowsOf } from '../../db/client';
import { contains, equals, within } from '../../db/filters';
import { filtered, inKeyOrder, keyBatches, type ListSource, type PageSelection, pageOf } from '../../db/list';
import { agents } from '../../db/schema/agents';
import { channels } from '../../db/schema/channels';
import { games } from '../../db/schema/games';
import { netBars } from '../../db/schema/net-bars';
import { orderNodeDayStats } from '../../db/schema/order-stats';
import { type OrderRow, orderStatusHistory, orders } from '../../db/schema/orders';
import { type PlayerRow, players } from '../../db/schema/players';
import { inChainScope, type ScopeRef } from '../../db/scoping';
import { chinaDayOf } from '../../shared/time';

/** A node of the agent tree a filter names: the records of its subtree. */
export interface SubtreeNode {
  id: number;
  level: number;
}

/** A region a filter names: a province, a city in it, or a district in that. */
export interface AreaCodes {
  province: number;
  city?: number | undefined;
  district?: number | undefined;
}

/** What orders, users and statistics share: where the records are. */
interface PlaceFilters {
  area?: AreaCodes | undefined;
  under?: SubtreeNode | undefined;
  netBarId?: number | undefined;
  channelId?: number | undefined;
}

/** The order list's filters, checked by the service. */
export interface OrderFilters extends PlaceFilters {
  /** The time the range applies to. */
  time: { column: 'created' | 'paid' | 'completed'; from?: Date; to?: Date };
  source?: number | undefined;
  status?: number | undefined;
  terminalType?: number | undefined;
  orderNo?: string | undefined;
  platformUserId?: number | undefined;
  order: SortOrder;
}

/** The statistics' filters: whole China days ("YYYY-MM-DD", both included, and as instants) and where. */
export interface StatsFilters extends PlaceFilters {
  fromDay?: string | undefined;
  toDay?: string | undefined;
  /** The first instant of `fromDay` and the last of `toDay` (China time). */
  fromAt?: Date | undefined;
  toAt?: Date | undefined;
  status?: number | undefined;
}

/** The channel user list's filters, checked by the service. */
export interface UserFilters extends PlaceFilters {
  registered: { from?: Date; to?: Date };
  terminalType?: number | undefined;
  platformUserId?: number | undefined;
  order: SortOrder;
}

/** An order with what the list shows beside it. */
export interface OrderPageRow {
  order: Pick<OrderRow, keyof typeof ORDER_SHOWN>;
  platformUserId: number;
  phoneMasked: string;
  gameName: string;
  netBarName: string;
  areaKey: string;
  channelName: string | null;
  agentName: string;
}

export interface UserPageRow {
  player: PlayerRow;
  channelName: string | null;
  netBarName: string | null;
  areaKey: string | null;
  agentName: string;
}

export interface FiguresRow {
  orderCount: number;
  amountFen: number;
  priceIncreaseFen: number;
  paidCount: number;
  paidAmountFen: number;
  completedCount: number;
  completedAmountFen: number;
  cancelledCount: number;
}

export interface StatsRow extends FiguresRow {
  statTime: string;
}

const TIME_COLUMNS = {
  created: orders.createdAt,
  paid: orders.paidAt,
  completed: orders.completedAt,
} as const;

const inList = (values: readonly number[]) => sql.raw(`(${values.join(', ')})`);
const PAID = inList(PAID_ORDER_STATUSES);
const COMPLETED = inList(COMPLETED_ORDER_STATUSES);

/** The figures over rows: `n` counts a row (1 for orders, `order_count` for the rollup). */
const figuresOf = (n: SQL, amount: AnyColumn, increase: AnyColumn, status: AnyColumn): SQL => sql`
  coalesce(sum(${n}), 0)::bigint as order_count,
  coalesce(sum(${amount}), 0)::bigint as amount_fen,
  coalesce(sum(${increase}), 0)::bigint as price_increase_fen,
  coalesce(sum(${n}) filter (where ${status} in ${PAID}), 0)::bigint as paid_count,
  coalesce(sum(${amount}) filter (where ${status} in ${PAID}), 0)::bigint as paid_amount_fen,
  coalesce(sum(${n}) filter (where ${status} in ${COMPLETED}), 0)::bigint as completed_count,
  coalesce(sum(${amount}) filter (where ${status} in ${COMPLETED}), 0)::bigint as completed_amount_fen,
  coalesce(sum(${n}) filter (where ${status} = 60), 0)::bigint as cancelled_count`;

const figuresRowOf = (r: Record<string, unknown> | undefined): FiguresRow => ({
  orderCount: Number(r?.order_count ?? 0),
  amountFen: Number(r?.amount_fen ?? 0),
  priceIncreaseFen: Number(r?.price_increase_fen ?? 0),
  paidCount: Number(r?.paid_count ?? 0),
  paidAmountFen: Number(r?.paid_amount_fen ?? 0),
  completedCount: Number(r?.completed_count ?? 0),
  completedAmountFen: Number(r?.completed_amount_fen ?? 0),
  cancelledCount: Number(r?.cancelled_count ?? 0),
});

/** The records of a node's subtree: the chain column of its level holds it. */
const underNode = (t: ChainColumns, node: SubtreeNode | undefined): SQL | undefined =>
  node ? inChainScope({ agentId: node.id, agentLevel: node.level, wholeTree: false }, t) : undefined;

/** The net bar's region (a join of net_bars is needed). */
const inArea = (area: AreaCodes | undefined): SQL | undefined =>
  area
    ? and(
        eq(netBars.provinceCode, area.province),
        area.city === undefined ? undefined : eq(netBars.cityCode, area.city),
        area.district === undefined ? undefined : eq(netBars.districtCode, area.district),
      )
    : undefined;

/** The rollup keeps the signing agent, not the net bar, the channel or the area. */
const rollupServes = (f: PlaceFilters) =>
  f.netBarId === undefined && f.channelId === undefined && f.area === undefined;

/** The columns of an order that its list, export and detail show (not its chain: the scope reads that). */
const ORDER_SHOWN = {
  id: orders.id,
  orderNo: orders.orderNo,
  playerId: orders.playerId,
  gameId: orders.gameId,
  goodsId: orders.goodsId,
  netBarId: orders.netBarId,
  channelId: orders.channelId,
  agentId: orders.agentId,
  source: orders.source,
  terminalType: orders.terminalType,
  rentType: orders.rentType,
  rentMinutes: orders.rentMinutes,
  amountFen: orders.amountFen,
  priceIncreaseFen: orders.priceIncreaseFen,
  status: orders.status,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  rentStartAt: orders.rentStartAt,
  rentEndAt: orders.rentEndAt,
  completedAt: orders.completedAt,
};

/** A table keyed by an `id` column. */
type Keyed = PgTable & { id: AnyColumn };

/** A net bar's region as agents key it: "province-city-district". */
const AREA_KEY = sql<string>`${netBars.provinceCode} || '-' || ${netBars.cityCode} || '-' || ${netBars.districtCode}`;

/**
 * A value of the row of `table` that `ref` points at (by its `id`): a scalar subquery, null when
 * `ref` is null; decoded as the column it reads.
 */
function lookup<C extends AnyColumn>(table: Keyed, value: C, ref: AnyColumn): SQL<C['_']['data']>;
function lookup<V>(table: Keyed, value: SQL<V>, ref: AnyColumn): SQL<V>;
function lookup(table: Keyed, value: AnyColumn | SQL, ref: AnyColumn): SQL {
  const read = sql`(select ${is(value, Column) ? qualified(value) : value} from ${table} where ${qualified(table.id)} = ${qualified(ref)})`;
  return is(value, Column) ? read.mapWith(value) : read;
}

/** `"table"."column"`: drizzle leaves a column unqualified in a select of one table, a subquery's too. */
const qualified = (column: AnyColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

export function createOrdersRepository(db: Database) {
  /** The order list's base rows: the orders and, for an area, their net bars. */
  function orderSource(scope: ScopeRef, f: OrderFilters): ListSource {
    return {
      from: f.area ? sql`${orders} join ${netBars} on ${netBars.id} = ${orders.netBarId}` : sql`${orders}`,
      where: [
        inChainScope(scope, orders),
        underNode(orders, f.under),
        within(TIME_COLUMNS[f.time.column], f.time),
        equals(orders.source, f.source),
        equals(orders.status, f.status),
        equals(orders.terminalType, f.terminalType),
        equals(orders.netBarId, f.netBarId),
        equals(orders.channelId, f.channelId),
        equals(orders.orderNo, f.orderNo),
        f.platformUserId === undefined
          ? undefined
          : sql`${orders.playerId} in (select ${players.id} from ${players} where ${players.platformUserId} = ${f.platformUserId})`,
        inArea(f.area),
      ],
      key: orders.id,
      sort: { column: orders.createdAt, order: f.order },
    };
  }

  /**
   * The order list's display query: the orders with their player, game, net bar, agent and channel,
   * each read by a scalar subquery on its key (one index probe a row) rather than a join: a page
   * is 30-200 rows, and a six-table join cost PostgreSQL more to plan (≈ 2 ms) than to run.
   */
  function orderRows<T extends Record<string, SQL.Aliased | SQL>>(extra: T) {
    return db
      .q()
      .select({
        order: ORDER_SHOWN,
        platformUserId: lookup(players, players.platformUserId, orders.playerId),
        phoneMasked: lookup(players, players.phoneMasked, orders.playerId),
        gameName: lookup(games, games.name, orders.gameId),
        netBarName: lookup(netBars, netBars.name, orders.netBarId),
        areaKey: lookup(netBars, AREA_KEY, orders.netBarId),
        channelName: lookup(channels, channels.name, orders.channelId) as SQL<string | null>,
        agentName: lookup(agents, agents.agentName, orders.agentId),
        ...extra,
      })
      .from(orders)
      .$dynamic();
  }

  async function orderRowsByKeys(keys: readonly number[]): Promise<OrderPageRow[]> {
    if (keys.length === 0) return [];
    const rows = await orderRows({}).where(inArray(orders.id, [...keys]));
    return inKeyOrder(keys, rows, (r) => r.order.id);
  }

  /** One page of orders (`pageOf`): the page's keys as a subquery, the total beside each row. */
  function orderRowsOfPage(page: PageSelection) {
    return orderRows({ total: page.total }).where(inArray(orders.id, page.keys)).orderBy(page.order);
  }

  /**
   * Whether the rollup answers these filters: created time in whole China days, and nothing the
   * rollup does not keep (source, terminal, order number, player, net bar, channel, area).
   */
  function rollupDays(f: OrderFilters) {
    if (f.time.column !== 'created' || f.source !== undefined || f.terminalType !== undefined) return null;
    if (f.orderNo !== undefined || f.platformUserId !== undefined || !rollupServes(f)) return null;
    const from = f.time.from ? chinaDayOf(f.time.from) : null;
    const to = f.time.to ? chinaDayOf(f.time.to) : null;
    if ((from && !from.start) || (to && !to.end)) return null;
    return { fromDay: from?.day, toDay: to?.day };
  }

  /**
   * Where the statistics read: the rollup, or the orders themselves when a filter names what the
   * rollup does not keep (a net bar has a few thousand orders: an index range).
   */
  function statsSource(scope: ScopeRef, f: StatsFilters) {
    if (rollupServes(f)) {
      const s = orderNodeDayStats;
      // The rows of one agent: the node filtered on (inside the caller's subtree), else the caller.
      return {
        from: sql`${s}`,
        where:
          and(
            eq(s.nodeId, f.under?.id ?? scope.agentId),
            f.fromDay === undefined ? undefined : sql`${s.day} >= ${f.fromDay}`,
            f.toDay === undefined ? undefined : sql`${s.day} <= ${f.toDay}`,
            equals(s.status, f.status),
          ) ?? sql`true`,
        day: sql`${s.day}`,
        figures: figuresOf(sql`${s.orderCount}`, s.amountFen, s.priceIncreaseFen, s.status),
      };
    }
    const src = orderSource(scope, {
      time: { column: 'created', ...(f.fromAt ? { from: f.fromAt } : {}), ...(f.toAt ? { to: f.toAt } : {}) },
      status: f.status,
      area: f.area,
      under: f.under,
      netBarId: f.netBarId,
      channelId: f.channelId,
      order: 'desc',
    });
    return {
      from: src.from,
      where: and(...src.where) ?? sql`true`,
      day: sql`((${orders.createdAt} at time zone 'UTC') + interval '8 hours')::date`,
      figures: figuresOf(sql`1`, orders.amountFen, orders.priceIncreaseFen, orders.status),
    };
  }

  function playerSource(scope: ScopeRef, f: UserFilters): ListSource {
    return {
      from: f.area ? sql`${players} join ${netBars} on ${netBars.id} = ${players.netBarId}` : sql`${players}`,
      where: [
        inChainScope(scope, players),
        underNode(players, f.under),
        within(players.registeredAt, f.registered),
        equals(players.terminalType, f.terminalType),
        equals(players.netBarId, f.netBarId),
        equals(players.channelId, f.channelId),
        equals(players.platformUserId, f.platformUserId),
        inArea(f.area),
      ],
      key: players.id,
      sort: { column: players.registeredAt, order: f.order },
    };
  }

  /** The channel user list's display query: the players with their agent, channel and net bar (as `orderRows`). */
  function userRows<T extends Record<string, SQL.Aliased | SQL>>(extra: T) {
    return db
      .q()
      .select({
        player: players,
        channelName: lookup(channels, channels.name, players.channelId) as SQL<string | null>,
        netBarName: lookup(netBars, netBars.name, players.netBarId) as SQL<string | null>,
        areaKey: lookup(netBars, AREA_KEY, players.netBarId) as SQL<string | null>,
        agentName: lookup(agents, agents.agentName, players.agentId),
        ...extra,
      })
      .from(players)
      .$dynamic();
  }

  async function userRowsByKeys(keys: readonly number[]): Promise<UserPageRow[]> {
    if (keys.length === 0) return [];
    const rows = await userRows({}).where(inArray(players.id, [...keys]));
    return inKeyOrder(keys, rows, (r) => r.player.id);
  }

  /** One page of channel users (`pageOf`). */
  function userRowsOfPage(page: PageSelection) {
    return userRows({ total: page.total }).where(inArray(players.id, page.keys)).orderBy(page.order);
  }

  return {
    /** One page of the order list and the count of all matches. */
    async orderPage(scope: ScopeRef, f: OrderFilters, page: { pageNum: number; pageSize: number }) {
      const src = orderSource(scope, f);
      // The count of a page the rollup answers is read from it, not from the orders.
      const days = rollupDays(f);
      if (days) {
        const { from, where } = statsSource(scope, { ...f, ...days });
        src.count = sql`(select coalesce(sum(${orderNodeDayStats.orderCount}), 0) from ${from} where ${where})`;
      }
      return pageOf(db.q(), src, page, orderRowsOfPage);
    },
    /** The whole filtered order list, a batch at a time (exports). */
    async *orderBatches(scope: ScopeRef, f: OrderFilters): AsyncGenerator<OrderPageRow[]> {
      for await (const keys of keyBatches(db.q(), orderSource(scope, f))) yield await orderRowsByKeys(keys);
    },
    /**
     * The figures of the whole filtered order list: from the rollup when it answers the filters
     * (whole China days, `rollupDays`), else from the orders.
     */
    async orderFigures(scope: ScopeRef, f: OrderFilters): Promise<FiguresRow> {
      const days = rollupDays(f);
      if (days) {
        const { from, where, figures } = statsSource(scope, { ...f, ...days });
        const [row] = rowsOf(await db.q().execute(sql`select ${figures} from ${from} where ${where}`));
        return figuresRowOf(row);
      }
      const figures = figuresOf(sql`1`, orders.amountFen, orders.priceIncreaseFen, orders.status);
      const [row] = rowsOf(await db.q().execute(sql`select ${figures} ${filtered(orderSource(scope, f))}`));
      return figuresRowOf(row);
    },
    /** One order with its display fields and its status history (oldest first). */
    async orderDetail(id: number) {
      const [row] = await orderRowsByKeys([id]);
      if (!row) return null;
      const history = await db
        .q()
        .select({ status: orderStatusHistory.status, occurredAt: orderStatusHistory.occurredAt })
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, id))
        .orderBy(asc(orderStatusHistory.occurredAt), asc(orderStatusHistory.status));
      return { row, history };
    },

    /** A page of the statistics (a row per day or month with orders, newest first) and how many rows. */
    async statsPage(
      scope: ScopeRef,
      f: StatsFilters,
      by: 'day' | 'month',
      page: { pageNum: number; pageSize: number },
    ): Promise<{ rows: StatsRow[]; total: number }> {
      const { from, where, day, figures } = statsSource(scope, f);
      const bucket = sql`to_char(${day}, ${by === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'})`;
      // Rollup rows of orders that moved to another status hold 0 orders: a bucket counts if it holds any.
      const grouped = sql`from ${from} where ${where} group by 1`;
      const buckets = sql`select ${bucket} as stat_time, ${figures} ${grouped}`;
      const [count] = rowsOf(
        await db.q().execute(sql`select count(*)::int as n from (${buckets}) g where g.order_count > 0`),
      );
      const total = Number(count?.n ?? 0);
      const offset = (page.pageNum - 1) * page.pageSize;
      if (offset >= total) return { rows: [], total };
      const rows = rowsOf(
        await db
          .q()
          .execute(
            sql`select * from (${buckets}) g where g.order_count > 0 order by 1 desc limit ${page.pageSize} offset ${offset}`,
          ),
      );
      return { rows: rows.map((r) => ({ statTime: String(r.stat_time), ...figuresRowOf(r) })), total };
    },
    /** The figures over the statistics' whole range. */
    async statsFigures(scope: ScopeRef, f: StatsFilters): Promise<FiguresRow> {
      const { from, where, figures } = statsSource(scope, f);
      const [row] = rowsOf(await db.q().execute(sql`select ${figures} from ${from} where ${where}`));
      return figuresRowOf(row);
    },
    /** The first and last order creation time of the scope (index ends). */
    async orderTimeBounds(scope: ScopeRef): Promise<{ first: Date | null; last: Date | null }> {
      const where = inChainScope(scope, orders) ?? sql`true`;
      const [row] = rowsOf(
        await db.q().execute(sql`select
          (select ${orders.createdAt} from ${orders} where ${where} order by ${orders.createdAt} asc limit 1) as first,
          (select ${orders.createdAt} from ${orders} where ${where} order by ${orders.createdAt} desc limit 1) as last`),
      );
      const at = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date));
      return { first: at(row?.first), last: at(row?.last) };
    },

    /** One page of the channel users and the count of all matches. */
    async userPage(scope: ScopeRef, f: UserFilters, page: { pageNum: number; pageSize: number }) {
      return pageOf(db.q(), playerSource(scope, f), page, userRowsOfPage);
    },
    async *userBatches(scope: ScopeRef, f: UserFilters): AsyncGenerator<UserPageRow[]> {
      for await (const keys of keyBatches(db.q(), playerSource(scope, f))) yield await userRowsByKeys(keys);
    },
    async userTotals(scope: ScopeRef, f: UserFilters) {
      const [row] = rowsOf(
        await db.q().execute(
          sql`select count(*)::int as n, coalesce(sum(${players.orderCount}), 0)::bigint as orders,
            coalesce(sum(${players.spentFen}), 0)::bigint as spent ${filtered(playerSource(scope, f))}`,
        ),
      );
      return {
        userCount: Number(row?.n ?? 0),
        orderCount: Number(row?.orders ?? 0),
        spentFen: Number(row?.spent ?? 0),
      };
    },

    /** Net bars of the scope whose name contains the keyword, by name; at most `limit`. */
    async netBarOptions(scope: ScopeRef, keyword: string | undefined, limit: number) {
      return db
        .q()
        .select({ id: netBars.id, name: netBars.name })
        .from(netBars)
        .where(and(inChainScope(scope, netBars), contains(netBars.name, keyword)))
        .orderBy(asc(netBars.name), asc(netBars.id))
        .limit(limit);
    },
    async channelOptions(
      scope: ScopeRef,
      keyword: string | undefined,
      netBarId: number | undefined,
      limit: number,
    ) {
      return db
        .q()
        .select({ id: channels.id, name: channels.name })
        .from(channels)
        .where(
          and(
            inChainScope(scope, channels),
            contains(channels.name, keyword),
            equals(channels.netBarId, netBarId),
          ),
        )
        .orderBy(asc(channels.name), asc(channels.id))
        .limit(limit);
    },
    async netBarName(id: number) {
      const [row] = await db
        .q()
        .select({ id: netBars.id, name: netBars.name })
        .from(netBars)
        .where(eq(netBars.id, id));
      return row ?? null;
    },
    async channelName(id: number) {
      const [row] = await db
        .q()
        .select({ id: channels.id, name: channels.name })
        .from(channels)
        .where(eq(channels.id, id));
      return row ?? null;
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
