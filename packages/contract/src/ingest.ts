import * as z from 'zod/mini';
import { NonNegativeFen } from './money';

/**
 * The rental platform's ingestion API (`POST /api/ingest/v1/events`): what the platform reports
 * (net bars, channels, players, orders and their status changes, device activity) as a batch of
 * events. Records are named by the platform's keys (a bar's `barUserId`, a channel's `code`, a
 * player's `userId`, an order's `orderNo`), agents by their id in this console. Times are ISO 8601
 * instants; amounts integer fen. docs/domain.md#ingestion.
 */

export const INGEST_PATH = '/api/ingest/v1/events';
export const INGEST_MAX_EVENTS = 1000;
export const INGEST_MAX_BYTES = 1024 * 1024;
/** A request whose timestamp is further than this from the server's clock is refused. */
export const INGEST_MAX_SKEW_SECONDS = 300;
export const INGEST_HEADERS = {
  keyId: 'x-ingest-key',
  timestamp: 'x-ingest-timestamp',
  signature: 'x-ingest-signature',
} as const;

const Instant = z.iso.datetime({ offset: true });
const PlatformId = z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER));
const Id = z.int().check(z.minimum(1), z.maximum(2_147_483_647));
const RegionCode = z.int().check(z.minimum(100000), z.maximum(999999));
const Code = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,32}$/));
const Text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));

export const ORDER_STATUS_CODES = [10, 30, 40, 50, 52, 60, 70] as const;
export const ORDER_SOURCE_CODES = [10, 20, 30, 40, 50, 60, 70] as const;
export const RENT_TYPES = ['hour', 'night', 'day'] as const;
export type RentType = (typeof RENT_TYPES)[number];
export const RentTypeLabels: Readonly<Record<RentType, string>> = {
  hour: '时租',
  night: '包夜',
  day: '包天',
};

const Terminal = z.int().check(z.minimum(0), z.maximum(6));
const OrderStatusCode = z.union(ORDER_STATUS_CODES.map((s) => z.literal(s)));

/** A net bar signed by an agent (level 1-5), created or updated. */
export const NetBarUpserted = z.strictObject({
  barUserId: PlatformId,
  agentId: Id,
  name: Text(100),
  address: z.optional(z.string().check(z.maxLength(200))),
  provinceCode: RegionCode,
  cityCode: RegionCode,
  districtCode: RegionCode,
  contactName: z.optional(z.string().check(z.maxLength(20))),
  contactPhone: z.optional(z.string().check(z.regex(/^1\d{10}$/))),
  terminalCount: z.int().check(z.minimum(0), z.maximum(10000)),
  status: z.enum(['open', 'closed']),
});

/** A promotion channel the platform knows of (client: in a net bar; web: a promotion domain). */
export const ChannelUpserted = z.strictObject({
  code: Code,
  kind: z.enum(['client', 'web']),
  name: Text(50),
  agentId: Id,
  /** The net bar of a client channel. */
  barUserId: z.optional(PlatformId),
  domain: z.optional(z.string().check(z.maxLength(253))),
});

/** A player registered through a channel. */
export const PlayerRegistered = z.strictObject({
  userId: PlatformId,
  phoneMasked: z.string().check(z.regex(/^1\d{2}\*{4}\d{4}$/)),
  channelCode: Code,
  terminalType: Terminal,
});

/**
 * An order was created: live, in its first status (usually 10 pending payment); or reported
 * afterwards (a backfill of history), in the status it reached with the times it carries, so one
 * event stands for the whole order.
 */
export const OrderCreated = z.strictObject({
  orderNo: Code,
  userId: PlatformId,
  gameId: Id,
  goodsId: PlatformId,
  channelCode: Code,
  source: z.union(ORDER_SOURCE_CODES.map((s) => z.literal(s))),
  terminalType: Terminal,
  rentType: z.enum(RENT_TYPES),
  rentMinutes: z.int().check(z.minimum(1), z.maximum(44640)),
  amountFen: NonNegativeFen,
  priceIncreaseFen: NonNegativeFen,
  status: OrderStatusCode,
  paidAt: z.optional(Instant),
  rentStartAt: z.optional(Instant),
  rentEndAt: z.optional(Instant),
  completedAt: z.optional(Instant),
});

/** An order moved to a status; the event's `occurredAt` orders status changes. */
export const OrderStatusChanged = z.strictObject({
  orderNo: Code,
  status: OrderStatusCode,
  paidAt: z.optional(Instant),
  rentStartAt: z.optional(Instant),
  rentEndAt: z.optional(Instant),
  completedAt: z.optional(Instant),
});

/** A device (one PC) of a net bar was active on a day (China time). */
export const DeviceActive = z.strictObject({
  barUserId: PlatformId,
  deviceCode: Code,
  day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  activeMinutes: z.int().check(z.minimum(1), z.maximum(1440)),
});

export const INGEST_EVENT_PAYLOADS = {
  'netBar.upserted': NetBarUpserted,
  'channel.upserted': ChannelUpserted,
  'player.registered': PlayerRegistered,
  'order.created': OrderCreated,
  'order.statusChanged': OrderStatusChanged,
  'device.active': DeviceActive,
} as const;
export type IngestEventType = keyof typeof INGEST_EVENT_PAYLOADS;
export const INGEST_EVENT_TYPES = Object.keys(INGEST_EVENT_PAYLOADS) as IngestEventType[];
export type IngestPayload<T extends IngestEventType> = z.output<(typeof INGEST_EVENT_PAYLOADS)[T]>;

/** One event of a batch: its id (the platform's, unique forever) names it for idempotency. */
export const IngestEventEnvelope = z.object({
  id: z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,64}$/)),
  type: z.string(),
  occurredAt: z.string(),
  payload: z.unknown(),
});
export type IngestEvent = { id: string; type: IngestEventType; occurredAt: string; payload: unknown };

export const IngestBatch = z.strictObject({
  events: z.array(z.unknown()).check(z.minLength(1), z.maxLength(INGEST_MAX_EVENTS)),
});

/**
 * What became of each event: applied or kept to apply later (`accepted`), seen before with the
 * same content (`duplicate`), seen before with other content (`conflict`, nothing changed), or
 * refused (`rejected`, with the reason).
 */
export const INGEST_OUTCOMES = ['accepted', 'duplicate', 'conflict', 'rejected'] as const;
export type IngestOutcome = (typeof INGEST_OUTCOMES)[number];
export const IngestResult = z.object({
  id: z.string(),
  outcome: z.enum(INGEST_OUTCOMES),
  reason: z.optional(z.string()),
});
export type IngestResult = z.output<typeof IngestResult>;
