import { DEVICE_DAY_MIN_MINUTES } from '@agent-console/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type ChainLink, chainValues } from '../../db/agent-chain';
import { type Database, rowsOf } from '../../db/client';
import { recordset } from '../../db/recordset';
import { channels } from '../../db/schema/channels';
import { DAYS_BUCKETS, deviceActiveDays, deviceAgentMonths, deviceMonths } from '../../db/schema/devices';
import { games } from '../../db/schema/games';
import { ingestEvents } from '../../db/schema/ingest';
import { netBars } from '../../db/schema/net-bars';
import { orderStatusHistory, orders } from '../../db/schema/orders';
import { players } from '../../db/schema/players';

/**
 * The SQL of ingestion. A batch is applied set-based: each write is one statement per table for
 * the whole batch, its rows passed as one JSON parameter read back as a relation (`recordset` of
 * db/recordset.ts: one parameter however many rows, no statement text growing with the batch).
 */

/** The frozen agent chain of a row, as its columns hold it. */
export interface Chain {
  agentId: number;
  agentChain: number[];
  chainL1: number | null;
  chainL2: number | null;
  chainL3: number | null;
  chainL4: number | null;
  chainL5: number | null;
}

export const chainOf = (links: readonly ChainLink[]): Chain => chainValues(links);

/** The columns of `agentChainColumns()`, in the order every statement below lists them. */
const CHAIN_COLUMN_NAMES = [
  'agent_id',
  'agent_chain',
  'chain_l1',
  'chain_l2',
  'chain_l3',
  'chain_l4',
  'chain_l5',
];
const CHAIN_COLUMNS = sql.raw(CHAIN_COLUMN_NAMES.join(', '));
/** The chain columns' types, for rows passed as JSON (`recordset`). */
const CHAIN_RECORD = {
  agent_id: 'int',
  agent_chain: 'int[]',
  chain_l1: 'int',
  chain_l2: 'int',
  chain_l3: 'int',
  chain_l4: 'int',
  chain_l5: 'int',
} as const;
/** A net bar row, passed as JSON (`recordset`): its columns and their types. */
const NET_BAR_RECORD = {
  bar_user_id: 'bigint',
  name: 'text',
  address: 'text',
  province_code: 'int',
  city_code: 'int',
  district_code: 'int',
  contact_name: 'text',
  contact_phone: 'text',
  status: 'text',
  terminal_count: 'int',
  ...CHAIN_RECORD,
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;
/** A channel row, passed as JSON (`recordset`): its columns and their types. */
const CHANNEL_RECORD = {
  code: 'text',
  kind: 'text',
  name: 'text',
  net_bar_id: 'int',
  domain: 'text',
  ...CHAIN_RECORD,
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;
/** A player registration, passed as JSON (`recordset`): its columns and their types. */
const PLAYER_RECORD = {
  platform_user_id: 'bigint',
  phone_masked: 'text',
  channel_id: 'int',
  terminal_type: 'int',
  registered_at: 'timestamptz',
} as const;
/** An order's state columns and their types (in `ORDER_RECORD` and `ORDER_STATE_RECORD`). */
const ORDER_STATE_COLUMNS = {
  status: 'int',
  status_at: 'timestamptz',
  paid_at: 'timestamptz',
  rent_start_at: 'timestamptz',
  rent_end_at: 'timestamptz',
  completed_at: 'timestamptz',
} as const;
/** A new order, passed as JSON (`recordset`): its columns and their types. */
const ORDER_RECORD = {
  order_no: 'text',
  player_id: 'int',
  game_id: 'int',
  goods_id: 'bigint',
  net_bar_id: 'int',
  channel_id: 'int',
  source: 'int',
  terminal_type: 'int',
  rent_type: 'text',
  rent_minutes: 'int',
  amount_fen: 'bigint',
  price_increase_fen: 'bigint',
  ...ORDER_STATE_COLUMNS,
  created_at: 'timestamptz',
} as const;
/** A status of an order's history, passed as JSON (`recordset`): its columns and their types. */
const HISTORY_RECORD = {
  order_id: 'int',
  status: 'int',
  occurred_at: 'timestamptz',
  event_id: 'text',
} as const;
/** An order's new state, passed as JSON (`recordset`): its columns and their types. */
const ORDER_STATE_RECORD = { id: 'int', ...ORDER_STATE_COLUMNS } as const;
/** What to add to a player's order count and spending, passed as JSON (`recordset`): its columns and their types. */
const PLAYER_TOTALS_RECORD = { id: 'int', c: 'int', s: 'bigint' } as const;
/** A device day, passed as JSON (`recordset`): its columns and their types. */
const DEVICE_DAY_RECORD = {
  net_bar_id: 'int',
  device_code: 'text',
  day: 'date',
  active_minutes: 'int',
} as const;
/** A stored ingest event, passed as JSON (`recordset`): its columns and their types. */
const EVENT_RECORD = {
  id: 'text',
  type: 'text',
  occurred_at: 'timestamptz',
  payload: 'jsonb',
  payload_hash: 'text',
  state: 'text',
  waits_for: 'text',
  reason: 'text',
} as const;
/** The chain columns of the row `alias` (the record a new row takes its frozen chain from). */
const chainFrom = (alias: string) => sql.raw(CHAIN_COLUMN_NAMES.map((c) => `${alias}.${c}`).join(', '));
const chainJson = (c: Chain) => ({
  agent_id: c.agentId,
  agent_chain: c.agentChain,
  chain_l1: c.chainL1,
  chain_l2: c.chainL2,
  chain_l3: c.chainL3,
  chain_l4: c.chainL4,
  chain_l5: c.chainL5,
});

const EventState = z.enum(['applied', 'pending', 'rejected']);
const Int = z.coerce.number().int();
const NullableInt = z.union([z.null(), Int]);
const IntArray = z.union([z.array(Int), z.string().transform((s) => parsePgIntArray(s))]);
/** An int[] that a driver answered as text (`{1,2,3}`). */
function parsePgIntArray(text: string): number[] {
  const inner = text.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map(Number);
}
const ChainRow = z.object({
  agent_id: Int,
  agent_chain: IntArray,
  chain_l1: NullableInt,
  chain_l2: NullableInt,
  chain_l3: NullableInt,
  chain_l4: NullableInt,
  chain_l5: NullableInt,
});
const chainFromRow = (r: z.output<typeof ChainRow>): Chain => ({
  agentId: r.agent_id,
  agentChain: r.agent_chain,
  chainL1: r.chain_l1,
  chainL2: r.chain_l2,
  chainL3: r.chain_l3,
  chainL4: r.chain_l4,
  chainL5: r.chain_l5,
});

export interface BarRef {
  id: number;
  barUserId: number;
  chain: Chain;
}
export interface ChannelRef {
  id: number;
  code: string;
  netBarId: number | null;
  chain: Chain;
}
export interface PlayerRef {
  id: number;
  userId: number;
  netBarId: number | null;
}
/** An order's current state: what a batch compares its events with. Times are ISO 8601 (UTC). */
export interface OrderState {
  status: number;
  statusAt: string;
  paidAt: string | null;
  rentStartAt: string | null;
  rentEndAt: string | null;
  completedAt: string | null;
}
export interface OrderRef extends OrderState {
  id: number;
  orderNo: string;
  playerId: number;
  amountFen: number;
}

export interface StoredEventState {
  id: string;
  payloadHash: string;
  state: 'applied' | 'pending' | 'rejected';
}
/** A stored event with its content (a pending event keeps its payload). */
export interface StoredEvent extends StoredEventState {
  type: string;
  occurredAt: string;
  payload: unknown;
}

export interface NetBarWrite {
  barUserId: number;
  name: string;
  address: string;
  provinceCode: number;
  cityCode: number;
  districtCode: number;
  contactName: string;
  contactPhone: string;
  status: 'open' | 'closed';
  terminalCount: number;
  chain: Chain;
  createdAt: string;
  updatedAt: string;
}
export interface ChannelWrite {
  code: string;
  kind: 'client' | 'web';
  name: string;
  netBarId: number | null;
  domain: string | null;
  chain: Chain;
  createdAt: string;
  updatedAt: string;
}
export interface PlayerWrite {
  userId: number;
  phoneMasked: string;
  channelId: number;
  terminalType: number;
  registeredAt: string;
}
export interface OrderWrite {
  orderNo: string;
  playerId: number;
  gameId: number;
  goodsId: number;
  netBarId: number;
  channelId: number;
  source: number;
  terminalType: number;
  rentType: string;
  rentMinutes: number;
  amountFen: number;
  priceIncreaseFen: number;
  state: OrderState;
  createdAt: string;
}
export interface HistoryWrite {
  orderId: number;
  status: number;
  occurredAt: string;
  eventId: string;
}
export interface OrderStateWrite {
  orderId: number;
  state: OrderState;
}
export interface DeviceDayWrite {
  netBarId: number;
  deviceCode: string;
  day: string;
  activeMinutes: number;
}
export interface EventWrite {
  id: string;
  type: string;
  occurredAt: string;
  payload: unknown;
  payloadHash: string;
  state: 'applied' | 'pending' | 'rejected';
  waitsFor: string | null;
  reason: string | null;
}

const json = (rows: unknown[]) => JSON.stringify(rows);
const epoch = (column: string) => `(extract(epoch from ${column}) * 1000)::bigint::text as ${column}`;
/**
 * An upsert's `set` of one column: the incoming value where `condition` holds (the event is the
 * newer, or the earlier, one), else the stored one.
 */
const takeWhen = (table: string, condition: string) => (column: string) =>
  sql.raw(`${column} = case when ${condition} then excluded.${column} else ${table}.${column} end`);

/** An order's state columns, times as epoch milliseconds (one text form on both drivers). */
const ORDER_STATE = sql.raw(
  ['status', ...['status_at', 'paid_at', 'rent_start_at', 'rent_end_at', 'completed_at'].map(epoch)].join(
    ', ',
  ),
);
/**
 * A list as an SQL array built from one JSON parameter (an init plan): `column = any(…)` probes the
 * column's index once per value, whatever the planner guesses of the table's size.
 */
const textArray = (list: readonly string[]) =>
  sql`array(select jsonb_array_elements_text(${json([...list])}::jsonb))`;
const bigintArray = (list: readonly number[]) =>
  sql`array(select (jsonb_array_elements_text(${json([...list])}::jsonb))::bigint)`;

export function createIngestRepository(db: Database) {
  const rows = async (query: SQL) => rowsOf(await db.q().execute(query));

  return {
    /**
     * Serialises the batches that name the same records (PostgreSQL): one transaction-scoped
     * advisory lock per key, taken in the order of their hashes in one statement, so two batches
     * locking overlapping sets wait for each other instead of deadlocking. PGlite runs one
     * transaction at a time: nothing to do.
     */
    async lockKeys(keys: readonly string[]): Promise<void> {
      if (db.driver !== 'pg' || keys.length === 0) return;
      await db.q().execute(sql`
        select count(pg_advisory_xact_lock(h)) from (
          select distinct hashtext(k) as h from jsonb_array_elements_text(${json([...keys])}::jsonb) as t(k)
          order by 1) s`);
    },

    /** What is stored of these event ids: enough to tell a replay from a conflict. */
    async eventsByIds(ids: readonly string[]): Promise<StoredEventState[]> {
      if (ids.length === 0) return [];
      return (
        await rows(sql`
          select id, payload_hash, state from ${ingestEvents}
          where id = any(${textArray(ids)})`)
      ).map((r) => ({
        id: String(r.id),
        payloadHash: String(r.payload_hash),
        state: EventState.parse(r.state),
      }));
    },

    /** The pending events waiting for one of these keys (`order:NO1`, …). */
    async pendingFor(keys: readonly string[]): Promise<StoredEvent[]> {
      if (keys.length === 0) return [];
      return (
        await rows(sql`
          select id, type, occurred_at, payload, payload_hash, state from ${ingestEvents}
          where state = 'pending' and waits_for = any(${textArray(keys)})
          order by occurred_at, id`)
      ).map(storedEvent);
    },

    async gameIds(): Promise<Set<number>> {
      const result = await db.q().select({ id: games.id }).from(games);
      return new Set(result.map((r) => r.id));
    },

    async barsByUserIds(ids: readonly number[]): Promise<BarRef[]> {
      if (ids.length === 0) return [];
      return (
        await rows(sql`
          select id, bar_user_id::text as bar_user_id, ${CHAIN_COLUMNS} from ${netBars}
          where bar_user_id = any(${bigintArray(ids)})`)
      ).map((r) => ({
        id: Int.parse(r.id),
        barUserId: Int.parse(r.bar_user_id),
        chain: chainFromRow(ChainRow.parse(r)),
      }));
    },

    /**
     * A semi-join, not `= any(array)`: a batch names most channels of a small table, which the
     * planner then scans, comparing each row with every code of the array (698 × 698 text
     * comparisons a batch in the demo world); the semi-join hashes the codes once (or probes the
     * code index when the table is large).
     */
    async channelsByCodes(codes: readonly string[]): Promise<ChannelRef[]> {
      if (codes.length === 0) return [];
      return (
        await rows(sql`
          select id, code, net_bar_id, ${CHAIN_COLUMNS} from ${channels}
          where code in (select jsonb_array_elements_text(${json([...codes])}::jsonb))`)
      ).map(channelRef);
    },

    async playersByUserIds(ids: readonly number[]): Promise<PlayerRef[]> {
      if (ids.length === 0) return [];
      return (
        await rows(sql`
          select id, platform_user_id::text as platform_user_id, net_bar_id from ${players}
          where platform_user_id = any(${bigintArray(ids)})`)
      ).map(playerRef);
    },

    async ordersByNos(nos: readonly string[]): Promise<OrderRef[]> {
      if (nos.length === 0) return [];
      return (
        await rows(sql`
          select id, order_no, player_id, amount_fen::text as amount_fen, ${ORDER_STATE} from ${orders}
          where order_no = any(${textArray(nos)})`)
      ).map(orderRef);
    },

    /**
     * Creates or updates net bars by their bar user id. An update takes the fields of the newest
     * event (`updated_at` is the time of the event that last set them: an older one changes
     * nothing), the created time is the earliest seen; the agent and its chain stay as created.
     */
    async upsertNetBars(list: readonly NetBarWrite[]): Promise<BarRef[]> {
      if (list.length === 0) return [];
      const data = list.map((b) => ({
        bar_user_id: b.barUserId,
        name: b.name,
        address: b.address,
        province_code: b.provinceCode,
        city_code: b.cityCode,
        district_code: b.districtCode,
        contact_name: b.contactName,
        contact_phone: b.contactPhone,
        status: b.status,
        terminal_count: b.terminalCount,
        ...chainJson(b.chain),
        created_at: b.createdAt,
        updated_at: b.updatedAt,
      }));
      const newer = takeWhen('net_bars', 'excluded.updated_at >= net_bars.updated_at');
      return (
        await rows(sql`
          insert into ${netBars} (bar_user_id, name, address, province_code, city_code, district_code,
            contact_name, contact_phone, status, terminal_count, ${CHAIN_COLUMNS}, created_at, updated_at)
          select bar_user_id, name, address, province_code, city_code, district_code,
            contact_name, contact_phone, status, terminal_count, ${CHAIN_COLUMNS}, created_at, updated_at
          from ${recordset(data, NET_BAR_RECORD, 'x')}
          on conflict (bar_user_id) do update set
            ${newer('name')}, ${newer('address')}, ${newer('province_code')}, ${newer('city_code')},
            ${newer('district_code')}, ${newer('contact_name')}, ${newer('contact_phone')}, ${newer('status')},
            ${newer('terminal_count')},
            created_at = least(net_bars.created_at, excluded.created_at),
            updated_at = greatest(net_bars.updated_at, excluded.updated_at)
          returning id, bar_user_id::text as bar_user_id, ${CHAIN_COLUMNS}`)
      ).map((r) => ({
        id: Int.parse(r.id),
        barUserId: Int.parse(r.bar_user_id),
        chain: chainFromRow(ChainRow.parse(r)),
      }));
    },

    /** Creates or updates channels by code: the newest event's fields, the owner's chain as created. */
    async upsertChannels(list: readonly ChannelWrite[]): Promise<ChannelRef[]> {
      if (list.length === 0) return [];
      const data = list.map((c) => ({
        code: c.code,
        kind: c.kind,
        name: c.name,
        net_bar_id: c.netBarId,
        domain: c.domain,
        ...chainJson(c.chain),
        created_at: c.createdAt,
        updated_at: c.updatedAt,
      }));
      const newer = takeWhen('channels', 'excluded.updated_at >= channels.updated_at');
      return (
        await rows(sql`
          insert into ${channels} (code, kind, name, net_bar_id, domain, ${CHAIN_COLUMNS}, created_at, updated_at)
          select code, kind, name, net_bar_id, domain, ${CHAIN_COLUMNS}, created_at, updated_at
          from ${recordset(data, CHANNEL_RECORD, 'x')}
          on conflict (code) do update set
            ${newer('kind')}, ${newer('name')}, ${newer('net_bar_id')}, ${newer('domain')},
            created_at = least(channels.created_at, excluded.created_at),
            updated_at = greatest(channels.updated_at, excluded.updated_at)
          returning id, code, net_bar_id, ${CHAIN_COLUMNS}`)
      ).map(channelRef);
    },

    /**
     * Registers players by platform user id. A registration is the earliest one: a later
     * registration event of a known player changes nothing, an earlier one its phone, terminal
     * and time; the channel, net bar and chain stay as created. The row is joined to its channel
     * (its net bar and chain are the channel's): the table has no foreign keys.
     */
    async upsertPlayers(list: readonly PlayerWrite[]): Promise<PlayerRef[]> {
      if (list.length === 0) return [];
      const data = list.map((p) => ({
        platform_user_id: p.userId,
        phone_masked: p.phoneMasked,
        channel_id: p.channelId,
        terminal_type: p.terminalType,
        registered_at: p.registeredAt,
      }));
      const earlier = takeWhen('players', 'excluded.registered_at < players.registered_at');
      return (
        await rows(sql`
          insert into ${players} (platform_user_id, phone_masked, channel_id, net_bar_id, terminal_type, ${CHAIN_COLUMNS}, registered_at)
          select x.platform_user_id, x.phone_masked, x.channel_id, c.net_bar_id, x.terminal_type, ${chainFrom('c')}, x.registered_at
          from ${recordset(data, PLAYER_RECORD, 'x')}
            join ${channels} c on c.id = x.channel_id
          on conflict (platform_user_id) do update set
            ${earlier('phone_masked')}, ${earlier('terminal_type')},
            registered_at = least(players.registered_at, excluded.registered_at)
          returning id, platform_user_id::text as platform_user_id, net_bar_id`)
      ).map(playerRef);
    },

    /**
     * Creates orders (in their first status); an order number already stored is left alone. Each
     * row is joined to its net bar (its chain), player, channel and game: the table has no foreign
     * keys, so a parent missing makes no row (the service read them all in this transaction).
     */
    async insertOrders(list: readonly OrderWrite[]): Promise<OrderRef[]> {
      if (list.length === 0) return [];
      const byNo = new Map(list.map((o) => [o.orderNo, o]));
      const data = list.map((o) => ({
        order_no: o.orderNo,
        player_id: o.playerId,
        game_id: o.gameId,
        goods_id: o.goodsId,
        net_bar_id: o.netBarId,
        channel_id: o.channelId,
        source: o.source,
        terminal_type: o.terminalType,
        rent_type: o.rentType,
        rent_minutes: o.rentMinutes,
        amount_fen: o.amountFen,
        price_increase_fen: o.priceIncreaseFen,
        status: o.state.status,
        status_at: o.state.statusAt,
        paid_at: o.state.paidAt,
        rent_start_at: o.state.rentStartAt,
        rent_end_at: o.state.rentEndAt,
        completed_at: o.state.completedAt,
        created_at: o.createdAt,
      }));
      return (
        await rows(sql`
          insert into ${orders} (order_no, player_id, game_id, goods_id, net_bar_id, channel_id, source,
            terminal_type, rent_type, rent_minutes, amount_fen, price_increase_fen, status, status_at,
            paid_at, rent_start_at, rent_end_at, completed_at, ${CHAIN_COLUMNS}, created_at)
          select x.order_no, x.player_id, x.game_id, x.goods_id, x.net_bar_id, x.channel_id, x.source,
            x.terminal_type, x.rent_type, x.rent_minutes, x.amount_fen, x.price_increase_fen, x.status, x.status_at,
            x.paid_at, x.rent_start_at, x.rent_end_at, x.completed_at, ${chainFrom('b')}, x.created_at
          from ${recordset(data, ORDER_RECORD, 'x')}
            join ${netBars} b on b.id = x.net_bar_id
          where exists (select from ${players} p where p.id = x.player_id)
            and exists (select from ${channels} c where c.id = x.channel_id)
            and exists (select from ${games} g where g.id = x.game_id)
          on conflict (order_no) do nothing
          returning id, order_no`)
      ).map((r) => {
        // The new row is what was written: only its id is new (no times read back and parsed).
        const o = byNo.get(String(r.order_no));
        if (!o) throw new Error(`insertOrders: unexpected order ${String(r.order_no)}`);
        return {
          id: Int.parse(r.id),
          orderNo: o.orderNo,
          playerId: o.playerId,
          amountFen: o.amountFen,
          ...o.state,
        };
      });
    },

    /**
     * Adds statuses to orders' histories (a status already recorded at that time is kept once),
     * each joined to its order (no foreign key).
     */
    async insertHistory(list: readonly HistoryWrite[]): Promise<void> {
      if (list.length === 0) return;
      const data = list.map((h) => ({
        order_id: h.orderId,
        status: h.status,
        occurred_at: h.occurredAt,
        event_id: h.eventId,
      }));
      await db.q().execute(sql`
        insert into ${orderStatusHistory} (order_id, status, occurred_at, event_id)
        select x.order_id, x.status, x.occurred_at, x.event_id
        from ${recordset(data, HISTORY_RECORD, 'x')}
        where exists (select from ${orders} o where o.id = x.order_id)
        on conflict do nothing`);
    },

    /**
     * Sets orders to the state their events lead to (the service computes it from the stored state
     * and the batch's events: the newest status of the history, the earliest payment and rent start,
     * the latest rent end and completion). One new row version per order and batch.
     */
    async updateOrders(list: readonly OrderStateWrite[]): Promise<void> {
      if (list.length === 0) return;
      const data = list.map((o) => ({
        id: o.orderId,
        status: o.state.status,
        status_at: o.state.statusAt,
        paid_at: o.state.paidAt,
        rent_start_at: o.state.rentStartAt,
        rent_end_at: o.state.rentEndAt,
        completed_at: o.state.completedAt,
      }));
      await db.q().execute(sql`
        update ${orders} o set status = x.status, status_at = x.status_at, paid_at = x.paid_at,
          rent_start_at = x.rent_start_at, rent_end_at = x.rent_end_at, completed_at = x.completed_at
        from ${recordset(data, ORDER_STATE_RECORD, 'x')}
        where o.id = x.id`);
    },

    /** Adds to players' order counts and spent amounts (increments: exact under concurrent batches). */
    async addPlayerTotals(list: readonly { playerId: number; orders: number; spentFen: number }[]) {
      const data = list
        .filter((d) => d.orders !== 0 || d.spentFen !== 0)
        .map((d) => ({ id: d.playerId, c: d.orders, s: d.spentFen }));
      if (data.length === 0) return;
      await db.q().execute(sql`
        update ${players} p set order_count = p.order_count + x.c, spent_fen = p.spent_fen + x.s
        from ${recordset(data, PLAYER_TOTALS_RECORD, 'x')}
        where p.id = x.id`);
    },

    /** Device days: one row per device and day; a second report of a day keeps the longer time. */
    async upsertDeviceDays(list: readonly DeviceDayWrite[]): Promise<void> {
      if (list.length === 0) return;
      const data = list.map((d) => ({
        net_bar_id: d.netBarId,
        device_code: d.deviceCode,
        day: d.day,
        active_minutes: d.activeMinutes,
      }));
      await db.q().execute(sql`
        insert into ${deviceActiveDays} (net_bar_id, device_code, day, active_minutes, ${CHAIN_COLUMNS})
        select x.net_bar_id, x.device_code, x.day, x.active_minutes, ${chainFrom('b')}
        from ${recordset(data, DEVICE_DAY_RECORD, 'x')}
          join ${netBars} b on b.id = x.net_bar_id
        on conflict (net_bar_id, day, device_code) do update set
          active_minutes = greatest(device_active_days.active_minutes, excluded.active_minutes)`);
      // The monthly rollup of the devices just written: recounted from their days (a statement
      // later in the same transaction sees them), per (bar, month) the devices of the batch. The
      // batch holds its net bars' advisory locks, so no other batch writes these days meanwhile.
      // In the same statement, the agent-month rollup moves by what changed: every statement of
      // it reads the device months as they were before (one snapshot), so a device new to the
      // month adds a device (and its bar, when the bar had none there), and each device's bucket
      // of active days moves from its old count to its new one. Increments add up whatever the
      // order of concurrent batches (other bars of the same agent); recounting the agent month
      // here would lose a concurrent batch's devices (not yet committed when this one counts).
      await db.q().execute(sql`
        with touched as (
          select x.net_bar_id, date_trunc('month', x.day)::date as month, array_agg(distinct x.device_code) as codes
          from ${recordset(data, DEVICE_DAY_RECORD, 'x')}
          group by 1, 2
        ),
        before as (
          select m.net_bar_id, m.month, m.device_code, m.active_days
          from ${deviceMonths} m
          join touched k on k.net_bar_id = m.net_bar_id and k.month = m.month and m.device_code = any(k.codes)
        ),
        bars_before as (
          select distinct m.net_bar_id, m.month, m.agent_id
          from ${deviceMonths} m join touched k on k.net_bar_id = m.net_bar_id and k.month = m.month
        ),
        after as (
          insert into ${deviceMonths} (net_bar_id, device_code, month, active_days, reported_days, ${CHAIN_COLUMNS})
          select d.net_bar_id, d.device_code, k.month,
            count(*) filter (where d.active_minutes >= ${DEVICE_DAY_MIN_MINUTES})::int, count(*)::int, ${chainFrom('b')}
          from touched k
          join ${deviceActiveDays} d on d.net_bar_id = k.net_bar_id
            and d.day >= k.month and d.day < (k.month + interval '1 month')::date
            and d.device_code = any(k.codes)
          join ${netBars} b on b.id = k.net_bar_id
          group by d.net_bar_id, d.device_code, k.month, ${chainFrom('b')}
          on conflict (net_bar_id, month, device_code) do update set
            active_days = excluded.active_days, reported_days = excluded.reported_days
          returning net_bar_id, device_code, month, active_days, ${CHAIN_COLUMNS}
        ),
        changes as (
          select a.*, o.active_days as old_days,
            (o.device_code is null) as new_device,
            not exists (select 1 from bars_before bb
              where bb.net_bar_id = a.net_bar_id and bb.month = a.month and bb.agent_id = a.agent_id) as new_bar
          from after a
          left join before o on o.net_bar_id = a.net_bar_id and o.month = a.month and o.device_code = a.device_code
        ),
        buckets as (
          select c.agent_id, c.month, g.d,
            sum((c.active_days = g.d)::int - (c.old_days is not null and c.old_days = g.d)::int)::int as delta
          from changes c cross join generate_series(0, ${DAYS_BUCKETS - 1}) as g(d)
          group by 1, 2, 3
        )
        insert into ${deviceAgentMonths} (month, net_bar_count, device_count, devices_by_days, ${CHAIN_COLUMNS})
        select c.month, count(distinct c.net_bar_id) filter (where c.new_bar)::int,
          count(*) filter (where c.new_device)::int,
          (select array_agg(u.delta order by u.d) from buckets u where u.agent_id = c.agent_id and u.month = c.month),
          ${chainFrom('c')}
        from changes c
        group by c.month, ${chainFrom('c')}
        on conflict (agent_id, month) do update set
          net_bar_count = device_agent_months.net_bar_count + excluded.net_bar_count,
          device_count = device_agent_months.device_count + excluded.device_count,
          devices_by_days = array(
            select a + b from unnest(device_agent_months.devices_by_days, excluded.devices_by_days) as u(a, b)
          )`);
    },

    /**
     * Stores what became of events (new ones, and earlier ones applied or rejected again). The
     * payload is kept only while the event is pending (it is applied from it later) or rejected
     * (for whoever looks into why): an applied event keeps its id and hash, which answer a replay.
     */
    async saveEvents(
      list: readonly EventWrite[],
      batch: { keyId: string; receivedAt: string },
    ): Promise<void> {
      if (list.length === 0) return;
      const data = list.map((e) => ({
        id: e.id,
        type: e.type,
        occurred_at: e.occurredAt,
        payload: e.state === 'applied' ? null : e.payload, // null: left out of the JSON
        payload_hash: e.payloadHash,
        state: e.state,
        waits_for: e.waitsFor,
        reason: e.reason,
      }));
      await db.q().execute(sql`
        insert into ${ingestEvents} (id, type, occurred_at, payload, payload_hash, state, waits_for, reason,
          key_id, received_at, applied_at)
        select id, type, occurred_at, payload, payload_hash, state, waits_for, reason, ${batch.keyId},
          ${batch.receivedAt}::timestamptz, case when state = 'applied' then ${batch.receivedAt}::timestamptz end
        from ${recordset(data, EVENT_RECORD, 'x')}
        on conflict (id) do update set
          type = excluded.type, occurred_at = excluded.occurred_at, payload = excluded.payload,
          payload_hash = excluded.payload_hash, state = excluded.state, waits_for = excluded.waits_for,
          reason = excluded.reason, applied_at = excluded.applied_at`);
    },
  };
}

export type IngestRepository = ReturnType<typeof createIngestRepository>;

function storedEvent(r: Record<string, unknown>): StoredEvent {
  const occurred = r.occurred_at;
  return {
    id: String(r.id),
    type: String(r.type),
    occurredAt: occurred instanceof Date ? occurred.toISOString() : new Date(String(occurred)).toISOString(),
    payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : (r.payload ?? null),
    payloadHash: String(r.payload_hash),
    state: EventState.parse(r.state),
  };
}
function channelRef(r: Record<string, unknown>): ChannelRef {
  return {
    id: Int.parse(r.id),
    code: String(r.code),
    netBarId: NullableInt.parse(r.net_bar_id),
    chain: chainFromRow(ChainRow.parse(r)),
  };
}
function playerRef(r: Record<string, unknown>): PlayerRef {
  return {
    id: Int.parse(r.id),
    userId: Int.parse(r.platform_user_id),
    netBarId: NullableInt.parse(r.net_bar_id),
  };
}
const isoOf = (ms: unknown): string | null =>
  ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();
function orderRef(r: Record<string, unknown>): OrderRef {
  return {
    id: Int.parse(r.id),
    orderNo: String(r.order_no),
    playerId: Int.parse(r.player_id),
    amountFen: Int.parse(r.amount_fen),
    status: Int.parse(r.status),
    statusAt: isoOf(r.status_at) ?? '',
    paidAt: isoOf(r.paid_at),
    rentStartAt: isoOf(r.rent_start_at),
    rentEndAt: isoOf(r.rent_end_at),
    completedAt: isoOf(r.completed_at),
  };
}
