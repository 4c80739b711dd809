import type { SortOrder } from '@agent-console/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { contains, within } from '../../db/filters';
import { filtered, inKeyOrder, keyBatches, type ListSource, pageOfKeys } from '../../db/list';
import { agents } from '../../db/schema/agents';
import { type NetBarRow, netBars } from '../../db/schema/net-bars';
import { orders } from '../../db/schema/orders';
import { players } from '../../db/schema/players';
import { type WebPromotionConfigRow, webPromotionConfigs } from '../../db/schema/web-promotion';
import { inChainScope, type ScopeRef } from '../../db/scoping';

/** The web net bar list's filters, validated by the service. */
export interface WebNetBarFilters {
  netBarName?: string | undefined;
  under?: ScopeRef | undefined;
  terminal?: number | undefined;
  /** The range of the figures (not of the bars). */
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
const PAID_ORDER = sql`${orders.status} in (30, 40, 50, 52, 70)`;

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

  const playersIn = (f: WebNetBarFilters): SQL | undefined =>
    and(
      within(players.registeredAt, f.range),
      f.terminal === undefined ? undefined : eq(players.terminalType, f.terminal),
    );
  const ordersIn = (f: WebNetBarFilters): SQL | undefined =>
    and(
      within(orders.createdAt, f.range),
      f.terminal === undefined ? undefined : eq(orders.terminalType, f.terminal),
    );

  async function rowsByKeys(keys: readonly number[], f: WebNetBarFilters): Promise<WebNetBarRow[]> {
    if (keys.length === 0) return [];
    const ids = [...keys];
    const rows = await db
      .q()
      .select({ bar: netBars, agentName: agents.agentName })
      .from(netBars)
      .innerJoin(agents, eq(agents.id, netBars.agentId))
      .where(inArray(netBars.id, ids));
    const users = await db
      .q()
      .select({ netBarId: players.netBarId, n: sql<number>`count(*)::int` })
      .from(players)
      .where(and(inArray(players.netBarId, ids), playersIn(f)))
      .groupBy(players.netBarId);
    const sales = await db
      .q()
      .select({
        netBarId: orders.netBarId,
        n: sql<number>`count(*)::int`,
        amount: sql<string>`coalesce(sum(${orders.amountFen}) filter (where ${PAID_ORDER}), 0)::text`,
      })
      .from(orders)
      .where(and(inArray(orders.netBarId, ids), ordersIn(f)))
      .groupBy(orders.netBarId);
    const usersOf = new Map(users.map((u) => [u.netBarId, Number(u.n)]));
    const salesOf = new Map(sales.map((s) => [s.netBarId, s]));
    return inKeyOrder(
      keys,
      rows.map((r) => ({
        ...r,
        userCount: usersOf.get(r.bar.id) ?? 0,
        orderCount: Number(salesOf.get(r.bar.id)?.n ?? 0),
        orderAmountFen: Number(salesOf.get(r.bar.id)?.amount ?? 0),
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
      const [users] = rowsOf(
        await db.q().execute(sql`select count(*)::int as n from ${players}
          where ${players.netBarId} in (select ${netBars.id} ${filtered(src)}) and ${playersIn(f) ?? sql`true`}`),
      );
      const [sales] = rowsOf(
        await db.q().execute(sql`select count(*)::int as n,
          coalesce(sum(${orders.amountFen}) filter (where ${PAID_ORDER}), 0)::text as amount from ${orders}
          where ${orders.netBarId} in (select ${netBars.id} ${filtered(src)}) and ${ordersIn(f) ?? sql`true`}`),
      );
      return {
        netBarCount: Number(bars?.n ?? 0),
        userCount: Number(users?.n ?? 0),
        orderCount: Number(sales?.n ?? 0),
        orderAmountFen: Number(sales?.amount ?? 0),
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
