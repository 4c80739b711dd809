import type { Clock } from '../../shared/clock';
import { type DataCipher, DataKeyError } from './data-key';
import type { DataKeyCheckRepository } from './data-key-check.repository';

const CHECK_TEXT = 'agent-console/data-key-check/v1';

/**
 * At start: the data key must be the one the database was written with. The first start with a
 * database records an HMAC of a fixed text under the key (after checking that a value already
 * sealed in the database, if any, opens with it); later starts compare with it.
 */
export function createDataKeyCheck(deps: {
  repo: DataKeyCheckRepository;
  cipher: DataCipher;
  clock: Clock;
  /** Where the key comes from, for the message (`DATA_KEY` or the key file's path). */
  keySource: string;
}) {
  const { repo, cipher, clock, keySource } = deps;
  const mismatch = () =>
    new DataKeyError(
      `数据密钥与数据库不匹配（${keySource}）：请从备份恢复该数据库的密钥后再启动 / ` +
        `The data key (${keySource}) is not the key this database was written with: restore the ` +
        'key backed up with this database (DATA_KEY_FILE or DATA_KEY), then start again',
    );
  return {
    async verify(): Promise<void> {
      const mac = cipher.mac('key-check', CHECK_TEXT);
      if ((await repo.stored()) === null) {
        const sample = await repo.sampleSealed();
        if (sample !== null) {
          try {
            cipher.decrypt(sample);
          } catch {
            throw mismatch();
          }
        }
        await repo.store(mac, clock());
      }
      if ((await repo.stored()) !== mac) throw mismatch();
    },
  };
}

export type DataKeyCheck = ReturnType<typeof createDataKeyCheck>;
