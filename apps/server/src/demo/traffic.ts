import type { IngestEvent, IngestPayload, RegionNode, RentType } from '@agent-console/contract';
import type { Regions } from '../modules/regions/region-tree';
import { DEMO_AGENTS, generateDemoAgents, prng, shortName } from './demo-world';

/**
 * The rental platform's traffic, generated: the one generator behind the simulator
 * (`npm run simulate`, a real HTTP client of the ingestion API) and the demo world's history
 * (fed in-process to the same ingestion service). Pure and deterministic: the world (net bars,
 * channels) is a function of the seed and the agents; a day's events are a function of the seed,
 * the world and the day, so sending a day again is a pure replay (every event a duplicate).
 * docs/domain.md#demo-traffic.
 *
 * What the platform sends, and how many events an order costs (docs/domain.md#demo-traffic):
 * - the world once: `netBar.upserted` per bar, `channel.upserted` per channel (a client channel per
 *   bar, a web channel for some agents);
 * - `player.registered` on the day a player registers (tens of thousands over 90 days);
 * - per order one event in the usual case: an order already settled when its day is sent (the
 *   platform's history, a backfill) is one `order.created` snapshot carrying the status it reached
 *   (50, 52) and its times (paid, rent start and end, completed); a dispute adds a second event
 *   (70); an order cancelled (60) or still running (30 reserved, 40 renting) is reported as it
 *   happens: `order.created` in status 10, then `order.statusChanged`;
 * - `device.active` for 1-2 devices of about 30% of the open bars, on 35-90% of days each;
 * - about 2% of final status events arrive a day late (in the next day's events) and 1% of events
 *   are delivered twice in the same day.
 */

export interface TrafficAgent {
  id: number;
  level: number;
  /** Area keys as agents hold them (`province[-city[-district]]`). */
  areas: readonly string[];
}

export interface TrafficInput {
  seed: number;
  /** The agents bars are signed by (levels 1-5 with an area are used). */
  agents: readonly TrafficAgent[];
  /** The game catalogue's ids. */
  gameIds: readonly number[];
  regions: Regions;
}

export interface TrafficBar {
  barUserId: number;
  agentId: number;
  name: string;
  provinceCode: number;
  cityCode: number;
  districtCode: number;
  terminalCount: number;
  open: boolean;
  /** The bar's client channel. */
  channelCode: string;
}

export interface TrafficWorld {
  seed: number;
  bars: TrafficBar[];
  /** Channels players register through: client channels (one per bar) and web channels. */
  channels: { code: string; barUserId: number | null; agentId: number; weight: number }[];
  gameIds: readonly number[];
  /** netBar.upserted and channel.upserted events of the whole world. */
  events: IngestEvent[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
/** When the world's bars and channels were reported (before any history). */
const WORLD_TIME = '2025-06-01T08:00:00+08:00';

/** A 32-bit hash of text (FNV-1a): seeds a day's random stream. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const streamOf = (seed: number, ...parts: (string | number)[]) => prng(hash([seed, ...parts].join('/')));
const pickOf = <T>(rand: () => number, list: readonly T[]): T => {
  const item = list[Math.floor(rand() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};
const between = (rand: () => number, lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

/** A China day 'YYYY-MM-DD' → the UTC instant of its 00:00. */
export const chinaDayStart = (day: string): number => Date.parse(`${day}T00:00:00+08:00`);
/** The China day of an instant. */
export const chinaDayOf = (ms: number): string => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);
/** The `n` China days ending with the day of `now` (oldest first). */
export function lastDays(now: Date, n: number): string[] {
  const today = chinaDayStart(chinaDayOf(now.getTime()));
  return Array.from({ length: n }, (_, i) => chinaDayOf(today - (n - 1 - i) * DAY_MS));
}
/** An instant as ISO 8601 in China time (what the platform sends). */
export const chinaIso = (ms: number): string =>
  `${new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
const dayNumber = (day: string) => Math.round(chinaDayStart(day) / DAY_MS);
const compactDay = (day: string) => day.replaceAll('-', '');

const BAR_WORDS = [
  '星际',
  '极速',
  '风暴',
  '王者',
  '飞扬',
  '网鱼',
  '天空',
  '蓝海',
  '银河',
  '超越',
  '追梦',
  '火焰',
];
const BAR_KINDS = ['网咖', '网吧', '电竞馆', '电竞网咖'];

/** A district (province, city, district codes) inside an agent's area, chosen by `rand`. */
function districtIn(
  regions: Regions,
  area: string,
  rand: () => number,
): [number, number, number, string] | null {
  const codes = area.split('-').map(Number);
  let nodes: readonly RegionNode[] = regions.tree;
  const path: RegionNode[] = [];
  for (let depth = 0; depth < 3; depth++) {
    const code = codes[depth];
    const node: RegionNode | undefined =
      code === undefined
        ? nodes.length > 0
          ? pickOf(rand, nodes)
          : undefined
        : nodes.find((n) => n.id === code);
    if (!node) return null;
    path.push(node);
    nodes = node.children ?? [];
  }
  const [p, c, d] = path;
  return p && c && d ? [p.id, c.id, d.id, d.label] : null;
}

/** The world of a seed: bars for the agents of level 2-5 with an area, a client channel each, web channels. */
export function buildWorld(input: TrafficInput): TrafficWorld {
  const { seed, regions } = input;
  const rand = streamOf(seed, 'world');
  const agents = [...input.agents].sort((a, b) => a.id - b.id);
  const bars: TrafficBar[] = [];
  const channels: TrafficWorld['channels'] = [];
  const events: IngestEvent[] = [];
  const barsPer: Record<number, [number, number]> = { 2: [0, 1], 3: [1, 2], 4: [1, 3], 5: [1, 2] };
  for (const agent of agents) {
    const range = barsPer[agent.level];
    if (!range || agent.areas.length === 0) continue;
    const n = between(rand, range[0], range[1]);
    for (let i = 0; i < n; i++) {
      const place = districtIn(regions, pickOf(rand, agent.areas), rand);
      if (!place) continue;
      const [provinceCode, cityCode, districtCode, label] = place;
      const barUserId = seed * 1_000_000 + 10_000 + bars.length;
      const bar: TrafficBar = {
        barUserId,
        agentId: agent.id,
        name: `${shortName(label)}${pickOf(rand, BAR_WORDS)}${pickOf(rand, BAR_KINDS)}`.slice(0, 100),
        provinceCode,
        cityCode,
        districtCode,
        terminalCount: 40 + 10 * between(rand, 0, 16),
        open: rand() > 0.03,
        channelCode: `s${seed}c${bars.length}`,
      };
      bars.push(bar);
      channels.push({ code: bar.channelCode, barUserId, agentId: agent.id, weight: bar.terminalCount });
      events.push(
        event<'netBar.upserted'>(`s${seed}-bar-${barUserId}`, 'netBar.upserted', WORLD_TIME, {
          barUserId,
          agentId: agent.id,
          name: bar.name,
          address: `${label}${between(rand, 1, 300)}号`,
          provinceCode,
          cityCode,
          districtCode,
          terminalCount: bar.terminalCount,
          status: bar.open ? 'open' : 'closed',
        }),
        event<'channel.upserted'>(`s${seed}-ch-${bar.channelCode}`, 'channel.upserted', WORLD_TIME, {
          code: bar.channelCode,
          kind: 'client',
          name: `${bar.name}客户端`.slice(0, 50),
          agentId: agent.id,
          barUserId,
        }),
      );
    }
    if (agent.level >= 3 && rand() < 0.25) {
      const code = `s${seed}w${agent.id}`;
      channels.push({ code, barUserId: null, agentId: agent.id, weight: 60 });
      events.push(
        event<'channel.upserted'>(`s${seed}-ch-${code}`, 'channel.upserted', WORLD_TIME, {
          code,
          kind: 'web',
          name: `网页推广${agent.id}`,
          agentId: agent.id,
          domain: `a${agent.id}.promo.example.com`,
        }),
      );
    }
  }
  return { seed, bars, channels, gameIds: input.gameIds, events };
}

function event<T extends IngestEvent['type']>(
  id: string,
  type: T,
  occurredAt: string,
  payload: IngestPayload<T>,
): IngestEvent {
  return { id, type, occurredAt, payload };
}

/** Weighted choice by a cumulative table. */
function weighted<T>(items: readonly T[], weightOf: (t: T) => number) {
  const cumulative: number[] = [];
  let total = 0;
  for (const item of items) {
    total += weightOf(item);
    cumulative.push(total);
  }
  return (rand: () => number): T => {
    const x = rand() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) > x) hi = mid;
      else lo = mid + 1;
    }
    return items[lo] as T;
  };
}

export interface TrafficPlayer {
  userId: number;
  /** When it registered (epoch ms). */
  at: number;
  channelCode: string;
  terminalType: number;
  event: IngestEvent;
}

const playerCache = new WeakMap<TrafficWorld, Map<string, TrafficPlayer[]>>();

/** The new players of a day (about a third of the day's orders), each with its registration event. */
export function playersOf(world: TrafficWorld, day: string, ordersPerDay: number): TrafficPlayer[] {
  let cache = playerCache.get(world);
  if (!cache) {
    cache = new Map();
    playerCache.set(world, cache);
  }
  const key = `${day}/${ordersPerDay}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const players = makePlayers(world, day, ordersPerDay);
  if (cache.size > 64) cache.delete(cache.keys().next().value as string);
  cache.set(key, players);
  return players;
}

function makePlayers(world: TrafficWorld, day: string, ordersPerDay: number): TrafficPlayer[] {
  const rand = streamOf(world.seed, 'players', day);
  const channel = weighted(world.channels, (c) => c.weight);
  const n = Math.max(1, Math.round(ordersPerDay * (0.25 + rand() * 0.15)));
  const start = chinaDayStart(day);
  const players: TrafficPlayer[] = [];
  for (let j = 0; j < n; j++) {
    const userId = world.seed * 1_000_000_000 + dayNumber(day) * 10_000 + j;
    const ch = channel(rand);
    const terminalType =
      ch.barUserId === null ? pickOf(rand, [0, 1, 2, 3, 6]) : pickOf(rand, [4, 4, 4, 0, 2]);
    const at = start + Math.floor((8 + rand() * 16) * 60 * 60 * 1000);
    const phone = `1${pickOf(rand, ['3', '5', '7', '8'])}${between(rand, 0, 9)}****${String(between(rand, 0, 9999)).padStart(4, '0')}`;
    players.push({
      userId,
      at,
      channelCode: ch.code,
      terminalType,
      event: event<'player.registered'>(`s${world.seed}-pl-${userId}`, 'player.registered', chinaIso(at), {
        userId,
        phoneMasked: phone,
        channelCode: ch.code,
        terminalType,
      }),
    });
  }
  return players;
}

/** The share of open bars whose devices report their activity (有效设备统计). */
const DEVICE_REPORT_SHARE = 0.3;

/** Prices per hour in fen by game (a few popular games cost more). */
const hourPrice = (gameId: number) => 300 + (gameId % 7) * 100;
/** The hours of a day orders start at (opening hours: busy afternoons and evenings, quiet mornings). */
const HOUR_WEIGHTS = [3, 2, 1, 1, 0, 0, 0, 1, 2, 4, 5, 6, 7, 8, 9, 9, 9, 10, 12, 14, 15, 14, 10, 6];
const hourOfDay = weighted(
  HOUR_WEIGHTS.map((w, h) => ({ h, w })),
  (x) => x.w,
);
const SOURCES = weighted(
  [
    { s: 60, w: 60 },
    { s: 10, w: 15 },
    { s: 30, w: 8 },
    { s: 20, w: 5 },
    { s: 40, w: 5 },
    { s: 50, w: 4 },
    { s: 70, w: 3 },
  ],
  (x) => x.w,
);

export interface DayTraffic {
  /** The events that belong to the day and are delivered with it. */
  events: IngestEvent[];
  /** Status events of the day delivered a day late. */
  late: IngestEvent[];
  /** The players of earlier days whose orders are in this day. */
  returning: { day: string; index: number }[];
  orders: number;
}

/**
 * The day's own traffic: its new players, its orders (35% by today's new players, the rest by
 * players of the previous 30 days) and their status events, device activity. Events that happen
 * after `now` are not there yet: an order still renting stops at 40, a future order is absent.
 */
export function dayTraffic(
  world: TrafficWorld,
  day: string,
  ordersPerDay: number,
  now: Date,
): DayTraffic & { players: TrafficPlayer[] } {
  const rand = streamOf(world.seed, 'orders', day);
  const players = playersOf(world, day, ordersPerDay);
  const start = chinaDayStart(day);
  const nowMs = now.getTime();
  const events: IngestEvent[] = [];
  const late: IngestEvent[] = [];
  const returning: DayTraffic['returning'] = [];
  const weekday = new Date(start + CHINA_OFFSET_MS).getUTCDay();
  const n = Math.round(ordersPerDay * (weekday === 0 || weekday === 6 ? 1.2 : 0.92) * (0.9 + rand() * 0.2));
  const channelByCode = new Map(world.channels.map((c) => [c.code, c]));
  let orders = 0;

  for (const p of players) if (p.at <= nowMs) events.push(p.event);
  const byTime = [...players].sort((a, b) => a.at - b.at);

  for (let j = 0; j < n; j++) {
    const createdAt = start + hourOfDay(rand).h * 3600_000 + Math.floor(rand() * 3600_000);
    // The player: one of today's (registered before the order) or of the previous 30 days.
    let userId: number;
    let channelCode: string;
    let terminalType: number;
    let registered = 0; // today's players registered before the order
    while (registered < byTime.length && (byTime[registered]?.at ?? 0) < createdAt) registered++;
    if (registered > 0 && rand() < 0.35) {
      const p = byTime[Math.floor(rand() * registered)] as TrafficPlayer;
      ({ userId, channelCode, terminalType } = p);
    } else {
      const back = 1 + Math.floor(rand() ** 2 * 30);
      const pastDay = chinaDayOf(start - back * DAY_MS);
      const past = playersOf(world, pastDay, ordersPerDay);
      const index = Math.floor(rand() * past.length);
      const p = past[index] as TrafficPlayer;
      returning.push({ day: pastDay, index });
      ({ userId, channelCode, terminalType } = p);
    }
    const rentRoll = rand();
    const rentType: RentType = rentRoll < 0.72 ? 'hour' : rentRoll < 0.9 ? 'night' : 'day';
    const gameId = pickOf(rand, world.gameIds);
    const hoursRented = rentType === 'hour' ? between(rand, 1, 6) : rentType === 'night' ? 10 : 24;
    const base =
      rentType === 'hour'
        ? hourPrice(gameId) * hoursRented
        : rentType === 'night'
          ? 1500 + 100 * between(rand, 0, 15)
          : 3000 + 100 * between(rand, 0, 30);
    const priceIncreaseFen = rand() < 0.3 ? Math.round(base * 0.1) : 0;
    const amountFen = base + priceIncreaseFen;
    if (createdAt > nowMs) continue;
    orders++;
    const orderNo = `S${world.seed}D${compactDay(day)}N${j}`;
    // A bar retail order is placed in a net bar: a player who registered on the web rents in one.
    if (!channelByCode.get(channelCode)?.barUserId) channelCode = pickOf(rand, world.bars).channelCode;
    const source = SOURCES(rand).s;
    const id = `s${world.seed}-or-${orderNo}`;
    const created: IngestPayload<'order.created'> = {
      orderNo,
      userId,
      gameId,
      goodsId: 100_000 + gameId * 1000 + between(rand, 0, 999),
      channelCode,
      source: source as IngestPayload<'order.created'>['source'],
      terminalType,
      rentType,
      rentMinutes: hoursRented * 60,
      amountFen,
      priceIncreaseFen,
      status: 10,
    };
    // What became of it, as the platform reports it (the settled state with its times).
    const fate = rand();
    const paidAt = createdAt + between(rand, 20, 300) * 1000;
    const rentStartAt = paidAt + between(rand, 1, 10) * 60_000;
    const rentEndAt = rentStartAt + hoursRented * 3600_000;
    const statusEvent = (
      suffix: string,
      at: number,
      payload: Omit<IngestPayload<'order.statusChanged'>, 'orderNo'>,
    ) =>
      event<'order.statusChanged'>(`${id}-${suffix}`, 'order.statusChanged', chinaIso(at), {
        orderNo,
        ...payload,
      });
    const out: IngestEvent[] = [];
    if (fate < 0.07) {
      const at = createdAt + 15 * 60_000;
      if (at <= nowMs) out.push(statusEvent('x', at, { status: 60 }));
    } else if (fate < 0.1 && paidAt <= nowMs) {
      const at = paidAt + between(rand, 1, 9) * 60_000;
      out.push(statusEvent('x', Math.min(at, nowMs), { status: 60, paidAt: chinaIso(paidAt) }));
    } else if (rentEndAt <= nowMs) {
      const partial = fate < 0.13;
      const endAt = partial ? rentStartAt + Math.floor((rentEndAt - rentStartAt) * 0.5) : rentEndAt;
      // Settled before its day is sent: one snapshot, the status reached and its times.
      Object.assign(created, {
        status: partial ? 52 : 50,
        paidAt: chinaIso(paidAt),
        rentStartAt: chinaIso(rentStartAt),
        rentEndAt: chinaIso(endAt),
        completedAt: chinaIso(endAt),
      });
      const disputeAt = endAt + between(rand, 10, 600) * 60_000;
      if (fate > 0.985 && disputeAt <= nowMs) out.push(statusEvent('d', disputeAt, { status: 70 }));
    } else if (rentStartAt <= nowMs) {
      out.push(
        statusEvent('r', rentStartAt, {
          status: 40,
          paidAt: chinaIso(paidAt),
          rentStartAt: chinaIso(rentStartAt),
        }),
      );
    } else if (paidAt <= nowMs) {
      out.push(statusEvent('p', paidAt, { status: 30, paidAt: chinaIso(paidAt) }));
    }
    // A snapshot has an id of its own: the same order sent earlier, still running, had its creation
    // (status 10) under `-c`; sent again once settled, the snapshot moves it on instead of conflicting.
    const snapshot = created.status !== 10;
    events.push(
      event<'order.created'>(`${id}-${snapshot ? 's' : 'c'}`, 'order.created', chinaIso(createdAt), created),
    );
    for (const e of out) {
      if (rand() < 0.02) late.push(e);
      else events.push(e);
    }
  }

  // Devices report their active minutes for the day (once the day is over): about 30% of open
  // bars report 1-2 of their PCs (PC001, PC002), each on a share of days of its own (35-90%),
  // so a month holds devices above and below the valid-device rule (有效设备统计).
  if (start + DAY_MS <= nowMs) {
    const devices = streamOf(world.seed, 'devices', day);
    for (const bar of world.bars) {
      if (!bar.open) continue;
      const trait = streamOf(world.seed, 'device-bar', String(bar.barUserId));
      if (trait() > DEVICE_REPORT_SHARE) continue;
      const reporting = between(trait, 1, Math.min(2, bar.terminalCount));
      for (let d = 1; d <= reporting; d++) {
        const share = 0.35 + trait() * 0.55;
        if (devices() > share) continue;
        const deviceCode = `PC${String(d).padStart(3, '0')}`;
        events.push(
          event<'device.active'>(
            `s${world.seed}-dv-${bar.barUserId}-${deviceCode}-${day}`,
            'device.active',
            chinaIso(start + DAY_MS - 1000),
            {
              barUserId: bar.barUserId,
              deviceCode,
              day,
              activeMinutes: between(devices, 20, 900),
            },
          ),
        );
      }
    }
  }

  // Some deliveries twice.
  const dupes = streamOf(world.seed, 'dupes', day);
  const twice = events.filter(() => dupes() < 0.01);
  return { events: [...events, ...twice], late, returning, orders, players };
}

export interface TrafficDay {
  day: string;
  /** Everything to send for the day, in the order it goes (earlier players first, then the day's). */
  events: IngestEvent[];
  orders: number;
}

/**
 * The run over `days` (oldest first): for each day, the registrations of returning players from
 * before the run (copies of their own day's events: duplicates if that day was sent), the late
 * events of the day before, and the day's own events. The world's events come first, with the
 * first day.
 */
export function* trafficDays(
  world: TrafficWorld,
  days: readonly string[],
  ordersPerDay: number,
  now: Date,
): Generator<TrafficDay> {
  const first = days[0];
  if (first === undefined) return;
  const sentPlayers = new Set<number>();
  let previousLate: IngestEvent[] = dayTraffic(
    world,
    chinaDayOf(chinaDayStart(first) - DAY_MS),
    ordersPerDay,
    now,
  ).late;
  for (const [i, day] of days.entries()) {
    const t = dayTraffic(world, day, ordersPerDay, now);
    const before: IngestEvent[] = i === 0 ? [...world.events] : [];
    for (const r of t.returning) {
      if (r.day >= first) continue;
      const p = playersOf(world, r.day, ordersPerDay)[r.index] as TrafficPlayer;
      if (sentPlayers.has(p.userId)) continue;
      sentPlayers.add(p.userId);
      before.push(p.event);
    }
    yield { day, events: [...before, ...previousLate, ...t.events], orders: t.orders };
    previousLate = t.late;
  }
}

/**
 * The demo world's agents with the ids the demo seed gives them (the hand-written agents in order,
 * then the generated ones level by level): what the simulator signs bars with when it has no
 * database to read. The demo traffic reads the stored agents instead (a test checks both agree).
 */
export function demoTrafficAgents(regions: Regions): TrafficAgent[] {
  const generated = generateDemoAgents(regions);
  const levels = [...new Set(generated.map((a) => a.level))].sort((a, b) => a - b);
  const ordered = [...DEMO_AGENTS, ...levels.flatMap((l) => generated.filter((a) => a.level === l))];
  return ordered.map((a, i) => ({ id: i + 1, level: a.level, areas: a.areas }));
}
