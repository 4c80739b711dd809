import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Config } from '../../config';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Marks the format of an encrypted value, so a later key rotation can tell versions apart. */
const PREFIX = 'v1:';

/** Reads DATA_KEY, or the key file; creates the file (mode 600) the first time. */
export function loadDataKey(source: Config['dataKey']): Buffer {
  if ('base64' in source) return Buffer.from(source.base64, 'base64');
  if (!existsSync(source.file)) {
    mkdirSync(dirname(source.file), { recursive: true, mode: 0o700 });
    try {
      // 'wx': never overwrite a key another process wrote meanwhile.
      writeFileSync(source.file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, {
        mode: 0o600,
        flag: 'wx',
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  chmodSync(source.file, 0o600);
  const key = Buffer.from(readFileSync(source.file, 'utf8').trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${source.file} does not hold a base64 key of 32 bytes`);
  return key;
}

/**
 * The secrets kept outside the database, all derived (HKDF-SHA256) from one data key: AES-256-GCM
 * for identities and withdraw accounts, and HMAC keys for SMS codes and ID-number uniqueness.
 */
export function createDataCipher(dataKey: Buffer) {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), info, KEY_BYTES));
  const aesKey = derive('agent-console/aes-256-gcm');
  const macKeys = new Map<string, Buffer>();
  const macKey = (purpose: string) => {
    let key = macKeys.get(purpose);
    if (!key) {
      key = derive(`agent-console/hmac/${purpose}`);
      macKeys.set(purpose, key);
    }
    return key;
  };

  return {
    /** "v1:" + base64(iv | ciphertext | tag). */
    encrypt(plain: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
    },
    decrypt(stored: string): string {
      if (!stored.startsWith(PREFIX)) throw new Error('unknown encrypted value format');
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
      const iv = raw.subarray(0, IV_BYTES);
      const tag = raw.subarray(raw.length - TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', aesKey, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
    /** HMAC-SHA256 (hex) under a key of its own for each purpose. */
    mac(purpose: string, value: string): string {
      return createHmac('sha256', macKey(purpose)).update(value).digest('hex');
    },
  };
}

export type DataCipher = ReturnType<typeof createDataCipher>;
