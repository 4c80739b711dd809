import * as z from 'zod/mini';
import { SIGNED_BY_INGEST_KEY } from './access';
import { EmptyRequest, endpoint } from './endpoint';
import { INGEST_PATH, IngestBatch, IngestResult } from './ingest';
import { OPERATOR_ACCESS } from './roles';

// ---- ingest keys (level 0): who may post to the ingestion API (docs/contract.md#ingestion) ----

/** A key id: what the platform sends in `X-Ingest-Key`. */
export const IngestKeyId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,32}$/, '密钥ID格式不正确'));
export const INGEST_KEY_NAME_MAX = 50;

export const IngestKeyItem = z.object({
  id: z.string(),
  name: z.string(),
  /** 'console': created on the 接入密钥 screen; 'env': given in INGEST_KEYS (cannot be revoked here). */
  source: z.enum(['console', 'env']),
  createTime: z.nullable(z.string()),
  revokeTime: z.nullable(z.string()),
  lastUsedTime: z.nullable(z.string()),
});
export type IngestKeyItem = z.infer<typeof IngestKeyItem>;

/** Every key, the environment's first, then the console's newest first. */
export const queryIngestKeys = endpoint({
  path: '/api/ingestKey/list',
  access: OPERATOR_ACCESS,
  request: EmptyRequest,
  object: z.array(IngestKeyItem),
});

/** A new key: its secret is in this reply only (stored encrypted, never shown again). */
export const createIngestKey = endpoint({
  path: '/api/ingestKey/create',
  access: OPERATOR_ACCESS,
  request: z.strictObject({
    name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, '请输入密钥名称'),
        z.maxLength(INGEST_KEY_NAME_MAX, `密钥名称最多${INGEST_KEY_NAME_MAX}个字`),
      ),
  }),
  object: z.object({ id: z.string(), name: z.string(), secret: z.string() }),
});

/** Revokes a console key: requests signed with it are refused from now on. */
export const revokeIngestKey = endpoint({
  path: '/api/ingestKey/revoke',
  access: OPERATOR_ACCESS,
  request: z.strictObject({ id: IngestKeyId }),
  object: z.boolean(),
});

/** The reply of the ingestion API: each event's outcome, in the batch's order, and the counts. */
export const IngestReply = z.object({
  results: z.array(IngestResult),
  accepted: z.int(),
  duplicate: z.int(),
  conflict: z.int(),
  rejected: z.int(),
});
export type IngestReply = z.output<typeof IngestReply>;

/**
 * The ingestion API itself (machine to machine): signed with an ingest key, no session. Mounted by
 * its own route (it reads the raw body to check the signature), declared here so the access walk
 * covers it.
 */
export const postIngestEvents = endpoint({
  path: INGEST_PATH,
  access: SIGNED_BY_INGEST_KEY,
  request: IngestBatch,
  object: IngestReply,
});
