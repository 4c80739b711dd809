/**
 * Bench data for issue 9: a realistic event stream of the rental platform (net bars, client and
 * web channels, players, orders and their status changes, device days) for N orders over the
 * last `days` days, and its ingestion through the product's ingestion service in batches of
 * 1,000 events, as the platform would send it. Each run ADDS N orders with new keys (numbered
 * after what the database holds). Deterministic for a given database state.
 *
 * Shape, per 300 orders: one net bar (a level 3-5 agent of the tree, 20-200 terminals) with its
 * client channel, one web channel per 10 bars, 60 players (each registered through a channel of
 * the bar, before their first order). An order: created (10), then 82 % paid (30), renting (40)
 * and completed (50); 10 % cancelled (60) unpaid; 3 % renting then disputed (70); 2 % renting then
 * partially completed (52); 3 % left pending payment. Rent types: hourly (1-6 h, 3-15 yuan an
 * hour), overnight (8 h, 25-45 yuan), daily (24 h, 50-90 yuan); one in ten with a price increase.
 * One device event per bar and day for a tenth of the bars' terminals.
 */
import type { IngestEvent, IngestEventType, IngestPayload, IngestResult } from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../apps/server/src/db/client';
import { pick, prng } from '../../apps/server/src/demo/demo-world';
import type { Services } from '../../apps/server/src/services';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const BATCH = 1000;

interface Counts {
  bars: number;
  channels: number;
  players: number;
  orders: number;
}

export interface Stream {
  events: IngestEvent[];
  counts: Counts & { statusChanges: number; deviceDays: number };
}

/** What the database holds: new keys are numbered after it. */
async function existing(db: Database): Promise<Counts> {
  const [row] = rowsOf(
    await db.q().execute(sql`select
      (select count(*) from net_bars)::int as bars, (select count(*) from channels)::int as channels,
      (select count(*) from players)::int as players, (select count(*) from orders)::int as orders`),
  );
  return {
    bars: Number(row?.bars),
    channels: Number(row?.channels),
    players: Number(row?.players),
    orders: Number(row?.orders),
  };
}

/** Builds the stream of `orders` orders ending at `end`, over `days` days. */
export async function buildStream(
  db: Database,
  services: Services,
  options: { orders: number; days?: number; end?: Date; seed?: number },
): Promise<Stream> {
  const days = options.days ?? 90;
  const end = (options.end ?? new Date()).getTime();
  const start = end - days * DAY;
  const base = await existing(db);
  const rand = prng((options.seed ?? 9) + base.orders);
  await services.games.ensureCatalogue();
  const games = (await services.games.list()).map((g) => g.id);
  const agents = rowsOf(
    await db
      .q()
      .execute(
        sql`select id from agents where status = 'active' and agent_level between 3 and 5 order by id`,
      ),
  ).map((r) => Number(r.id));
  if (agents.length === 0) throw new Error('no agent of levels 3-5: seed the demo world first');

  const events: IngestEvent[] = [];
  let serial = 0;
  const tag = `b${base.orders}`;
  const push = <T extends IngestEventType>(type: T, at: number, payload: IngestPayload<T>) => {
    events.push({ id: `${tag}-${++serial}`, type, occurredAt: new Date(at).toISOString(), payload });
  };

  const barCount = Math.max(1, Math.round(options.orders / 300));
  const bars: { barUserId: number; agentId: number; terminals: number; channels: string[] }[] = [];
  for (let i = 0; i < barCount; i++) {
    const n = base.bars + i + 1;
    const bar = {
      barUserId: 10_000_000 + n,
      agentId: pick(rand, agents),
      terminals: 20 + Math.floor(rand() * 180),
      channels: [] as string[],
    };
    bars.push(bar);
    const at = start - DAY + Math.floor(rand() * DAY);
    push('netBar.upserted', at, {
      barUserId: bar.barUserId,
      agentId: bar.agentId,
      name: `压测网吧${n}`,
      address: `测试路${n}号`,
      provinceCode: 440000,
      cityCode: 440300,
      districtCode: 440305,
      terminalCount: bar.terminals,
      status: 'open',
    });
    const code = `bc${n}`;
    bar.channels.push(code);
    push('channel.upserted', at + MINUTE, {
      code,
      kind: 'client',
      name: `客户端${n}`,
      agentId: bar.agentId,
      barUserId: bar.barUserId,
    });
    if (i % 10 === 0) {
      const web = `bw${n}`;
      bar.channels.push(web);
      push('channel.upserted', at + 2 * MINUTE, {
        code: web,
        kind: 'web',
        name: `网页${n}`,
        agentId: bar.agentId,
        barUserId: bar.barUserId,
        domain: `p${n}.example.com`,
      });
    }
  }

  const playerCount = Math.max(1, Math.round(options.orders / 5));
  const players: { userId: number; channel: string; registeredAt: number }[] = [];
  for (let i = 0; i < playerCount; i++) {
    const n = base.players + i + 1;
    const bar = pick(rand, bars);
    const player = {
      userId: 100_000_000 + n,
      channel: pick(rand, bar.channels),
      registeredAt: start + Math.floor(rand() * rand() * (end - start)),
    };
    players.push(player);
    push('player.registered', player.registeredAt, {
      userId: player.userId,
      phoneMasked: `13${Math.floor(rand() * 10)}****${String(n % 10000).padStart(4, '0')}`,
      channelCode: player.channel,
      terminalType: rand() < 0.7 ? 4 : pick(rand, [0, 1, 2, 3, 6]),
    });
  }

  let statusChanges = 0;
  for (let i = 0; i < options.orders; i++) {
    const n = base.orders + i + 1;
    const player = pick(rand, players);
    const created =
      player.registeredAt +
      MINUTE +
      Math.floor(rand() * Math.max(MINUTE, end - player.registeredAt - 2 * MINUTE));
    const kind = rand();
    const rentType = kind < 0.8 ? 'hour' : kind < 0.93 ? 'night' : 'day';
    const hours = rentType === 'hour' ? 1 + Math.floor(rand() * 6) : rentType === 'night' ? 8 : 24;
    const price =
      rentType === 'hour'
        ? hours * (300 + Math.floor(rand() * 1200))
        : rentType === 'night'
          ? 2500 + Math.floor(rand() * 2000)
          : 5000 + Math.floor(rand() * 4000);
    const increase = rand() < 0.1 ? Math.floor(price * 0.1) : 0;
    const orderNo = `BO${String(n).padStart(10, '0')}`;
    push('order.created', created, {
      orderNo,
      userId: player.userId,
      gameId: pick(rand, games),
      goodsId: 1_000_000 + Math.floor(rand() * 500_000),
      channelCode: player.channel,
      source: rand() < 0.85 ? 60 : pick(rand, [10, 20, 30, 40, 50, 70] as const),
      terminalType: 4,
      rentType,
      rentMinutes: hours * 60,
      amountFen: price + increase,
      priceIncreaseFen: increase,
      status: 10,
    });
    const fate = rand();
    const paid = created + MINUTE + Math.floor(rand() * 5 * MINUTE);
    const renting = paid + MINUTE;
    const rentEnd = renting + hours * 60 * MINUTE;
    const iso = (t: number) => new Date(t).toISOString();
    const change = (at: number, payload: IngestPayload<'order.statusChanged'>) => {
      if (at > end) return;
      statusChanges++;
      push('order.statusChanged', at, payload);
    };
    if (fate < 0.1) change(created + 10 * MINUTE, { orderNo, status: 60 });
    else if (fate < 0.97) {
      change(paid, { orderNo, status: 30, paidAt: iso(paid) });
      change(renting, { orderNo, status: 40, rentStartAt: iso(renting) });
      if (fate < 0.92)
        change(rentEnd, { orderNo, status: 50, rentEndAt: iso(rentEnd), completedAt: iso(rentEnd) });
      else if (fate < 0.95) change(renting + 30 * MINUTE, { orderNo, status: 70 });
      else change(rentEnd, { orderNo, status: 52, rentEndAt: iso(rentEnd), completedAt: iso(rentEnd) });
    }
  }

  let deviceDays = 0;
  for (let d = 0; d < days; d++) {
    const day = new Date(start + d * DAY + 8 * 60 * MINUTE).toISOString().slice(0, 10);
    for (const bar of bars) {
      const active = Math.max(1, Math.floor(bar.terminals / 10));
      for (let k = 0; k < active; k++) {
        deviceDays++;
        push('device.active', start + d * DAY + 20 * 60 * MINUTE, {
          barUserId: bar.barUserId,
          deviceCode: `D${k + 1}`,
          day,
          activeMinutes: 60 + Math.floor(rand() * 600),
        });
      }
    }
  }

  events.sort((a, b) => (a.occurredAt < b.occurredAt ? -1 : a.occurredAt > b.occurredAt ? 1 : 0));
  return {
    events,
    counts: {
      bars: barCount,
      channels: bars.reduce((s, b) => s + b.channels.length, 0),
      players: playerCount,
      orders: options.orders,
      statusChanges,
      deviceDays,
    },
  };
}

export interface IngestRun {
  events: number;
  ms: number;
  /** CPU time of this process meanwhile (with PGlite, the database's work too). */
  cpuMs: number;
  outcomes: Record<IngestResult['outcome'], number>;
}

/** Sends the stream through the ingestion service in batches (default 1,000), one after the other. */
export async function ingestStream(
  services: Services,
  events: readonly IngestEvent[],
  onProgress?: (done: number) => void,
  batch = BATCH,
): Promise<IngestRun> {
  const outcomes: IngestRun['outcomes'] = { accepted: 0, duplicate: 0, conflict: 0, rejected: 0 };
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < events.length; i += batch) {
    const results = await services.ingest.ingest('bench', events.slice(i, i + batch));
    for (const r of results) outcomes[r.outcome]++;
    onProgress?.(Math.min(events.length, i + batch));
  }
  const used = process.cpuUsage(cpu);
  return {
    events: events.length,
    ms: performance.now() - started,
    cpuMs: (used.user + used.system) / 1000,
    outcomes,
  };
}

/**
 * Copies of the ingested orders (at most `limit`), as if the same bars' players had rented again:
 * new order numbers (`C<copy>-<id>`), every time of the order moved by the same amount so that the
 * creation time lands elsewhere in the last `windowDays` days (copy × 37 h 11 min later, wrapped), the frozen
 * chain kept. The rollup follows through its trigger, as with ingestion.
 */
export async function copyOrders(db: Database, copy: number, limit: number, windowDays: number) {
  const window = windowDays * 86_400;
  const now = Math.floor(Date.now() / 1000);
  await db.q().execute(sql`
    insert into orders (order_no, player_id, game_id, goods_id, net_bar_id, channel_id, source, terminal_type,
      rent_type, rent_minutes, amount_fen, price_increase_fen, status, status_at, agent_id, agent_chain,
      chain_l1, chain_l2, chain_l3, chain_l4, chain_l5, created_at, paid_at, rent_start_at, rent_end_at, completed_at)
    select 'C' || ${copy}::int || '-' || o.id, o.player_id, o.game_id, o.goods_id, o.net_bar_id, o.channel_id,
      o.source, o.terminal_type, o.rent_type, o.rent_minutes, o.amount_fen, o.price_increase_fen, o.status,
      o.status_at + d.shift, o.agent_id, o.agent_chain, o.chain_l1, o.chain_l2, o.chain_l3, o.chain_l4, o.chain_l5,
      o.created_at + d.shift, o.paid_at + d.shift, o.rent_start_at + d.shift, o.rent_end_at + d.shift,
      o.completed_at + d.shift
    from orders o
    cross join lateral (select make_interval(secs => (
      (${now}::bigint - mod(${now}::bigint - extract(epoch from o.created_at)::bigint + ${copy}::bigint * 133860, ${window}::bigint))
      - extract(epoch from o.created_at)::bigint)::double precision) as shift) d
    where o.order_no not like 'C%'
    order by o.id
    limit ${limit}`);
}
