import { PAID_ORDER_STATUSES, type SortOrder } from '@agent-console/contract';
import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { contains, equals } from '../../db/filters';
import { filtered, inKeyOrder, keyBatches, type ListSource, pageOfKeys } from '../../db/list';
import { agents } from '../../db/schema/agents';
import { type NetBarRow, netBars } from '../../db/schema/net-bars';
import { orders } from '../../db/schema/orders';
import { players } from '../../db/schema/players';
import { netBarDayStats } from '../../db/schema/promotion-stats';
import { type WebPromotionConfigRow, webPromotionConfigs } from '../../db/schema/web-promotion';
import { inChainScope, type ScopeRef } from '../../db/scoping';
import { chinaWholeDays } from '../../shared/time';

/** The web net bar list's filters, validated by the service. */
export interface WebNetBarFilters {
  netBarName?: string | undefined;
  under?: ScopeRef | undefined;
  terminal?: number | undefined;
  /** The range of the figures (not of the bars), both ends included to the millisecond. */
  range: { from: Date; to: Date };
  sort: { field: 'createTime' | 'id'; order: SortOrder };
}

export interface WebNetBarRow {
  bar: NetBarRow;
  agentName: string;
  userCount: number;
  orderCount: number;
  orderAmountFen: number;
}

const SORT_COLUMNS = { createTime: netBars.createdAt, id: netBars.id } as const;
/** The statuses whose orders' amounts count (paid, not cancelled). */
const PAID = sql.raw(`(${PAID_ORDER_STATUSES.join(', ')})`);

export function createWebPromotionRepository(db: Database) {
  function listSource(scope: ScopeRef, f: WebNetBarFilters): ListSource {
    return {
      from: sql`${netBars}`,
      where: [
        inChainScope(scope, netBars),
        f.under ? inChainScope(f.under, netBars) : undefined,
        contains(netBars.name, f.netBarName),
      ],
      key: netBars.id,
      sort: { column: SORT_COLUMNS[f.sort.field], order: f.sort.order },
    };
  }

  /**
   * The figures (players, orders, paid amount) of the net bars `bars` selects in the range, as rows `(net_bar_id, users, orders, paid)`: the whole China days of the
   * range from the rollup (a row per bar, day and terminal), the parts of days at its ends from the
   * players and orders themselves (an index range of a few hours at most).
   */
  function figureRows(f: WebNetBarFilters, bars: (column: AnyColumn) => SQL): SQL {
    const { days, edges } = chinaWholeDays(f.range);
    const s = netBarDayStats;
    const parts: SQL[] = [];
    if (days) {
      parts.push(sql`select ${s.netBarId} as net_bar_id, ${s.userCount} as users, ${s.orderCount} as orders,
        ${s.paidAmountFen} as paid from ${s}
        where ${and(bars(s.netBarId), sql`${s.day} between ${days.first} and ${days.last}`, equals(s.terminalType, f.terminal)) ?? sql`true`}`);
    }
    for (const edge of edges) {
      const at = (column: AnyColumn) =>
        sql`${column} >= ${edge.from.toISOString()} and ${column} < ${edge.until.toISOString()}`;
      parts.push(sql`select ${players.netBarId} as net_bar_id, 1 as users, 0 as orders, 0::bigint as paid from ${players}
        where ${and(bars(players.netBarId), at(players.registeredAt), equals(players.terminalType, f.terminal)) ?? sql`true`}`);
      parts.push(sql`select ${orders.netBarId} as net_bar_id, 0 as users, 1 as orders,
        case when ${orders.status} in ${PAID} then ${orders.amountFen} else 0 end as paid
        from ${orders}
        where ${and(bars(orders.netBarId), at(orders.createdAt), equals(orders.terminalType, f.terminal)) ?? sql`true`}`);
    }
    if (parts.length === 0)
      return sql`select null::int as net_bar_id, 0 as users, 0 as orders, 0::bigint as paid where false`;
    return sql.join(parts, sql` union all `);
  }

  async function rowsByKeys(keys: readonly number[], f: WebNetBarFilters): Promise<WebNetBarRow[]> {
    if (keys.length === 0) return [];
    const ids = [...keys];
    const rows = await db
      .q()
      .select({ bar: netBars, agentName: agents.agentName })
      .from(netBars)
      .innerJoin(agents, eq(agents.id, netBars.agentId))
      .where(inArray(netBars.id, ids));
    const figures = rowsOf(
      await db.q().execute(sql`select net_bar_id, sum(users)::bigint as users, sum(orders)::bigint as orders,
        sum(paid)::bigint as paid
        from (${figureRows(f, (column) => inArray(column, ids))}) x group by net_bar_id`),
    );
    const figuresOf = new Map(figures.map((r) => [Number(r.net_bar_id), r]));
    return inKeyOrder(
      keys,
      rows.map((r) => ({
        ...r,
        userCount: Number(figuresOf.get(r.bar.id)?.users ?? 0),
        orderCount: Number(figuresOf.get(r.bar.id)?.orders ?? 0),
        orderAmountFen: Number(figuresOf.get(r.bar.id)?.paid ?? 0),
      })),
      (r) => r.bar.id,
    );
  }

  return {
    async page(scope: ScopeRef, f: WebNetBarFilters, page: { pageNum: number; pageSize: number }) {
      const { keys, total } = await pageOfKeys(db.q(), listSource(scope, f), page);
      return { rows: await rowsByKeys(keys, f), total };
    },
    async *batches(scope: ScopeRef, f: WebNetBarFilters): AsyncGenerator<WebNetBarRow[]> {
      for await (const keys of keyBatches(db.q(), listSource(scope, f))) yield await rowsByKeys(keys, f);
    },
    async totals(scope: ScopeRef, f: WebNetBarFilters) {
      const src = listSource(scope, f);
      const [bars] = rowsOf(await db.q().execute(sql`select count(*)::int as n ${filtered(src)}`));
      // Every net bar counted (the whole tree, no filter): every row with a net bar (a player of a
      // web channel has none), without the semi-join.
      const everyBar = src.where.every((w) => w === undefined);
      const [figures] = rowsOf(
        await db.q().execute(sql`select coalesce(sum(users), 0)::bigint as users,
          coalesce(sum(orders), 0)::bigint as orders, coalesce(sum(paid), 0)::bigint as paid
          from (${figureRows(f, (column) =>
            everyBar ? sql`${column} is not null` : sql`${column} in (select ${netBars.id} ${filtered(src)})`,
          )}) x`),
      );
      return {
        netBarCount: Number(bars?.n ?? 0),
        userCount: Number(figures?.users ?? 0),
        orderCount: Number(figures?.orders ?? 0),
        orderAmountFen: Number(figures?.paid ?? 0),
      };
    },
    async agentLevelOf(id: number): Promise<number | null> {
      const [row] = await db.q().select({ level: agents.agentLevel }).from(agents).where(eq(agents.id, id));
      return row?.level ?? null;
    },
    async netBarById(id: number): Promise<NetBarRow | null> {
      const [row] = await db.q().select().from(netBars).where(eq(netBars.id, id));
      return row ?? null;
    },
    async config(agentId: number): Promise<WebPromotionConfigRow | null> {
      const [row] = await db
        .q()
        .select()
        .from(webPromotionConfigs)
        .where(eq(webPromotionConfigs.agentId, agentId));
      return row ?? null;
    },
    async setConfig(agentId: number, domain: string, at: Date): Promise<WebPromotionConfigRow> {
      const [row] = await db
        .q()
        .insert(webPromotionConfigs)
        .values({ agentId, domain, updatedAt: at })
        .onConflictDoUpdate({ target: webPromotionConfigs.agentId, set: { domain, updatedAt: at } })
        .returning();
      if (!row) throw new Error('upsert of web_promotion_configs returned no row');
      return row;
    },
  };
}

export type WebPromotionRepository = ReturnType<typeof createWebPromotionRepository>;
