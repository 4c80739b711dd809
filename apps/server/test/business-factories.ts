import type {
  IngestEvent,
  IngestEventType,
  IngestPayload,
  IngestResult,
  RentType,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { beforeEach } from 'vitest';
import { createServices, type Services } from '../src/services';
import type { TestApp } from './build-test-app';
import type { GivenAgent } from './factories';

/**
 * Business test factories: net bars, channels, players, orders (with their status history) and
 * device days, made the way the product gets them, as events of the rental platform through the
 * ingestion service (`services.ingest.ingest`). Each helper builds the event(s), ingests them,
 * checks they applied and answers the stored row's ids and keys, so tests call the API with them.
 * Agents come from `factories(t)`.
 *
 *   const t = useTestApp({ seed: 'empty' });
 *   const given = factories(t);
 *   const biz = business(t);
 *   const [, , province] = await given.chain(2);
 *   const bar = await biz.netBar({ agent: province });
 *   const channel = await biz.channel({ netBar: bar });
 *   const player = await biz.player({ channel });
 *   const order = await biz.order({ player, amountFen: 1500, status: 50 });
 *   await biz.orderStatus(order, 60, new Date('2026-03-02T03:00:00Z'));
 *
 * Defaults: every event happens at the test clock's time (`t.clock.now()`), unless `at`
 * (`createdAt` for orders) says otherwise; keys (bar user ids, codes, user ids, order numbers) are
 * unique per test; net bars are in 广东省 › 深圳市 › 南山区.
 */

/** The key id the factories ingest with. */
export const FACTORY_KEY_ID = 'test-factory';

export interface GivenNetBar {
  id: number;
  barUserId: number;
  name: string;
  agentId: number;
  provinceCode: number;
  cityCode: number;
  districtCode: number;
}
export interface GivenChannel {
  id: number;
  code: string;
  kind: 'client' | 'web';
  name: string;
  agentId: number;
  netBarId: number | null;
  /** The bar user id of its net bar (client channels). */
  barUserId: number | null;
}
export interface GivenPlayer {
  id: number;
  userId: number;
  channelId: number;
  channelCode: string;
  netBarId: number | null;
  registeredAt: Date;
}
export interface GivenOrder {
  id: number;
  orderNo: string;
  playerId: number;
  userId: number;
  channelId: number;
  channelCode: string;
  netBarId: number;
  gameId: number;
  amountFen: number;
  priceIncreaseFen: number;
  /** The status it was created in. */
  status: number;
  createdAt: Date;
}

export interface NetBarSpec {
  agent: Pick<GivenAgent, 'id'>;
  barUserId?: number;
  name?: string;
  address?: string;
  provinceCode?: number;
  cityCode?: number;
  districtCode?: number;
  contactName?: string;
  contactPhone?: string;
  terminalCount?: number;
  status?: 'open' | 'closed';
  at?: Date;
}
export type ChannelSpec = {
  code?: string;
  name?: string;
  domain?: string;
  at?: Date;
} & (
  | { netBar: GivenNetBar; kind?: 'client' | 'web'; agent?: Pick<GivenAgent, 'id'> }
  | { agent: Pick<GivenAgent, 'id'>; kind?: 'web'; netBar?: undefined }
);
export interface PlayerSpec {
  channel: GivenChannel;
  userId?: number;
  phoneMasked?: string;
  terminalType?: number;
  at?: Date;
}
export interface OrderSpec {
  player: GivenPlayer;
  /** Default: the player's channel. */
  channel?: GivenChannel;
  orderNo?: string;
  /** Default: the first game of the catalogue. */
  gameId?: number;
  goodsId?: number;
  source?: IngestPayload<'order.created'>['source'];
  terminalType?: number;
  rentType?: RentType;
  rentMinutes?: number;
  amountFen?: number;
  priceIncreaseFen?: number;
  /** The first status (default 10, pending payment); a backfilled order comes in the status it reached. */
  status?: IngestPayload<'order.created'>['status'];
  createdAt?: Date;
  /** The times a backfilled order carries with its creation. */
  times?: OrderTimes;
}
export interface OrderTimes {
  paidAt?: Date;
  rentStartAt?: Date;
  rentEndAt?: Date;
  completedAt?: Date;
}
export interface DeviceDaySpec {
  netBar: Pick<GivenNetBar, 'id' | 'barUserId'>;
  /** `YYYY-MM-DD` (China time). */
  day: string;
  deviceCode?: string;
  activeMinutes?: number;
  at?: Date;
}

const num = (value: unknown) => Number(value);

export function business(t: TestApp) {
  let services: Services | null = null;
  let serial = 0;
  let catalogue: number[] | null = null;

  // After the test app's reset (registered first): the database is empty again.
  beforeEach(() => {
    catalogue = null;
  });

  const svc = (): Services => {
    services ??= createServices({ db: t.db, config: t.config, clock: t.clock.now });
    return services;
  };
  const next = () => ++serial;
  const when = (at: Date | undefined) => (at ?? t.clock.now()).toISOString();

  async function games(): Promise<number[]> {
    if (!catalogue) {
      await svc().games.ensureCatalogue();
      catalogue = (await svc().games.list()).map((g) => g.id);
    }
    return catalogue;
  }

  /** An event of the platform (not sent): for tests of replays, conflicts and order of arrival. */
  function event<T extends IngestEventType>(
    type: T,
    payload: IngestPayload<T>,
    at?: Date,
    id?: string,
  ): IngestEvent {
    return { id: id ?? `f-${type}-${next()}`, type, occurredAt: when(at), payload };
  }

  /** Ingests events as the platform would send them; answers each event's outcome. */
  async function events(list: readonly unknown[]): Promise<IngestResult[]> {
    return svc().ingest.ingest(FACTORY_KEY_ID, list);
  }

  /** Ingests events that must all be accepted (throws with the outcomes otherwise). */
  async function accepted(list: readonly IngestEvent[]): Promise<void> {
    const results = await events(list);
    const bad = results.filter((r) => r.outcome !== 'accepted');
    if (bad.length > 0) throw new Error(`ingest refused: ${JSON.stringify(bad)}`);
  }

  async function one(query: ReturnType<typeof sql>, what: string) {
    const [row] = await t.rows(query);
    if (!row) throw new Error(`${what} was not applied (pending or rejected)`);
    return row;
  }

  const biz = {
    event,
    events,
    /** The ids of the game catalogue (added on first use), in display order. */
    games,

    async netBar(spec: NetBarSpec): Promise<GivenNetBar> {
      const n = next();
      const payload: IngestPayload<'netBar.upserted'> = {
        barUserId: spec.barUserId ?? 880_000 + n,
        agentId: spec.agent.id,
        name: spec.name ?? `测试网吧${n}`,
        address: spec.address ?? `科技园路${n}号`,
        provinceCode: spec.provinceCode ?? 440000,
        cityCode: spec.cityCode ?? 440300,
        districtCode: spec.districtCode ?? 440305,
        terminalCount: spec.terminalCount ?? 50,
        status: spec.status ?? 'open',
        ...(spec.contactName === undefined ? {} : { contactName: spec.contactName }),
        ...(spec.contactPhone === undefined ? {} : { contactPhone: spec.contactPhone }),
      };
      await accepted([event('netBar.upserted', payload, spec.at)]);
      const row = await one(
        sql`select id, agent_id, name, province_code, city_code, district_code from net_bars where bar_user_id = ${payload.barUserId}`,
        `net bar ${payload.barUserId}`,
      );
      return {
        id: num(row.id),
        barUserId: payload.barUserId,
        name: String(row.name),
        agentId: num(row.agent_id),
        provinceCode: num(row.province_code),
        cityCode: num(row.city_code),
        districtCode: num(row.district_code),
      };
    },

    /** A client channel of a net bar (owner: the bar's agent unless `agent`), or a web channel of an agent. */
    async channel(spec: ChannelSpec): Promise<GivenChannel> {
      const n = next();
      const kind = spec.kind ?? (spec.netBar ? 'client' : 'web');
      const agentId = spec.agent?.id ?? spec.netBar?.agentId;
      if (agentId === undefined) throw new Error('a channel needs a net bar or an agent');
      const payload: IngestPayload<'channel.upserted'> = {
        code: spec.code ?? `ch${n}`,
        kind,
        name: spec.name ?? `测试渠道${n}`,
        agentId,
        ...(spec.netBar ? { barUserId: spec.netBar.barUserId } : {}),
        ...(spec.domain !== undefined
          ? { domain: spec.domain }
          : kind === 'web'
            ? { domain: `promo${n}.example.com` }
            : {}),
      };
      await accepted([event('channel.upserted', payload, spec.at)]);
      const row = await one(
        sql`select id, agent_id, net_bar_id, name from channels where code = ${payload.code}`,
        `channel ${payload.code}`,
      );
      return {
        id: num(row.id),
        code: payload.code,
        kind,
        name: String(row.name),
        agentId: num(row.agent_id),
        netBarId: row.net_bar_id === null ? null : num(row.net_bar_id),
        barUserId: spec.netBar?.barUserId ?? null,
      };
    },

    async player(spec: PlayerSpec): Promise<GivenPlayer> {
      const n = next();
      const payload: IngestPayload<'player.registered'> = {
        userId: spec.userId ?? 7_700_000 + n,
        phoneMasked: spec.phoneMasked ?? `138****${String(n % 10000).padStart(4, '0')}`,
        channelCode: spec.channel.code,
        terminalType: spec.terminalType ?? 4,
      };
      const at = spec.at ?? t.clock.now();
      await accepted([event('player.registered', payload, at)]);
      const row = await one(
        sql`select id, channel_id, net_bar_id from players where platform_user_id = ${payload.userId}`,
        `player ${payload.userId}`,
      );
      return {
        id: num(row.id),
        userId: payload.userId,
        channelId: num(row.channel_id),
        channelCode: spec.channel.code,
        netBarId: row.net_bar_id === null ? null : num(row.net_bar_id),
        registeredAt: at,
      };
    },

    async order(spec: OrderSpec): Promise<GivenOrder> {
      const n = next();
      const channelCode = spec.channel?.code ?? spec.player.channelCode;
      const [firstGame] = await games();
      const gameId = spec.gameId ?? firstGame;
      if (gameId === undefined) throw new Error('no game in the catalogue');
      const createdAt = spec.createdAt ?? t.clock.now();
      const payload: IngestPayload<'order.created'> = {
        orderNo: spec.orderNo ?? `NO${String(n).padStart(8, '0')}`,
        userId: spec.player.userId,
        gameId,
        goodsId: spec.goodsId ?? 5_000_000 + n,
        channelCode,
        source: spec.source ?? 60,
        terminalType: spec.terminalType ?? 4,
        rentType: spec.rentType ?? 'hour',
        rentMinutes: spec.rentMinutes ?? 60,
        amountFen: spec.amountFen ?? 1000,
        priceIncreaseFen: spec.priceIncreaseFen ?? 0,
        status: spec.status ?? 10,
      };
      for (const field of ['paidAt', 'rentStartAt', 'rentEndAt', 'completedAt'] as const) {
        const value = spec.times?.[field];
        if (value) payload[field] = value.toISOString();
      }
      await accepted([event('order.created', payload, createdAt)]);
      const row = await one(
        sql`select id, channel_id, net_bar_id from orders where order_no = ${payload.orderNo}`,
        `order ${payload.orderNo}`,
      );
      return {
        id: num(row.id),
        orderNo: payload.orderNo,
        playerId: spec.player.id,
        userId: spec.player.userId,
        channelId: num(row.channel_id),
        channelCode,
        netBarId: num(row.net_bar_id),
        gameId,
        amountFen: payload.amountFen,
        priceIncreaseFen: payload.priceIncreaseFen,
        status: payload.status,
        createdAt,
      };
    },

    /** The order moved to `status` at `at` (default: now), with the times the platform reports. */
    async orderStatus(
      order: Pick<GivenOrder, 'orderNo'>,
      status: IngestPayload<'order.statusChanged'>['status'],
      at?: Date,
      times: OrderTimes = {},
    ): Promise<void> {
      const payload: IngestPayload<'order.statusChanged'> = { orderNo: order.orderNo, status };
      for (const field of ['paidAt', 'rentStartAt', 'rentEndAt', 'completedAt'] as const) {
        const value = times[field];
        if (value) payload[field] = value.toISOString();
      }
      await accepted([event('order.statusChanged', payload, at)]);
    },

    /** A device of a net bar active on a day. */
    async deviceDay(spec: DeviceDaySpec): Promise<void> {
      const n = next();
      await accepted([
        event(
          'device.active',
          {
            barUserId: spec.netBar.barUserId,
            deviceCode: spec.deviceCode ?? `PC${String(n).padStart(3, '0')}`,
            day: spec.day,
            activeMinutes: spec.activeMinutes ?? 120,
          },
          spec.at,
        ),
      ]);
    },
  };
  return biz;
}

export type Business = ReturnType<typeof business>;
