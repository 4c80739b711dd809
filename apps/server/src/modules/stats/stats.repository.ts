import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf, type Tx } from '../../db/client';
import { agentAncestry } from '../../db/schema/agent-ancestry';
import { agents } from '../../db/schema/agents';
import { channels } from '../../db/schema/channels';
import { netBars } from '../../db/schema/net-bars';
import { summaryChannelStats, summaryMarks, summaryState, summaryStats } from '../../db/schema/summary-stats';

/**
 * The summary statistics' rollups (schema/summary-stats.ts): counting a period again from the
 * records (the catch-up and the rebuild run the same statements), and reading the figures of a
 * query. docs/domain.md#summary-statistics-issue-11.
 */

/** 1 a China day, 2 a China month. */
export type Grain = 1 | 2;

/** A period to count: its grain, its first day, and its instants (from included, until excluded). */
export interface Period {
  grain: Grain;
  period: string;
  /** The first day after it. */
  next: string;
  from: Date;
  until: Date;
}

/** The figures as the rollups sum them (`earnings` the caller's level's column). */
export interface FiguresRow {
  newPlayers: number;
  activePlayers: number;
  orderCount: number;
  orderAmountFen: number;
  paidCount: number;
  paidAmountFen: number;
  completedCount: number;
  completedAmountFen: number;
  refundCount: number;
  refundAmountFen: number;
  activeNetBars: number;
  devices: number;
  earningsFen: number;
}

/** What a read of the rollups is restricted to (checked and resolved by the service). */
export interface StatsWhere {
  grain: Grain;
  /** First and last period (days, or months' first days), both included. */
  first: string;
  last: string;
  /** The terminal class (web 2, app 3); absent: every class. */
  termClass?: number | undefined;
  provinceCode?: number | undefined;
  cityCode?: number | undefined;
  districtCode?: number | undefined;
  /** The caller's agent level: whose earnings column is read. */
  earningsLevel: number;
  /** Either nodes of the tree (their subtrees; none inside another), or one channel. */
  source: { kind: 'nodes'; ids: readonly number[] } | { kind: 'channel'; id: number };
}

/** How rows are grouped: by period, and by area and/or sub-agent. */
export interface StatsGroups {
  period: boolean;
  area?: 'province' | 'city' | 'region' | undefined;
  /** By the direct sub-agents of `base` (with `base`'s own net bars as its own row), or by each node given. */
  agent?: { base: number; children: readonly number[] } | { nodes: readonly number[] } | undefined;
}

export interface GroupRow extends FiguresRow {
  period: string | null;
  areaId: number | null;
  agentId: number | null;
  own: boolean;
}

const PAID = sql.raw('30, 40, 50, 52, 70');
const COMPLETED = sql.raw('50, 52');
const SHARE_KINDS = sql.raw(`'order_share', 'share_reversal'`);
/** The terminal class of a terminal type (TERMINAL_CLASSES of the contract). */
const classOf = (column: SQL) =>
  sql`(case when ${column} in (0, 1, 6) then 2 when ${column} in (2, 3) then 3 else 1 end)`;
/** Devices count on a day they were active this long (DEVICE_DAY_MIN_MINUTES, the valid-device day rule). */
const DEVICE_MIN_MINUTES = 60;

const FIGURE_COLUMNS =
  sql.raw(`new_players, active_players, active_players_in_class, order_count, order_amount_fen,
  paid_count, paid_amount_fen, completed_count, completed_amount_fen, refund_count, refund_amount_fen,
  active_net_bars, active_net_bars_in_class, devices,
  earn_l0_fen, earn_l1_fen, earn_l2_fen, earn_l3_fen, earn_l4_fen, earn_l5_fen`);
/** The measures of a fact, as the sums below read them. */
const FACT_MEASURES = sql.raw(`f.new_players, f.active_players, f.active_players_in_class, f.order_count,
  f.order_amount_fen, f.paid_count, f.paid_amount_fen, f.completed_count, f.completed_amount_fen, f.refund_count,
  f.refund_amount_fen, f.active_net_bars, f.active_net_bars_in_class, f.devices,
  f.earn_l0, f.earn_l1, f.earn_l2, f.earn_l3, f.earn_l4, f.earn_l5`);
const FIGURE_SUMS =
  sql.raw(`sum(new_players)::int, sum(active_players)::int, sum(active_players_in_class)::int,
  sum(order_count)::int, sum(order_amount_fen)::bigint, sum(paid_count)::int, sum(paid_amount_fen)::bigint,
  sum(completed_count)::int, sum(completed_amount_fen)::bigint, sum(refund_count)::int, sum(refund_amount_fen)::bigint,
  sum(active_net_bars)::int, sum(active_net_bars_in_class)::int, sum(devices)::int,
  sum(earn_l0)::bigint, sum(earn_l1)::bigint, sum(earn_l2)::bigint, sum(earn_l3)::bigint, sum(earn_l4)::bigint, sum(earn_l5)::bigint`);

/**
 * The facts of a period, one row per order, per registered player and per net bar's devices, with
 * what each adds to the figures, the net bar and chain it counts under, and (`by: 'channel'`) the
 * channel. An order counts as the first of its player (and of its net bar) in the period when no
 * earlier order of the same player (net bar) is in the period: in the whole tree for the node
 * rollup, within the channel for the channel rollup; and, apart, within its terminal class.
 */
function factsOf(p: Period, by: 'node' | 'channel', only: 'all' | 'distinct' = 'all'): SQL {
  const within = by === 'channel' ? sql`o.channel_id, ` : sql``;
  const cls = classOf(sql`o.terminal_type`);
  const rank = (what: SQL, inClass: boolean) =>
    sql`row_number() over (partition by ${within}${what}${inClass ? sql`, ${cls}` : sql``} order by o.created_at, o.id) = 1`;
  const deviceChannel =
    by === 'channel'
      ? sql`join ${channels} ch on ch.net_bar_id = d.net_bar_id and ch.kind = 'client'`
      : sql``;
  return sql`
    o as materialized (
      select o.id, o.player_id, o.net_bar_id, o.channel_id, o.agent_chain, o.agent_id,
        o.chain_l1, o.chain_l2, o.chain_l3, o.chain_l4, o.chain_l5, o.amount_fen, o.status, o.paid_at,
        ${cls} as cls,
        ${rank(sql`o.player_id`, false)} as p_first, ${rank(sql`o.player_id`, true)} as p_first_cls,
        ${rank(sql`o.net_bar_id`, false)} as b_first, ${rank(sql`o.net_bar_id`, true)} as b_first_cls
      from orders o
      where o.created_at >= ${p.from.toISOString()}::timestamptz and o.created_at < ${p.until.toISOString()}::timestamptz
        ${by === 'channel' ? sql`and o.channel_id is not null` : sql``}
    ),
${
  only === 'all'
    ? sql`    earn as (
      select o.id,
        sum(e.available_delta_fen) filter (where e.agent_id = o.agent_chain[1]) as e0,
        sum(e.available_delta_fen) filter (where e.agent_id = o.chain_l1) as e1,
        sum(e.available_delta_fen) filter (where e.agent_id = o.chain_l2) as e2,
        sum(e.available_delta_fen) filter (where e.agent_id = o.chain_l3) as e3,
        sum(e.available_delta_fen) filter (where e.agent_id = o.chain_l4) as e4,
        sum(e.available_delta_fen) filter (where e.agent_id = o.chain_l5) as e5
      from o join ledger_entries e on e.order_id = o.id and e.kind in (${SHARE_KINDS})
      group by o.id
    ),
    facts as (
      select o.agent_chain, o.agent_id, o.net_bar_id, o.channel_id, o.cls,
        0 as new_players, o.p_first::int as active_players, o.p_first_cls::int as active_players_in_class,
        1 as order_count, o.amount_fen as order_amount_fen,
        (o.status in (${PAID}))::int as paid_count,
        case when o.status in (${PAID}) then o.amount_fen else 0 end as paid_amount_fen,
        (o.status in (${COMPLETED}))::int as completed_count,
        case when o.status in (${COMPLETED}) then o.amount_fen else 0 end as completed_amount_fen,
        (o.status = 60 and o.paid_at is not null)::int as refund_count,
        case when o.status = 60 and o.paid_at is not null then o.amount_fen else 0 end as refund_amount_fen,
        o.b_first::int as active_net_bars, o.b_first_cls::int as active_net_bars_in_class, 0 as devices,
        coalesce(e.e0, 0) as earn_l0, coalesce(e.e1, 0) as earn_l1, coalesce(e.e2, 0) as earn_l2,
        coalesce(e.e3, 0) as earn_l3, coalesce(e.e4, 0) as earn_l4, coalesce(e.e5, 0) as earn_l5
      from o left join earn e on e.id = o.id
      union all
      select p.agent_chain, p.agent_id, p.net_bar_id, p.channel_id, ${classOf(sql`p.terminal_type`)},
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
      from players p
      where p.registered_at >= ${p.from.toISOString()}::timestamptz and p.registered_at < ${p.until.toISOString()}::timestamptz
        ${by === 'channel' ? sql`and p.channel_id is not null` : sql``}
`
    : sql`    facts as (
      select o.agent_chain, o.agent_id, o.net_bar_id, o.channel_id, o.cls,
        0 as new_players, o.p_first::int as active_players, o.p_first_cls::int as active_players_in_class,
        0 as order_count, 0::bigint as order_amount_fen, 0 as paid_count, 0::bigint as paid_amount_fen,
        0 as completed_count, 0::bigint as completed_amount_fen, 0 as refund_count, 0::bigint as refund_amount_fen,
        o.b_first::int as active_net_bars, o.b_first_cls::int as active_net_bars_in_class, 0 as devices,
        0::bigint as earn_l0, 0::bigint as earn_l1, 0::bigint as earn_l2, 0::bigint as earn_l3, 0::bigint as earn_l4,
        0::bigint as earn_l5
      from o where o.p_first or o.p_first_cls or o.b_first or o.b_first_cls
`
}      union all
      select d.agent_chain, d.agent_id, d.net_bar_id, ${by === 'channel' ? sql`ch.id` : sql`null::int`}, 1,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(distinct d.device_code)::int, 0, 0, 0, 0, 0, 0
      from device_active_days d ${deviceChannel}
      where d.day >= ${p.period}::date and d.day < ${p.next}::date and d.active_minutes >= ${DEVICE_MIN_MINUTES}
      group by 1, 2, 3, 4
    )`;
}

export function createStatsRepository(db: Database) {
  /**
   * Counts one period again: its rows of both rollups deleted, then written. A day from its
   * records. A month sums its days' rows for every figure but the distinct ones (players, net
   * bars, devices once per month), which come from its orders' first rows and its device days:
   * the month's orders are read without their ledger entries, their players' registrations or
   * their amounts. Its days are counted first (a day counted again notes its month again).
   */
  async function recount(tx: Tx, p: Period): Promise<void> {
    const key = sql`grain = ${p.grain}::smallint and period = ${p.period}::date`;
    const month = p.grain === 2;
    const days = sql`grain = 1 and period >= ${p.period}::date and period < ${p.next}::date`;
    /** A day row's additive figures; its distinct ones are the month's own. */
    const additive = sql.raw(`new_players, 0, 0, order_count, order_amount_fen, paid_count, paid_amount_fen,
      completed_count, completed_amount_fen, refund_count, refund_amount_fen, 0, 0, 0,
      earn_l0_fen, earn_l1_fen, earn_l2_fen, earn_l3_fen, earn_l4_fen, earn_l5_fen`);
    await tx.execute(sql`delete from ${summaryStats} where ${key}`);
    await tx.execute(sql`delete from ${summaryChannelStats} where ${key}`);
    await tx.execute(sql`with ${factsOf(p, 'node', month ? 'distinct' : 'all')},
      counted as (
        select c.node, f.cls, coalesce(b.province_code, 0) as province_code, coalesce(b.city_code, 0) as city_code,
          coalesce(b.district_code, 0) as district_code, c.node = f.agent_id as own, ${FACT_MEASURES}
        from facts f left join ${netBars} b on b.id = f.net_bar_id
          cross join lateral unnest(f.agent_chain) as c(node)
        ${
          month
            ? sql`union all select node_id, term_class, province_code, city_code, district_code, own,
          ${additive} from ${summaryStats} where ${days}`
            : sql``
        }
      )
      insert into ${summaryStats} (node_id, grain, period, term_class, province_code, city_code, district_code, own, ${FIGURE_COLUMNS})
      select node, ${p.grain}::smallint, ${p.period}::date, cls, province_code, city_code, district_code, own, ${FIGURE_SUMS}
      from counted
      group by 1, 2, 3, 4, 5, 6, 7, 8
      order by 1, 2, 3, 4, 5, 6, 7, 8`);
    await tx.execute(sql`with ${factsOf(p, 'channel', month ? 'distinct' : 'all')},
      counted as (
        select f.* from facts f where f.channel_id is not null
        ${month ? sql`union all select null, null, null, channel_id, term_class, ${additive} from ${summaryChannelStats} where ${days}` : sql``}
      )
      insert into ${summaryChannelStats} (channel_id, grain, period, term_class, ${FIGURE_COLUMNS})
      select channel_id, ${p.grain}::smallint, ${p.period}::date, cls, ${FIGURE_SUMS}
      from counted
      group by 1, 2, 3, 4
      order by 1, 2, 3, 4`);
  }

  return {
    recount,

    /** The periods of a grain noted now, oldest first. */
    async notedPeriods(grain: Grain): Promise<string[]> {
      const rows = rowsOf(
        await db
          .q()
          .execute(
            sql`select distinct period::text as period from ${summaryMarks} where grain = ${grain} order by 1`,
          ),
      );
      return rows.map((r) => String(r.period));
    },

    /**
     * Takes the marks of a period (deletes those this statement sees) and answers whether there
     * were any: a period taken by another process meanwhile is not counted twice.
     */
    async takeMarks(tx: Tx, grain: Grain, period: string): Promise<boolean> {
      const rows = rowsOf(
        await tx.execute(
          sql`delete from ${summaryMarks} where grain = ${grain} and period = ${period} returning id`,
        ),
      );
      return rows.length > 0;
    },

    /** Notes a month to count again (after one of its days was). */
    async markMonth(tx: Tx, month: string): Promise<void> {
      await tx.execute(sql`insert into ${summaryMarks} (grain, period) values (2, ${month}::date)`);
    },

    /** Notes every day that holds a record (the rebuild), after emptying both rollups. */
    async markEverything(tx: Tx): Promise<number> {
      await tx.execute(sql`delete from ${summaryStats}`);
      await tx.execute(sql`delete from ${summaryChannelStats}`);
      await tx.execute(sql`delete from ${summaryMarks}`);
      const rows = rowsOf(
        await tx.execute(sql`insert into ${summaryMarks} (period)
          select ((created_at at time zone 'UTC') + interval '8 hours')::date from orders
          union select ((registered_at at time zone 'UTC') + interval '8 hours')::date from players
          union select day from device_active_days
          returning id`),
      );
      return rows.length;
    },

    async setRefreshedAt(tx: Tx, at: Date): Promise<void> {
      await tx.execute(
        sql`update ${summaryState} set refreshed_at = ${at.toISOString()}::timestamptz where id = 1`,
      );
    },

    async refreshedAt(): Promise<Date | null> {
      const [row] = rowsOf(await db.q().execute(sql`select refreshed_at from ${summaryState} where id = 1`));
      const at = row?.refreshed_at;
      return at === null || at === undefined ? null : new Date(at as string | Date);
    },

    /** The database's clock now (a round's update time is taken before it reads the marks). */
    async now(): Promise<Date> {
      const [row] = rowsOf(await db.q().execute(sql`select clock_timestamp() as now`));
      return new Date(row?.now as string | Date);
    },

    /** The nodes given with the ones inside another one's subtree left out. */
    async outermost(ids: readonly number[]): Promise<number[]> {
      if (ids.length <= 1) return [...ids];
      const rows = rowsOf(
        await db.q().execute(sql`select n.id from unnest(${sql.param(ids)}::int[]) as n(id)
          where not exists (select 1 from ${agentAncestry} a
            where a.descendant_id = n.id and a.ancestor_id <> n.id and a.ancestor_id = any(${sql.param(ids)}::int[]))
          order by n.id`),
      );
      return rows.map((r) => Number(r.id));
    },

    /** The direct sub-agents of an agent, by id. */
    async children(id: number): Promise<number[]> {
      const rows = rowsOf(
        await db.q().execute(sql`select id from ${agents} where parent_id = ${id} order by id`),
      );
      return rows.map((r) => Number(r.id));
    },

    /** The names and levels of agents. */
    async agentNames(ids: readonly number[]): Promise<Map<number, { name: string; level: number }>> {
      if (ids.length === 0) return new Map();
      const rows = rowsOf(
        await db
          .q()
          .execute(
            sql`select id, agent_name, agent_level from ${agents} where id = any(${sql.param(ids)}::int[])`,
          ),
      );
      return new Map(
        rows.map((r) => [Number(r.id), { name: String(r.agent_name), level: Number(r.agent_level) }]),
      );
    },

    /** A channel's area and chain (the channel filter's one group). */
    async channelInfo(id: number): Promise<{
      chain: number[];
      provinceCode: number;
      cityCode: number;
      districtCode: number;
    } | null> {
      const [row] = rowsOf(
        await db.q().execute(sql`select c.agent_chain, coalesce(b.province_code, 0) as province_code,
            coalesce(b.city_code, 0) as city_code, coalesce(b.district_code, 0) as district_code
          from ${channels} c left join ${netBars} b on b.id = c.net_bar_id where c.id = ${id}`),
      );
      if (!row) return null;
      return {
        chain: (row.agent_chain as unknown[]).map(Number),
        provinceCode: Number(row.province_code),
        cityCode: Number(row.city_code),
        districtCode: Number(row.district_code),
      };
    },

    /**
     * The figures grouped as asked, with how many groups there are in all (`count(*) over ()`):
     * ordered by period (as `order` says), then area or agent; a page when `page` is given.
     */
    async groups(
      w: StatsWhere,
      g: StatsGroups,
      options: { order?: 'asc' | 'desc'; page?: { pageNum: number; pageSize: number } } = {},
    ): Promise<{ rows: GroupRow[]; total: number }> {
      const inClass = w.termClass !== undefined;
      const earn = sql.raw(`earn_l${w.earningsLevel}_fen`);
      const conditions: SQL[] = [
        sql`s.grain = ${w.grain}`,
        sql`s.period between ${w.first}::date and ${w.last}::date`,
      ];
      if (inClass) conditions.push(sql`s.term_class = ${w.termClass}`);
      const areaColumn =
        g.area === 'province' ? 'province_code' : g.area === 'city' ? 'city_code' : 'district_code';
      let from: SQL;
      let agentId: SQL = sql`null::int`;
      let own: SQL = sql`false`;
      if (w.source.kind === 'channel') {
        from = sql`${summaryChannelStats} s`;
        conditions.push(sql`s.channel_id = ${w.source.id}`);
      } else {
        from = sql`${summaryStats} s`;
        if (w.provinceCode !== undefined) conditions.push(sql`s.province_code = ${w.provinceCode}`);
        if (w.cityCode !== undefined) conditions.push(sql`s.city_code = ${w.cityCode}`);
        if (w.districtCode !== undefined) conditions.push(sql`s.district_code = ${w.districtCode}`);
        if (g.agent && 'base' in g.agent) {
          conditions.push(
            sql`((s.node_id = ${g.agent.base} and s.own) or s.node_id = any(${sql.param([...g.agent.children])}::int[]))`,
          );
          agentId = sql`s.node_id`;
          own = sql`s.node_id = ${g.agent.base}`;
        } else {
          conditions.push(sql`s.node_id = any(${sql.param([...w.source.ids])}::int[])`);
          if (g.agent) agentId = sql`s.node_id`;
        }
      }
      // The channel rollup has no area column: the service groups a channel's rows under its own area.
      const area = g.area && w.source.kind === 'nodes' ? sql`s.${sql.raw(areaColumn)}` : sql`null::int`;
      const period = g.period ? sql`s.period::text` : sql`null::text`;
      const dir = sql.raw(options.order === 'asc' ? 'asc' : 'desc');
      const page = options.page
        ? sql`limit ${sql.raw(String(options.page.pageSize))} offset ${(options.page.pageNum - 1) * options.page.pageSize}`
        : sql``;
      const grouped = sql`select ${period} as period, ${area} as area_id, ${agentId} as agent_id, ${own} as own,
            sum(s.new_players)::int as new_players,
            sum(s.${sql.raw(inClass ? 'active_players_in_class' : 'active_players')})::int as active_players,
            sum(s.order_count)::int as order_count, sum(s.order_amount_fen)::bigint as order_amount_fen,
            sum(s.paid_count)::int as paid_count, sum(s.paid_amount_fen)::bigint as paid_amount_fen,
            sum(s.completed_count)::int as completed_count, sum(s.completed_amount_fen)::bigint as completed_amount_fen,
            sum(s.refund_count)::int as refund_count, sum(s.refund_amount_fen)::bigint as refund_amount_fen,
            sum(s.${sql.raw(inClass ? 'active_net_bars_in_class' : 'active_net_bars')})::int as active_net_bars,
            sum(s.devices)::int as devices, sum(s.${earn})::bigint as earnings_fen
          from ${from} where ${sql.join(conditions, sql` and `)}
          group by 1, 2, 3, 4`;
      // One statement answers the page and the number of groups; past the last page, a count alone.
      const rows = rowsOf(
        await db.q().execute(sql`select g.*, count(*) over () as total from (${grouped}) g
          order by 1 ${dir}, 2, 4 desc, 3
          ${page}`),
      );
      if (rows.length === 0 && options.page && options.page.pageNum > 1) {
        const [count] = rowsOf(await db.q().execute(sql`select count(*)::int as n from (${grouped}) g`));
        return { rows: [], total: Number(count?.n ?? 0) };
      }
      const total = Number(rows[0]?.total ?? 0);
      return {
        total,
        rows: rows.map((r) => ({
          period: r.period === null ? null : String(r.period),
          areaId: r.area_id === null ? null : Number(r.area_id),
          agentId: r.agent_id === null ? null : Number(r.agent_id),
          own: r.own === true,
          newPlayers: Number(r.new_players ?? 0),
          activePlayers: Number(r.active_players ?? 0),
          orderCount: Number(r.order_count ?? 0),
          orderAmountFen: Number(r.order_amount_fen ?? 0),
          paidCount: Number(r.paid_count ?? 0),
          paidAmountFen: Number(r.paid_amount_fen ?? 0),
          completedCount: Number(r.completed_count ?? 0),
          completedAmountFen: Number(r.completed_amount_fen ?? 0),
          refundCount: Number(r.refund_count ?? 0),
          refundAmountFen: Number(r.refund_amount_fen ?? 0),
          activeNetBars: Number(r.active_net_bars ?? 0),
          devices: Number(r.devices ?? 0),
          earningsFen: Number(r.earnings_fen ?? 0),
        })),
      };
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
