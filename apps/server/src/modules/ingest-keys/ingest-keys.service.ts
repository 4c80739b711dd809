import { randomBytes } from 'node:crypto';
import { Codes, type IngestKeyItem } from '@agent-console/contract';
import type { Config } from '../../config';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { formatChinaTime } from '../../shared/time';
import type { DataCipher } from '../security/data-key';
import type { IngestKeysRepository } from './ingest-keys.repository';

/** A key that may sign requests now: its id and its secret (the HMAC key). */
export interface LiveIngestKey {
  id: string;
  secret: string;
}

/** `ik_` and 16 hex digits: the id a new console key gets. */
const newKeyId = () => `ik_${randomBytes(8).toString('hex')}`;
/** 32 random bytes, base64url (43 characters). */
const newSecret = () => randomBytes(32).toString('base64url');

/**
 * The ingest keys of the rental platform (docs/operations.md#ingest-keys): the environment's
 * (INGEST_KEYS: fixed, their last use kept in memory) and the console's (stored with the secret
 * encrypted by the data key, shown once at creation, revocable).
 */
export function createIngestKeysService(deps: {
  repo: IngestKeysRepository;
  cipher: DataCipher;
  clock: Clock;
  envKeys: Config['ingestKeys'];
}) {
  const { repo, cipher, clock, envKeys } = deps;
  const envLastUsed = new Map<string, Date>();
  const time = (d: Date | null | undefined) => (d ? formatChinaTime(d) : null);

  return {
    async list(): Promise<IngestKeyItem[]> {
      const fromEnv: IngestKeyItem[] = envKeys.map((k) => ({
        id: k.id,
        name: '环境变量 INGEST_KEYS',
        source: 'env',
        createTime: null,
        revokeTime: null,
        lastUsedTime: time(envLastUsed.get(k.id)),
      }));
      const stored = (await repo.all()).map(
        (r): IngestKeyItem => ({
          id: r.id,
          name: r.name,
          source: 'console',
          createTime: time(r.createdAt),
          revokeTime: time(r.revokedAt),
          lastUsedTime: time(r.lastUsedAt),
        }),
      );
      return [...fromEnv, ...stored];
    },

    async create(name: string, createdBy: number): Promise<{ id: string; name: string; secret: string }> {
      let id = newKeyId();
      while (envKeys.some((k) => k.id === id) || (await repo.byId(id))) id = newKeyId();
      const secret = newSecret();
      await repo.insert({
        id,
        name,
        secretEncrypted: cipher.encrypt(secret),
        createdBy,
        createdAt: clock(),
      });
      return { id, name, secret };
    },

    async revoke(id: string): Promise<void> {
      if (envKeys.some((k) => k.id === id))
        throw new AppError(Codes.INVALID_STATE, '环境变量中的密钥不能在此吊销，请修改 INGEST_KEYS 后重启');
      const row = await repo.byId(id);
      if (!row) throw new AppError(Codes.NOT_FOUND, '密钥不存在');
      if (!(await repo.revoke(id, clock()))) throw new AppError(Codes.INVALID_STATE, '密钥已吊销');
    },

    /** The key that may sign requests under this id: null when unknown or revoked. */
    async live(id: string): Promise<LiveIngestKey | null> {
      const env = envKeys.find((k) => k.id === id);
      if (env) return env;
      const row = await repo.byId(id);
      if (!row || row.revokedAt) return null;
      return { id, secret: cipher.decrypt(row.secretEncrypted) };
    },

    /** A request signed with this key was authenticated now. */
    async touch(id: string): Promise<void> {
      if (envKeys.some((k) => k.id === id)) envLastUsed.set(id, clock());
      else await repo.touch(id, clock());
    },
  };
}

export type IngestKeysService = ReturnType<typeof createIngestKeysService>;
