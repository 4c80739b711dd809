import {
  Codes,
  INGEST_HEADERS,
  INGEST_MAX_BYTES,
  INGEST_MAX_EVENTS,
  INGEST_MAX_SKEW_SECONDS,
  IngestBatch,
  type IngestReply,
  type IngestResult,
  postIngestEvents,
} from '@agent-console/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope';
import { holdsNul, NUL_MESSAGE } from '../../http/request-guards';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { IngestKeysService } from './ingest-keys.service';
import { verifyIngestSignature } from './signature';

/** What the route hands a verified batch to: the ingestion service (modules/ingest). */
export interface IngestSink {
  ingest(keyId: string, events: unknown[]): Promise<IngestResult[]>;
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};

/** A refused signature: HTTP 401, the envelope, nothing read or stored. */
const unauthorized = (message: string) => new AppError(Codes.FORBIDDEN, message, { httpStatus: 401 });
/** A malformed batch: HTTP 400 with the envelope's 1000. */
const malformed = (message: string) => new AppError(Codes.INVALID_PARAMS, message, { httpStatus: 400 });

/** The counts of a reply's outcomes. */
export function summarize(results: IngestResult[]): IngestReply {
  const reply: IngestReply = { results, accepted: 0, duplicate: 0, conflict: 0, rejected: 0 };
  for (const r of results) reply[r.outcome]++;
  return reply;
}

/**
 * `POST /api/ingest/v1/events`, the rental platform's ingestion API (docs/contract.md#ingestion):
 * machine to machine, no session and no origin check. The body is read as bytes (≤ 1 MB, else 413)
 * and the signature checked on those bytes before anything is parsed: an unknown or revoked key, a
 * timestamp more than 300 s off or a wrong signature → 401; then a batch that is not JSON, not
 * `{events: [...]}` or over 1,000 events → 400 (code 1000). Only an authenticated request touches
 * the key's last use; only a well-formed batch reaches ingestion.
 */
export const ingestApiRoutes: FastifyPluginAsync<{
  ingestKeys: IngestKeysService;
  ingest: IngestSink;
  clock: Clock;
}> = async (app, { ingestKeys, ingest, clock }) => {
  // This plugin's context only: the JSON body stays raw bytes for the signature.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: INGEST_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.post(postIngestEvents.path, { bodyLimit: INGEST_MAX_BYTES }, async (req) => {
    const keyId = header(req, INGEST_HEADERS.keyId);
    const timestamp = header(req, INGEST_HEADERS.timestamp);
    const signature = header(req, INGEST_HEADERS.signature);
    if (!keyId || !timestamp || !signature) throw unauthorized('缺少接入密钥、时间戳或签名');
    const key = await ingestKeys.live(keyId);
    if (!key) throw unauthorized('接入密钥无效或已吊销');
    const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
    const skew = Math.abs(clock().getTime() / 1000 - seconds);
    if (!(skew <= INGEST_MAX_SKEW_SECONDS)) throw unauthorized('请求时间戳与服务器时间相差超过5分钟');
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!verifyIngestSignature(key.secret, timestamp, raw, signature)) throw unauthorized('签名错误');
    await ingestKeys.touch(key.id);

    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      throw malformed('请求内容不是有效的 JSON');
    }
    if (holdsNul(parsed)) throw malformed(NUL_MESSAGE);
    const batch = IngestBatch.safeParse(parsed);
    if (!batch.success) {
      const events = (parsed as { events?: unknown } | null)?.events;
      throw malformed(
        Array.isArray(events) && events.length > INGEST_MAX_EVENTS
          ? `每批最多${INGEST_MAX_EVENTS}个事件`
          : '请求内容应为 {"events": [...]}，且至少包含一个事件',
      );
    }
    return ok(summarize(await ingest.ingest(key.id, batch.data.events)));
  });
};
