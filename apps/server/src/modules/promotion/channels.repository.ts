import type { SortOrder } from '@agent-console/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type ChainLink, chainValues } from '../../db/agent-chain';
import { type Database, rowsOf, type Tx } from '../../db/client';
import { contains, equals, within } from '../../db/filters';
import { filtered, inKeyOrder, keyBatches, type ListSource, pageOfKeys } from '../../db/list';
import { agentAncestry } from '../../db/schema/agent-ancestry';
import { agents } from '../../db/schema/agents';
import { type ChannelRow, channels } from '../../db/schema/channels';
import { type NetBarRow, netBars } from '../../db/schema/net-bars';
import { channelStats } from '../../db/schema/promotion-stats';
import { inChainScope, type ScopeRef } from '../../db/scoping';

export type { ChannelRow } from '../../db/schema/channels';
export type { NetBarRow } from '../../db/schema/net-bars';

/** The channel list's filters, validated by the service. */
export interface ChannelListFilters {
  channelName?: string | undefined;
  code?: string | undefined;
  netBarName?: string | undefined;
  netBarId?: number | undefined;
  kind?: ChannelRow['kind'] | undefined;
  applyState?: ChannelRow['applyState'] | undefined;
  packingState?: ChannelRow['packingState'] | undefined;
  /** A node of the tree (with its level): its subtree only (undefined: the whole scope). */
  under?: ScopeRef | undefined;
  created: { from?: Date; to?: Date };
  sort: { field: 'createTime' | 'id'; order: SortOrder };
}

export interface ChannelPageRow {
  channel: ChannelRow;
  netBarName: string | null;
  agentName: string;
  passedByName: string | null;
  userCount: number;
  orderCount: number;
  orderAmountFen: number;
}

/** The frozen agent chain of a record (db/agent-chain.ts). */
export type ChainCols = ReturnType<typeof chainValues>;
export type NewChannel = typeof channels.$inferInsert;

const passer = alias(agents, 'passer');
const SORT_COLUMNS = { createTime: channels.createdAt, id: channels.id } as const;

export function createChannelsRepository(db: Database) {
  function listSource(scope: ScopeRef, f: ChannelListFilters): ListSource {
    return {
      from: f.netBarName
        ? sql`${channels} join ${netBars} on ${netBars.id} = ${channels.netBarId}`
        : sql`${channels}`,
      where: [
        inChainScope(scope, channels),
        f.under ? inChainScope(f.under, channels) : undefined,
        contains(channels.name, f.channelName),
        contains(channels.code, f.code),
        contains(netBars.name, f.netBarName),
        equals(channels.netBarId, f.netBarId),
        equals(channels.kind, f.kind),
        equals(channels.applyState, f.applyState),
        equals(channels.packingState, f.packingState),
        within(channels.createdAt, f.created),
      ],
      key: channels.id,
      sort: { column: SORT_COLUMNS[f.sort.field], order: f.sort.order },
    };
  }

  /** The rows the list shows for these channels, with their names and figures, in key order. */
  async function rowsByKeys(keys: readonly number[]): Promise<ChannelPageRow[]> {
    if (keys.length === 0) return [];
    const ids = [...keys];
    const rows = await db
      .q()
      .select({
        channel: channels,
        netBarName: netBars.name,
        agentName: agents.agentName,
        passedByName: passer.agentName,
      })
      .from(channels)
      .innerJoin(agents, eq(agents.id, channels.agentId))
      .leftJoin(netBars, eq(netBars.id, channels.netBarId))
      .leftJoin(passer, eq(passer.id, channels.passedBy))
      .where(inArray(channels.id, ids));
    // The figures of all time, from the rollup: a row per channel, whatever its orders.
    const figures = await db.q().select().from(channelStats).where(inArray(channelStats.channelId, ids));
    const figuresOf = new Map(figures.map((f) => [f.channelId, f]));
    return inKeyOrder(
      keys,
      rows.map((r) => ({
        ...r,
        userCount: figuresOf.get(r.channel.id)?.userCount ?? 0,
        orderCount: figuresOf.get(r.channel.id)?.orderCount ?? 0,
        orderAmountFen: figuresOf.get(r.channel.id)?.paidAmountFen ?? 0,
      })),
      (r) => r.channel.id,
    );
  }

  return {
    async page(scope: ScopeRef, filters: ChannelListFilters, page: { pageNum: number; pageSize: number }) {
      const { keys, total } = await pageOfKeys(db.q(), listSource(scope, filters), page);
      return { rows: await rowsByKeys(keys), total };
    },
    async *batches(scope: ScopeRef, filters: ChannelListFilters): AsyncGenerator<ChannelPageRow[]> {
      for await (const keys of keyBatches(db.q(), listSource(scope, filters))) yield await rowsByKeys(keys);
    },
    /** Figures over the whole filtered list. */
    async totals(scope: ScopeRef, filters: ChannelListFilters) {
      const src = listSource(scope, filters);
      const [row] = rowsOf(
        await db.q().execute(sql`select count(*)::int as n,
          (count(*) filter (where ${channels.applyState} = 'passed'))::int as passed,
          (count(*) filter (where ${channels.applyState} = 'applied'))::int as applied,
          (count(*) filter (where ${channels.packingState} = 'done'))::int as packed
          ${filtered(src)}`),
      );
      // The players and orders of the channels counted, from the rollup (a row per channel). Every
      // channel counted (the whole tree, no filter): every row, without the semi-join.
      const everyChannel = src.where.every((w) => w === undefined);
      const [figures] = rowsOf(
        await db.q().execute(sql`select coalesce(sum(${channelStats.userCount}), 0)::bigint as users,
          coalesce(sum(${channelStats.orderCount}), 0)::bigint as orders,
          coalesce(sum(${channelStats.paidAmountFen}), 0)::bigint as amount
          from ${channelStats}
          where ${everyChannel ? sql`true` : sql`${channelStats.channelId} in (select ${channels.id} ${filtered(src)})`}`),
      );
      return {
        channelCount: Number(row?.n ?? 0),
        passedCount: Number(row?.passed ?? 0),
        appliedCount: Number(row?.applied ?? 0),
        packedCount: Number(row?.packed ?? 0),
        userCount: Number(figures?.users ?? 0),
        orderCount: Number(figures?.orders ?? 0),
        orderAmountFen: Number(figures?.amount ?? 0),
      };
    },
    /** One channel as the list shows it. */
    async rowById(id: number): Promise<ChannelPageRow | null> {
      const [row] = await rowsByKeys([id]);
      return row ?? null;
    },
    async findById(id: number): Promise<ChannelRow | null> {
      const [row] = await db.q().select().from(channels).where(eq(channels.id, id));
      return row ?? null;
    },
    /** A channel by its code, inside the scope (null for the public short URL: any). */
    async findByCode(code: string, scope: ScopeRef | null): Promise<ChannelRow | null> {
      const [row] = await db
        .q()
        .select()
        .from(channels)
        .where(and(eq(channels.code, code), scope ? inChainScope(scope, channels) : undefined));
      return row ?? null;
    },
    async findByShortCode(shortCode: string): Promise<ChannelRow | null> {
      const [row] = await db.q().select().from(channels).where(eq(channels.shortCode, shortCode));
      return row ?? null;
    },
    async netBarById(id: number): Promise<NetBarRow | null> {
      const [row] = await db.q().select().from(netBars).where(eq(netBars.id, id));
      return row ?? null;
    },
    /** The level of an agent (a filter's tree node). */
    async agentLevelOf(id: number): Promise<number | null> {
      const [row] = await db.q().select({ level: agents.agentLevel }).from(agents).where(eq(agents.id, id));
      return row?.level ?? null;
    },
    /** The chain columns of a record owned by this agent: its chain from the level 0 operator down to it. */
    async chainOf(agentId: number): Promise<ChainCols> {
      const links: ChainLink[] = await db
        .q()
        .select({ id: agents.id, agentLevel: agents.agentLevel })
        .from(agentAncestry)
        .innerJoin(agents, eq(agents.id, agentAncestry.ancestorId))
        .where(eq(agentAncestry.descendantId, agentId))
        .orderBy(agents.agentLevel);
      return chainValues(links);
    },
    async insert(row: NewChannel): Promise<ChannelRow> {
      const [created] = await db.q().insert(channels).values(row).returning();
      if (!created) throw new Error('insert into channels returned no row');
      return created;
    },
    async update(id: number, patch: Partial<typeof channels.$inferInsert>): Promise<ChannelRow | null> {
      const [row] = await db.q().update(channels).set(patch).where(eq(channels.id, id)).returning();
      return row ?? null;
    },
    /** Moves an applied channel to passed or rejected: null when it was not applied any more. */
    async decide(id: number, state: 'passed' | 'rejected', by: number, at: Date): Promise<ChannelRow | null> {
      const [row] = await db
        .q()
        .update(channels)
        .set({ applyState: state, passedBy: by, passedAt: at, updatedAt: at })
        .where(and(eq(channels.id, id), eq(channels.applyState, 'applied')))
        .returning();
      return row ?? null;
    },
    /** Queues a packing unless one is queued or running: null then. */
    async queuePacking(tx: Tx, id: number, at: Date): Promise<ChannelRow | null> {
      const [row] = await tx
        .update(channels)
        .set({ packingState: 'queued', packingProgress: 0, packingError: null, packingUpdatedAt: at })
        .where(and(eq(channels.id, id), sql`${channels.packingState} not in ('queued', 'packing')`))
        .returning();
      return row ?? null;
    },
    /** A packing step: moves only a packing in one of `from` states; null otherwise. */
    async packingStep(
      id: number,
      from: readonly ChannelRow['packingState'][],
      patch: Pick<Partial<ChannelRow>, 'packingState' | 'packingProgress' | 'packingFile' | 'packingError'>,
      at: Date,
    ): Promise<ChannelRow | null> {
      const [row] = await db
        .q()
        .update(channels)
        .set({ ...patch, packingUpdatedAt: at })
        .where(and(eq(channels.id, id), inArray(channels.packingState, [...from])))
        .returning();
      return row ?? null;
    },
    async packingStatuses(ids: readonly number[]): Promise<ChannelRow[]> {
      if (ids.length === 0) return [];
      return db
        .q()
        .select()
        .from(channels)
        .where(inArray(channels.id, [...ids]))
        .orderBy(channels.id);
    },
  };
}

export type ChannelsRepository = ReturnType<typeof createChannelsRepository>;
