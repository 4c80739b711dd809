import {
  INGEST_EVENT_PAYLOADS,
  IngestEventEnvelope,
  type IngestEventType,
  type IngestPayload,
  type IngestResult,
} from '@agent-console/contract';
import * as z from 'zod/mini';
import type { ChainLink } from '../../db/agent-chain';
import type { Database } from '../../db/client';
import type { Clock } from '../../shared/clock';
import { eventHash } from './canonical';
import {
  type BarRef,
  type Chain,
  type ChannelRef,
  chainOf,
  type DeviceDayWrite,
  type EventWrite,
  type HistoryWrite,
  type IngestRepository,
  type OrderRef,
  type OrderState,
  type OrderStateWrite,
  type PlayerRef,
  type StoredEvent,
} from './ingest.repository';

/**
 * Ingestion of the rental platform's events (docs/domain.md#ingestion): each event validated on
 * its own (an invalid one is rejected with the reason, never blocking the others), a batch
 * applied set-based in one transaction: net bars, channels, players, orders with their status
 * history, device days. Records are named by the platform's keys; a record's agent chain is
 * frozen when it is created. An event that needs a record not yet here waits (`pending`) and is
 * applied in the batch that brings it.
 */

/** Paid and not cancelled: what a player has spent. */
export const SPENDING_STATUSES: ReadonlySet<number> = new Set([30, 40, 50, 52, 70]);

/** Processing order of a batch: what a record needs comes first. */
const TYPE_ORDER: Record<IngestEventType, number> = {
  'netBar.upserted': 0,
  'channel.upserted': 1,
  'player.registered': 2,
  'order.created': 3,
  'order.statusChanged': 4,
  'device.active': 5,
};

const Instant = z.iso.datetime({ offset: true });

interface Valid<T extends IngestEventType = IngestEventType> {
  id: string;
  type: T;
  /** Normalised to ISO 8601 UTC with milliseconds. */
  occurredAt: string;
  payload: IngestPayload<T>;
  hash: string;
}
type AnyValid = { [T in IngestEventType]: Valid<T> }[IngestEventType];

type Outcome =
  | { state: 'applied' }
  | { state: 'pending'; waitsFor: string }
  | { state: 'rejected'; reason: string };

export interface IngestAgents {
  /** The chains of these active agents (level 0 down to the agent). */
  chainsOf(ids: readonly number[]): Promise<Map<number, ChainLink[]>>;
}

export interface IngestServiceDeps {
  db: Database;
  repo: IngestRepository;
  agents: IngestAgents;
  clock: Clock;
  /** Called after a batch commits (the settlement worker's wake): must not throw nor wait. */
  afterCommit?: () => void;
}

const keyOf = {
  netBar: (barUserId: number) => `netBar:${barUserId}`,
  channel: (code: string) => `channel:${code}`,
  player: (userId: number) => `player:${userId}`,
  order: (orderNo: string) => `order:${orderNo}`,
};

/** The keys of the records an event creates or needs: locked for the batch, woken when created. */
function keysOf(e: AnyValid): { creates: string | null; names: string[] } {
  switch (e.type) {
    case 'netBar.upserted':
      return { creates: keyOf.netBar(e.payload.barUserId), names: [] };
    case 'channel.upserted':
      return {
        creates: keyOf.channel(e.payload.code),
        names: e.payload.barUserId === undefined ? [] : [keyOf.netBar(e.payload.barUserId)],
      };
    case 'player.registered':
      return { creates: keyOf.player(e.payload.userId), names: [keyOf.channel(e.payload.channelCode)] };
    case 'order.created':
      return {
        creates: keyOf.order(e.payload.orderNo),
        names: [keyOf.player(e.payload.userId), keyOf.channel(e.payload.channelCode)],
      };
    case 'order.statusChanged':
      return { creates: null, names: [keyOf.order(e.payload.orderNo)] };
    case 'device.active':
      return { creates: null, names: [keyOf.netBar(e.payload.barUserId)] };
  }
}

const issueText = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  issues
    .slice(0, 3)
    .map((i) => `${i.path.length > 0 ? `${i.path.map(String).join('.')}: ` : ''}${i.message}`)
    .join('; ');

/** Validates one event of a batch: the valid event, or the reason it is rejected. */
export function validateEvent(
  raw: unknown,
): { ok: true; event: AnyValid } | { ok: false; id: string; reason: string } {
  const rawId = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined;
  const envelope = IngestEventEnvelope.safeParse(raw);
  if (!envelope.success) {
    return {
      ok: false,
      id: typeof rawId === 'string' ? rawId : '',
      reason: `事件格式错误: ${issueText(envelope.error.issues)}`,
    };
  }
  const { id, type, occurredAt, payload } = envelope.data;
  if (!Object.hasOwn(INGEST_EVENT_PAYLOADS, type))
    return { ok: false, id, reason: `未知的事件类型: ${type}` };
  if (!Instant.safeParse(occurredAt).success) return { ok: false, id, reason: 'occurredAt 不是有效的时间' };
  const eventType = type as IngestEventType;
  const parsed = INGEST_EVENT_PAYLOADS[eventType].safeParse(payload);
  if (!parsed.success) return { ok: false, id, reason: `payload 无效: ${issueText(parsed.error.issues)}` };
  const at = new Date(occurredAt).toISOString();
  const event = {
    id,
    type: eventType,
    occurredAt: at,
    payload: parsed.data,
    hash: eventHash(eventType, at, parsed.data),
  } as AnyValid;
  const reason = businessRuleBroken(event);
  return reason ? { ok: false, id, reason } : { ok: true, event };
}

/** An event as `validateEvent` leaves it: valid (normalised, hashed), or rejected with the reason. */
export type CheckedEvent = ReturnType<typeof validateEvent>;

/** The rules a payload's schema cannot say alone. */
function businessRuleBroken(e: AnyValid): string | null {
  switch (e.type) {
    case 'channel.upserted':
      if (e.payload.kind === 'client' && e.payload.barUserId === undefined)
        return '客户端渠道必须指定网吧 (barUserId)';
      return null;
    case 'order.created':
    case 'order.statusChanged':
      if (e.type === 'order.created' && e.payload.priceIncreaseFen > e.payload.amountFen)
        return '加价金额不能大于订单金额';
      for (const field of ['paidAt', 'rentStartAt', 'rentEndAt', 'completedAt'] as const) {
        const value = e.payload[field];
        if (value !== undefined && Number.isNaN(Date.parse(value))) return `${field} 不是有效的时间`;
      }
      return null;
    case 'device.active': {
      const day = new Date(`${e.payload.day}T00:00:00Z`);
      if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== e.payload.day)
        return 'day 不是有效的日期';
      return null;
    }
    default:
      return null;
  }
}

/** The state with one more status of the history: the newest (latest time, then higher code) is current. */
function withStatus(state: OrderState, status: number, at: string): OrderState {
  const newer = at > state.statusAt || (at === state.statusAt && status > state.status);
  return newer ? { ...state, status, statusAt: at } : state;
}

/** A status change: its status, and the times it reports (earliest payment and start, latest end). */
function withChange(state: OrderState, e: Valid<'order.statusChanged'> | Valid<'order.created'>): OrderState {
  const p = e.payload;
  const next = withStatus(state, p.status, e.occurredAt);
  return {
    ...next,
    paidAt: minIso(next.paidAt, iso(p.paidAt)),
    rentStartAt: minIso(next.rentStartAt, iso(p.rentStartAt)),
    rentEndAt: maxIso(next.rentEndAt, iso(p.rentEndAt)),
    completedAt: maxIso(next.completedAt, iso(p.completedAt)),
  };
}

const sameState = (a: OrderState, b: OrderState) =>
  a.status === b.status &&
  a.statusAt === b.statusAt &&
  a.paidAt === b.paidAt &&
  a.rentStartAt === b.rentStartAt &&
  a.rentEndAt === b.rentEndAt &&
  a.completedAt === b.completedAt;

const iso = (value: string | undefined) => (value === undefined ? null : new Date(value).toISOString());
const minIso = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);
const maxIso = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);
const byTime = (a: AnyValid, b: AnyValid) =>
  a.occurredAt < b.occurredAt ? -1 : a.occurredAt > b.occurredAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

function groupBy<T, K>(list: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of list) {
    const k = key(item);
    const group = out.get(k);
    if (group) group.push(item);
    else out.set(k, [item]);
  }
  return out;
}

const ofType = <T extends IngestEventType>(list: readonly AnyValid[], type: T) =>
  list.filter((e): e is Extract<AnyValid, { type: T }> => e.type === type).sort(byTime);

export function createIngestService({ db, repo, agents, clock, afterCommit }: IngestServiceDeps) {
  /**
   * Applies valid events (new ones and woken pending ones) set-based, one statement per table,
   * and answers what became of each.
   */
  async function apply(list: readonly AnyValid[]): Promise<Map<string, Outcome>> {
    const outcome = new Map<string, Outcome>();
    const wait = (e: AnyValid, key: string) => outcome.set(e.id, { state: 'pending', waitsFor: key });
    const reject = (e: AnyValid, reason: string) => outcome.set(e.id, { state: 'rejected', reason });
    const done = (e: AnyValid) => outcome.set(e.id, { state: 'applied' });

    const barEvents = ofType(list, 'netBar.upserted');
    const channelEvents = ofType(list, 'channel.upserted');
    const playerEvents = ofType(list, 'player.registered');
    const orderEvents = ofType(list, 'order.created');
    const statusEvents = ofType(list, 'order.statusChanged');
    const deviceEvents = ofType(list, 'device.active');

    // What is already here, by the platform's keys.
    const barUserIds = new Set<number>();
    for (const e of barEvents) barUserIds.add(e.payload.barUserId);
    for (const e of channelEvents) if (e.payload.barUserId !== undefined) barUserIds.add(e.payload.barUserId);
    for (const e of deviceEvents) barUserIds.add(e.payload.barUserId);
    const codes = new Set<string>([
      ...channelEvents.map((e) => e.payload.code),
      ...playerEvents.map((e) => e.payload.channelCode),
      ...orderEvents.map((e) => e.payload.channelCode),
    ]);
    const userIds = new Set<number>([
      ...playerEvents.map((e) => e.payload.userId),
      ...orderEvents.map((e) => e.payload.userId),
    ]);
    const orderNos = new Set<string>([
      ...orderEvents.map((e) => e.payload.orderNo),
      ...statusEvents.map((e) => e.payload.orderNo),
    ]);
    const bars = new Map<number, BarRef>(
      (await repo.barsByUserIds([...barUserIds])).map((b) => [b.barUserId, b]),
    );
    const channels = new Map<string, ChannelRef>(
      (await repo.channelsByCodes([...codes])).map((c) => [c.code, c]),
    );
    const players = new Map<number, PlayerRef>(
      (await repo.playersByUserIds([...userIds])).map((p) => [p.userId, p]),
    );
    const orders = new Map<string, OrderRef>(
      (await repo.ordersByNos([...orderNos])).map((o) => [o.orderNo, o]),
    );
    const newAgents = new Set<number>([
      ...barEvents.filter((e) => !bars.has(e.payload.barUserId)).map((e) => e.payload.agentId),
      ...channelEvents.filter((e) => !channels.has(e.payload.code)).map((e) => e.payload.agentId),
    ]);
    const chains = await agents.chainsOf([...newAgents]);
    const chainOfAgent = (agentId: number, minLevel: number): Chain | null => {
      const links = chains.get(agentId);
      const last = links?.[links.length - 1];
      return links && last && last.agentLevel >= minLevel ? chainOf(links) : null;
    };

    // Net bars, by bar user id: the newest event's fields; a new bar's chain is its signing agent's.
    const barWrites = [];
    for (const [barUserId, group] of groupBy(barEvents, (e) => e.payload.barUserId)) {
      const existing = bars.get(barUserId);
      const valid = [];
      let chain = existing?.chain ?? null;
      for (const e of group) {
        if (existing) {
          valid.push(e);
          continue;
        }
        const own = chainOfAgent(e.payload.agentId, 1);
        if (!own) {
          reject(e, `代理 ${e.payload.agentId} 不存在、已删除或不是 1-5 级代理`);
          continue;
        }
        chain ??= own;
        valid.push(e);
      }
      const first = valid[0];
      const last = valid[valid.length - 1];
      if (!first || !last || !chain) continue;
      for (const e of valid) done(e);
      const p = last.payload;
      barWrites.push({
        barUserId,
        name: p.name,
        address: p.address ?? '',
        provinceCode: p.provinceCode,
        cityCode: p.cityCode,
        districtCode: p.districtCode,
        contactName: p.contactName ?? '',
        contactPhone: p.contactPhone ?? '',
        status: p.status,
        terminalCount: p.terminalCount,
        chain,
        createdAt: first.occurredAt,
        updatedAt: last.occurredAt,
      });
    }
    for (const b of await repo.upsertNetBars(barWrites)) bars.set(b.barUserId, b);

    // Channels, by code: the newest event's fields; a new channel's chain is its owner's.
    const channelWrites = [];
    for (const [code, group] of groupBy(channelEvents, (e) => e.payload.code)) {
      const existing = channels.get(code);
      const valid: { e: (typeof group)[number]; netBarId: number | null }[] = [];
      let chain = existing?.chain ?? null;
      for (const e of group) {
        const barUserId = e.payload.barUserId;
        const bar = barUserId === undefined ? null : bars.get(barUserId);
        if (barUserId !== undefined && !bar) {
          wait(e, keyOf.netBar(barUserId));
          continue;
        }
        if (!existing) {
          const own = chainOfAgent(e.payload.agentId, 0);
          if (!own) {
            reject(e, `代理 ${e.payload.agentId} 不存在或已删除`);
            continue;
          }
          chain ??= own;
        }
        valid.push({ e, netBarId: bar?.id ?? null });
      }
      const first = valid[0];
      const last = valid[valid.length - 1];
      if (!first || !last || !chain) continue;
      for (const v of valid) done(v.e);
      channelWrites.push({
        code,
        kind: last.e.payload.kind,
        name: last.e.payload.name,
        netBarId: last.netBarId,
        domain: last.e.payload.domain ?? null,
        chain,
        createdAt: first.e.occurredAt,
        updatedAt: last.e.occurredAt,
      });
    }
    for (const c of await repo.upsertChannels(channelWrites)) channels.set(c.code, c);

    // Players, by platform user id: the earliest registration; the chain is the channel's.
    const playerWrites = [];
    for (const [userId, group] of groupBy(playerEvents, (e) => e.payload.userId)) {
      const valid = [];
      for (const e of group) {
        const channel = channels.get(e.payload.channelCode);
        if (!channel) wait(e, keyOf.channel(e.payload.channelCode));
        else valid.push({ e, channel });
      }
      const first = valid[0];
      if (!first) continue;
      for (const v of valid) done(v.e);
      playerWrites.push({
        userId,
        phoneMasked: first.e.payload.phoneMasked,
        channelId: first.channel.id,
        terminalType: first.e.payload.terminalType,
        registeredAt: first.e.occurredAt,
      });
    }
    for (const p of await repo.upsertPlayers(playerWrites)) players.set(p.userId, p);

    // Orders, by order number: created once (the earliest event), in the state all their events
    // lead to; every creation and status change is a status of the order's history.
    const ready: {
      e: Extract<AnyValid, { type: 'order.created' }>;
      player: PlayerRef;
      channel: ChannelRef;
      netBarId: number;
    }[] = [];
    if (orderEvents.length > 0) {
      const gameIds = await repo.gameIds();
      for (const e of orderEvents) {
        const p = e.payload;
        const player = players.get(p.userId);
        const channel = channels.get(p.channelCode);
        const netBarId = channel?.netBarId ?? player?.netBarId ?? null;
        if (!player) wait(e, keyOf.player(p.userId));
        else if (!channel) wait(e, keyOf.channel(p.channelCode));
        else if (!gameIds.has(p.gameId)) reject(e, `游戏 ${p.gameId} 不存在`);
        else if (netBarId === null) reject(e, '订单的渠道和用户都不属于任何网吧');
        else ready.push({ e, player, channel, netBarId });
      }
    }
    const creating = groupBy(
      ready.filter((r) => !orders.has(r.e.payload.orderNo)),
      (r) => r.e.payload.orderNo,
    );
    const changes = new Map<string, Extract<AnyValid, { type: 'order.statusChanged' }>[]>();
    for (const e of statusEvents) {
      const no = e.payload.orderNo;
      if (!orders.has(no) && !creating.has(no)) {
        wait(e, keyOf.order(no));
        continue;
      }
      const list = changes.get(no);
      if (list) list.push(e);
      else changes.set(no, [e]);
    }
    const createdBy = groupBy(ready, (r) => r.e.payload.orderNo);
    const stateAfter = (no: string, initial: OrderState): OrderState => {
      let state = initial;
      for (const r of createdBy.get(no) ?? []) state = withChange(state, r.e);
      for (const e of changes.get(no) ?? []) state = withChange(state, e);
      return state;
    };

    const orderWrites = [];
    for (const [orderNo, group] of creating) {
      const first = group[0];
      if (!first) continue;
      const p = first.e.payload;
      orderWrites.push({
        orderNo,
        playerId: first.player.id,
        gameId: p.gameId,
        goodsId: p.goodsId,
        netBarId: first.netBarId,
        channelId: first.channel.id,
        source: p.source,
        terminalType: p.terminalType,
        rentType: p.rentType,
        rentMinutes: p.rentMinutes,
        amountFen: p.amountFen,
        priceIncreaseFen: p.priceIncreaseFen,
        state: stateAfter(orderNo, {
          status: p.status,
          statusAt: first.e.occurredAt,
          paidAt: null,
          rentStartAt: null,
          rentEndAt: null,
          completedAt: null,
        }),
        createdAt: first.e.occurredAt,
      });
    }
    const totals = new Map<number, { playerId: number; orders: number; spentFen: number }>();
    const add = (playerId: number, count: number, fen: number) => {
      const t = totals.get(playerId) ?? { playerId, orders: 0, spentFen: 0 };
      t.orders += count;
      t.spentFen += fen;
      totals.set(playerId, t);
    };
    const spent = (status: number, amountFen: number) => (SPENDING_STATUSES.has(status) ? amountFen : 0);
    // Orders already stored: their state moves on with this batch's events.
    const updates: OrderStateWrite[] = [];
    for (const order of orders.values()) {
      if (!createdBy.has(order.orderNo) && !changes.has(order.orderNo)) continue;
      const after = stateAfter(order.orderNo, order);
      if (sameState(after, order)) continue;
      updates.push({ orderId: order.id, state: after });
      add(order.playerId, 0, spent(after.status, order.amountFen) - spent(order.status, order.amountFen));
    }
    for (const o of await repo.insertOrders(orderWrites)) {
      orders.set(o.orderNo, o);
      add(o.playerId, 1, spent(o.status, o.amountFen));
    }
    await repo.updateOrders(updates);

    const history: HistoryWrite[] = [];
    for (const r of ready) {
      const order = orders.get(r.e.payload.orderNo);
      if (!order) continue;
      done(r.e);
      history.push({
        orderId: order.id,
        status: r.e.payload.status,
        occurredAt: r.e.occurredAt,
        eventId: r.e.id,
      });
    }
    for (const [no, list] of changes) {
      const order = orders.get(no);
      for (const e of list) {
        if (!order) {
          wait(e, keyOf.order(no));
          continue;
        }
        done(e);
        history.push({
          orderId: order.id,
          status: e.payload.status,
          occurredAt: e.occurredAt,
          eventId: e.id,
        });
      }
    }
    await repo.insertHistory(history);
    await repo.addPlayerTotals([...totals.values()]);

    // Device days: the net bar's chain; a day reported twice keeps the longer time.
    const days = new Map<string, DeviceDayWrite>();
    for (const e of deviceEvents) {
      const bar = bars.get(e.payload.barUserId);
      if (!bar) {
        wait(e, keyOf.netBar(e.payload.barUserId));
        continue;
      }
      done(e);
      const key = `${bar.id}|${e.payload.day}|${e.payload.deviceCode}`;
      const prior = days.get(key);
      if (!prior || prior.activeMinutes < e.payload.activeMinutes) {
        days.set(key, {
          netBarId: bar.id,
          deviceCode: e.payload.deviceCode,
          day: e.payload.day,
          activeMinutes: e.payload.activeMinutes,
        });
      }
    }
    await repo.upsertDeviceDays([...days.values()]);
    return outcome;
  }

  const service = {
    /**
     * Ingests a batch of the platform's events (as received: each is validated here) for the key
     * `keyId`, and answers each event's outcome in the batch's order.
     */
    ingest(keyId: string, events: readonly unknown[]): Promise<IngestResult[]> {
      return service.ingestChecked(
        keyId,
        events.map((raw) => validateEvent(raw)),
      );
    },

    /**
     * `ingest` of events that `validateEvent` has checked already: for an in-process caller that
     * validates elsewhere (the demo history validates on a worker thread while this thread writes
     * the batch before). Never for anything that did not come out of `validateEvent` as it is.
     */
    async ingestChecked(keyId: string, events: readonly CheckedEvent[]): Promise<IngestResult[]> {
      const results: IngestResult[] = new Array(events.length);
      const firstOf = new Map<string, AnyValid>();
      const batch: { index: number; event: AnyValid }[] = [];
      events.forEach((checked, index) => {
        if (!checked.ok) {
          results[index] = { id: checked.id, outcome: 'rejected', reason: checked.reason };
          return;
        }
        const prior = firstOf.get(checked.event.id);
        if (prior) {
          results[index] = {
            id: checked.event.id,
            outcome: prior.hash === checked.event.hash ? 'duplicate' : 'conflict',
          };
          return;
        }
        firstOf.set(checked.event.id, checked.event);
        batch.push({ index, event: checked.event });
      });
      if (batch.length === 0) return results;

      const now = clock().toISOString();
      await db.transaction(async () => {
        const keys = new Set<string>();
        for (const { event } of batch) {
          keys.add(`event:${event.id}`);
          const k = keysOf(event);
          if (k.creates) keys.add(k.creates);
          for (const n of k.names) keys.add(n);
        }
        await repo.lockKeys([...keys]);

        const stored = new Map((await repo.eventsByIds(batch.map((b) => b.event.id))).map((s) => [s.id, s]));
        const work: AnyValid[] = [];
        const fresh = new Set<string>();
        for (const { index, event } of batch) {
          const seen = stored.get(event.id);
          // A rejected event changed nothing: its id may come again, corrected.
          if (seen && seen.state !== 'rejected') {
            results[index] = {
              id: event.id,
              outcome: seen.payloadHash === event.hash ? 'duplicate' : 'conflict',
            };
            continue;
          }
          work.push(event);
          fresh.add(event.id);
        }

        // Pending events that the records of this batch (and of the events they wake) let apply.
        const woken: AnyValid[] = [];
        const inWork = new Set(work.map((e) => e.id));
        let frontier = work.map((e) => keysOf(e).creates).filter((k): k is string => k !== null);
        const asked = new Set<string>();
        while (frontier.length > 0) {
          for (const k of frontier) asked.add(k);
          // A pending event sent again in this batch is answered 'duplicate' and still wakes here.
          const found = (await repo.pendingFor(frontier)).filter((s) => !inWork.has(s.id));
          const next: string[] = [];
          const more = new Set<string>();
          for (const s of found) {
            const e = revive(s);
            if (!e || inWork.has(e.id)) continue;
            inWork.add(e.id);
            woken.push(e);
            const k = keysOf(e);
            for (const key of [k.creates, ...k.names]) if (key && !keys.has(key)) more.add(key);
            if (k.creates && !asked.has(k.creates)) next.push(k.creates);
          }
          if (more.size > 0) {
            await repo.lockKeys([...more]);
            for (const key of more) keys.add(key);
          }
          frontier = next;
        }

        const all = [...work, ...woken].sort(
          (a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || byTime(a, b),
        );
        const outcome = await apply(all);

        const writes: EventWrite[] = [];
        for (const e of all) {
          const o = outcome.get(e.id) ?? { state: 'applied' as const };
          writes.push({
            id: e.id,
            type: e.type,
            occurredAt: e.occurredAt,
            payload: e.payload,
            payloadHash: e.hash,
            state: o.state,
            waitsFor: o.state === 'pending' ? o.waitsFor : null,
            reason: o.state === 'rejected' ? o.reason : null,
          });
        }
        await repo.saveEvents(writes, { keyId, receivedAt: now });
        for (const { index, event } of batch) {
          if (!fresh.has(event.id)) continue;
          const o = outcome.get(event.id);
          results[index] =
            o?.state === 'rejected'
              ? { id: event.id, outcome: 'rejected', reason: o.reason }
              : { id: event.id, outcome: 'accepted' };
        }
      });
      afterCommit?.();
      return results;
    },
  };
  return service;
}

/** A stored pending event, valid again (it was when it arrived). */
function revive(s: StoredEvent): AnyValid | null {
  const checked = validateEvent({ id: s.id, type: s.type, occurredAt: s.occurredAt, payload: s.payload });
  return checked.ok ? checked.event : null;
}

export type IngestService = ReturnType<typeof createIngestService>;
